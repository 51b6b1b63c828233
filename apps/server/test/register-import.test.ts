import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { stays } from '../src/db/schema';
import { insertEstablishment } from './helpers/declarations';
import { expectError } from './helpers/pricings';
import { june, useRegisterScene } from './helpers/register';

const { t, scene, declarations, api, countStays } = useRegisterScene();

describe('importing stays', () => {
  const stay = (day: number) => ({
    ...june,
    arrival: `2026-07-${String(day).padStart(2, '0')}`,
    departure: `2026-07-${String(day + 2).padStart(2, '0')}`,
  });

  it('writes every stay in one go and names the months it changes', async () => {
    const hotel = await insertEstablishment(t, scene.ids.hostA);
    const response = await api.import(scene.tokens.hostA, hotel.id, {
      stays: [stay(1), stay(5), { ...june, arrival: '2026-07-30', departure: '2026-08-02' }],
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toEqual({
      created: 3,
      months: [
        { year: 2026, month: 7 },
        { year: 2026, month: 8 },
      ],
      accepted: 3,
      skipped: [],
      existing: 0,
    });
    expect(await countStays(hotel.id)).toBe(3);
    // The same file again: the dry run says the register already holds stays on those months.
    const again = await api.import(scene.tokens.hostA, hotel.id, { stays: [stay(1)], dryRun: true });
    expect(again.json().data).toMatchObject({ created: 0, existing: 3 });
  });

  it('writes nothing on a dry run', async () => {
    const hotel = await insertEstablishment(t, scene.ids.hostA);
    const response = await api.import(scene.tokens.hostA, hotel.id, { stays: [stay(1)], dryRun: true });
    expect(response.json().data).toEqual({
      created: 0,
      accepted: 1,
      skipped: [],
      months: [{ year: 2026, month: 7 }],
      existing: 0,
    });
    expect(await countStays(hotel.id)).toBe(0);
  });

  it('refuses the whole file for one line the schema refuses: nothing is written', async () => {
    const hotel = await insertEstablishment(t, scene.ids.hostA);
    const invalid = await api.import(scene.tokens.hostA, hotel.id, {
      stays: [stay(1), { ...stay(3), persons: 0 }, stay(7)],
    });
    const body = expectError(invalid, 400, 'validation_error');
    expect(body.errors).toEqual({ 'stays.1.persons': 'Un séjour compte au moins une personne.' });
    expect(await countStays(hotel.id)).toBe(0);
  });

  it('leaves out, by the file’s line numbers, the stays of a done month and writes the others', async () => {
    const hotel = await insertEstablishment(t, scene.ids.hostA);
    const declaration = await declarations.create(scene.tokens.hostA, {
      establishmentId: hotel.id,
      year: 2026,
      month: 8,
      personCount: 0,
      nightsCount: 0,
      exemptedCount: 0,
    });
    await declarations.done(scene.tokens.hostA, declaration.json().data.id);
    const file = {
      stays: [stay(1), { ...june, arrival: '2026-07-31', departure: '2026-08-02' }, stay(10)],
      lines: [2, 3, 5],
    };
    const skipped = [
      {
        line: 3,
        message: 'Le mois d’août 2026 est déclaré et terminé : ses séjours ne peuvent plus être modifiés.',
      },
    ];
    // The dry run says it before anything is written.
    const dry = await api.import(scene.tokens.hostA, hotel.id, { ...file, dryRun: true });
    expect(dry.statusCode, dry.body).toBe(200);
    expect(dry.json().data).toEqual({
      created: 0,
      accepted: 2,
      skipped,
      months: [{ year: 2026, month: 7 }],
      existing: 0,
    });
    expect(await countStays(hotel.id)).toBe(0);

    const response = await api.import(scene.tokens.hostA, hotel.id, file);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toMatchObject({ created: 2, accepted: 2, skipped });
    const written = await t.database.db.select().from(stays).where(eq(stays.establishmentId, hotel.id));
    expect(written.map((s) => s.arrival).sort()).toEqual(['2026-07-01', '2026-07-10']);

    // Every stay in the done month: nothing to write, each line reported.
    const none = await api.import(scene.tokens.hostA, hotel.id, {
      stays: [{ ...june, arrival: '2026-08-03', departure: '2026-08-05' }],
    });
    expect(none.json().data).toMatchObject({ created: 0, accepted: 0, skipped: [{ line: 1 }] });
    expect(await countStays(hotel.id)).toBe(2);
  });

  it('writes an import larger than one insert batch whole', async () => {
    const hotel = await insertEstablishment(t, scene.ids.hostA);
    const many = Array.from({ length: 1_001 }, (_, i) => stay(1 + (i % 20)));
    const ok = await api.import(scene.tokens.hostA, hotel.id, { stays: many });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(await countStays(hotel.id)).toBe(1_001);
  });

  it('keeps nothing of the first batches when the database refuses a later one', async () => {
    const hotel = await insertEstablishment(t, scene.ids.hostA);
    // The database itself fails on the last stay, after a whole batch has been written in the transaction.
    await t.database.db.execute(sql`
      CREATE FUNCTION refuse_boom() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF NEW.reference = 'boom' THEN RAISE EXCEPTION 'refused'; END IF;
        RETURN NEW;
      END $$`);
    await t.database.db.execute(
      sql`CREATE TRIGGER stays_refuse_boom BEFORE INSERT ON stays FOR EACH ROW EXECUTE FUNCTION refuse_boom()`,
    );
    try {
      const many = [
        ...Array.from({ length: 1_000 }, (_, i) => stay(1 + (i % 20))),
        { ...stay(2), reference: 'boom' },
      ];
      expectError(await api.import(scene.tokens.hostA, hotel.id, { stays: many }), 500, 'internal_error');
      expect(await countStays(hotel.id)).toBe(0);
    } finally {
      await t.database.db.execute(sql`DROP TRIGGER stays_refuse_boom ON stays`);
      await t.database.db.execute(sql`DROP FUNCTION refuse_boom()`);
    }
  });
});
