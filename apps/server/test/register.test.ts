import { pricingPayloadSchema } from '@sejour/domain';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { pricings, stays } from '../src/db/schema';
import { useApp } from './fixture';
import {
  createDeclarationScene,
  type DeclarationScene,
  declarationCalls,
  insertEstablishment,
} from './helpers/declarations';
import { pdfPages } from './helpers/pdf-text';
import { expectError, withRows } from './helpers/pricings';
import { TEST_PASSWORD } from './helpers/test-app';

// Mid-November 2026: the summer months are past, so they can be declared.
const t = useApp({ at: '2026-11-15T10:00:00Z' });
let scene: DeclarationScene;
const declarations = declarationCalls(() => t);

beforeAll(async () => {
  scene = await createDeclarationScene(t);
});

const june = { arrival: '2026-06-10', departure: '2026-06-13', persons: 2, price: 30_000 };

const api = {
  create: (token: string, establishmentId: number, payload: object) =>
    t.call({ method: 'POST', url: `/api/establishments/${establishmentId}/stays`, payload, token }),
  update: (token: string, id: number, payload: object) =>
    t.call({ method: 'PUT', url: `/api/stays/${id}`, payload, token }),
  remove: (token: string, id: number) => t.call({ method: 'DELETE', url: `/api/stays/${id}`, token }),
  list: (token: string, establishmentId: number, query: string) =>
    t.call({ method: 'GET', url: `/api/establishments/${establishmentId}/stays?${query}`, token }),
  import: (token: string, establishmentId: number, payload: object) =>
    t.call({ method: 'POST', url: `/api/establishments/${establishmentId}/stays/import`, payload, token }),
  month: (token: string, establishmentId: number, year: number, month: number) =>
    t.call({
      method: 'GET',
      url: `/api/establishments/${establishmentId}/register?year=${year}&month=${month}`,
      token,
    }),
};

async function countStays(establishmentId: number): Promise<number> {
  return (await t.database.db.select().from(stays).where(eq(stays.establishmentId, establishmentId))).length;
}

describe('stays of the register', () => {
  it('adds, lists by month, changes and deletes a stay', async () => {
    const hotel = await insertEstablishment(t, scene.ids.hostA);
    const created = await api.create(scene.tokens.hostA, hotel.id, { ...june, reference: 'Résa 12' });
    expect(created.statusCode, created.body).toBe(201);
    const stay = created.json().data;
    expect(stay).toMatchObject({
      ...june,
      nights: 3,
      exempted: 0,
      platform: false,
      reference: 'Résa 12',
      locked: false,
    });

    const inJune = await api.list(scene.tokens.hostA, hotel.id, 'year=2026&month=6');
    expect(inJune.json().data.map((s: { id: number }) => s.id)).toEqual([stay.id]);
    expect((await api.list(scene.tokens.hostA, hotel.id, 'year=2026&month=7')).json().data).toEqual([]);
    expect((await api.list(scene.tokens.hostA, hotel.id, 'year=2026')).json().data).toHaveLength(1);

    const changed = await api.update(scene.tokens.hostA, stay.id, {
      ...june,
      persons: 3,
      exempted: 1,
      exemptionReason: 'MINOR',
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().data).toMatchObject({ persons: 3, exempted: 1, exemptionReason: 'MINOR' });

    expect((await api.remove(scene.tokens.hostA, stay.id)).statusCode).toBe(200);
    expect(await countStays(hotel.id)).toBe(0);
  });

  it('answers another host’s establishment and stay exactly like missing ones', async () => {
    const theirs = await insertEstablishment(t, scene.ids.hostB);
    const stay = (await api.create(scene.tokens.hostB, theirs.id, june)).json().data;
    expectError(await api.create(scene.tokens.hostA, theirs.id, june), 404, 'not_found');
    expectError(await api.update(scene.tokens.hostA, stay.id, june), 404, 'not_found');
    expectError(await api.remove(scene.tokens.hostA, stay.id), 404, 'not_found');
    expectError(await api.list(scene.tokens.hostA, theirs.id, 'year=2026'), 404, 'not_found');
    expectError(await api.month(scene.tokens.hostA, theirs.id, 2026, 6), 404, 'not_found');
    const missing = await api.update(scene.tokens.hostA, 987_654, june);
    expect(missing.json()).toEqual((await api.update(scene.tokens.hostA, stay.id, june)).json());
    expect(await countStays(theirs.id)).toBe(1);
    // Admins reach every register.
    expect((await api.list(scene.tokens.admin, theirs.id, 'year=2026')).json().data).toHaveLength(1);
  });

  it('refuses an impossible stay with French field errors', async () => {
    const hotel = await insertEstablishment(t, scene.ids.hostA);
    const body = expectError(
      await api.create(scene.tokens.hostA, hotel.id, { ...june, departure: '2026-06-10', exempted: 1 }),
      400,
      'validation_error',
    );
    expect(body.errors).toEqual({
      departure: 'La date de départ doit être postérieure à la date d’arrivée.',
      exemptionReason: 'Indiquez le motif d’exonération.',
    });
    expect(await countStays(hotel.id)).toBe(0);
  });
});

describe('a month marked done freezes its stays', () => {
  it('refuses to add, change, move into or delete a stay with a night in a done month', async () => {
    const hotel = await insertEstablishment(t, scene.ids.hostA);
    const inMay = (
      await api.create(scene.tokens.hostA, hotel.id, {
        ...june,
        arrival: '2026-05-02',
        departure: '2026-05-04',
      })
    ).json().data;
    const acrossMonths = (
      await api.create(scene.tokens.hostA, hotel.id, {
        ...june,
        arrival: '2026-05-30',
        departure: '2026-06-02',
      })
    ).json().data;
    const declaration = await declarations.create(scene.tokens.hostA, {
      establishmentId: hotel.id,
      year: 2026,
      month: 5,
      personCount: 4,
      nightsCount: 8,
      exemptedCount: 0,
    });
    expect((await declarations.done(scene.tokens.hostA, declaration.json().data.id)).statusCode).toBe(200);

    const locked = expectError(await api.update(scene.tokens.hostA, inMay.id, june), 409, 'stay_locked');
    expect(locked.message).toBe(
      'Le mois de mai 2026 est déclaré et terminé : ses séjours ne peuvent plus être modifiés.',
    );
    expectError(await api.update(scene.tokens.hostA, acrossMonths.id, june), 409, 'stay_locked');
    expectError(await api.remove(scene.tokens.hostA, inMay.id), 409, 'stay_locked');
    expectError(
      await api.create(scene.tokens.hostA, hotel.id, { ...june, arrival: '2026-05-31' }),
      409,
      'stay_locked',
    );
    // Even an admin: the month is reopened first.
    expectError(await api.remove(scene.tokens.admin, inMay.id), 409, 'stay_locked');
    const listed = (await api.list(scene.tokens.hostA, hotel.id, 'year=2026')).json().data;
    expect(listed.map((s: { locked: boolean }) => s.locked)).toEqual([true, true]);
    // June is open: a stay there is free.
    expect((await api.create(scene.tokens.hostA, hotel.id, june)).statusCode).toBe(201);

    expect((await declarations.reopen(scene.tokens.admin, declaration.json().data.id)).statusCode).toBe(200);
    expect((await api.remove(scene.tokens.hostA, inMay.id)).statusCode).toBe(200);
  });
});

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

describe('stays a year of the register may hold', () => {
  /** Fills a year directly: the bound is what is under test, not the import's speed. */
  async function fill(establishmentId: number, userId: number, year: number, count: number) {
    await t.database.db.execute(sql`
      insert into stays (establishment_id, user_id, arrival, departure, persons, price)
      select ${establishmentId}, ${userId}, ${`${year}-01-01`}::date + (i % 360), ${`${year}-01-01`}::date + (i % 360) + 1, 1, 1000
      from generate_series(1, ${count}) as i`);
  }
  const stayIn = (year: number) => ({
    arrival: `${year}-03-10`,
    departure: `${year}-03-11`,
    persons: 1,
    price: 5_000,
  });

  it('refuses a stay, an import or a move beyond places × nights of the year, with a French message', async () => {
    // One place: 365 stays arriving in 2025 at most.
    const room = await insertEstablishment(t, scene.ids.hostA, { capacityMaxPerson: 1 });
    await fill(room.id, scene.ids.hostA, 2025, 364);
    expect((await api.create(scene.tokens.hostA, room.id, stayIn(2025))).statusCode).toBe(201);

    const beyond = expectError(
      await api.create(scene.tokens.hostA, room.id, stayIn(2025)),
      409,
      'stays_limit_reached',
    );
    expect(beyond.message).toBe(
      'Le registre compte au plus 365 séjours arrivés en 2025 (1 personnes × 365 nuits) : il en a déjà 365, 1 de ' +
        'plus dépasseraient la limite. Vérifiez que le fichier n’a pas déjà été importé, ou faites corriger la ' +
        'capacité de l’établissement.',
    );

    // An import is refused whole, dry run included, and writes nothing — not even its lines of another year.
    const file = { stays: [stayIn(2026), stayIn(2025)] };
    expectError(
      await api.import(scene.tokens.hostA, room.id, { ...file, dryRun: true }),
      409,
      'stays_limit_reached',
    );
    expectError(await api.import(scene.tokens.hostA, room.id, file), 409, 'stays_limit_reached');
    expect(await countStays(room.id)).toBe(365);

    // Another year has its own bound; moving a stay into the full year is refused, within its year allowed.
    const imported = await api.import(scene.tokens.hostA, room.id, { stays: [stayIn(2026)] });
    expect(imported.statusCode, imported.body).toBe(200);
    const [next] = (await api.list(scene.tokens.hostA, room.id, 'year=2026')).json().data as { id: number }[];
    expectError(await api.update(scene.tokens.hostA, next!.id, stayIn(2025)), 409, 'stays_limit_reached');
    expect((await api.update(scene.tokens.hostA, next!.id, { ...stayIn(2026), persons: 1 })).statusCode).toBe(
      200,
    );
  });
});

describe('a month computed from the register', () => {
  it('gives a 3★ hotel’s June from its stays, platform stays apart, and the declaration charges exactly that', async () => {
    const hotel = await insertEstablishment(t, scene.ids.hostA, { type: 'HOTEL_3' });
    await api.import(scene.tokens.hostA, hotel.id, {
      stays: [
        { ...june, persons: 2 },
        {
          arrival: '2026-06-29',
          departure: '2026-07-03',
          persons: 3,
          exempted: 1,
          exemptionReason: 'MINOR',
          price: 40_000,
        },
        { arrival: '2026-06-01', departure: '2026-06-05', persons: 2, price: 50_000, platform: true },
        { arrival: '2026-05-01', departure: '2026-05-03', persons: 4, price: 10_000 },
      ],
    });
    const response = await api.month(scene.tokens.hostA, hotel.id, 2026, 6);
    expect(response.statusCode, response.body).toBe(200);
    const month = response.json().data;
    expect(month.figures).toMatchObject({
      personCount: 5,
      nightsCount: 2 * 3 + 3 * 2,
      exemptedCount: 2,
      platformNightsCount: 8,
    });
    expect(month.stays.map((s: { monthNights: number }) => s.monthNights)).toEqual([4, 3, 2]);
    expect(month.locked).toBe(false);

    const declared = await declarations.create(scene.tokens.hostA, {
      establishmentId: hotel.id,
      year: 2026,
      month: 6,
      ...month.figures,
    });
    expect(declared.statusCode, declared.body).toBe(201);
    // 10 taxable person-nights at 1,50 € + 10 %.
    expect(declared.json().data).toMatchObject({ taxableNights: 10, totalAmount: 10 * 165 });
  });

  it('splits an unclassified let’s nights into bands by their price per night', async () => {
    const gite = await insertEstablishment(t, scene.ids.hostA, { type: 'NONE' });
    await api.import(scene.tokens.hostA, gite.id, {
      stays: [
        {
          arrival: '2026-06-01',
          departure: '2026-06-08',
          persons: 4,
          exempted: 2,
          exemptionReason: 'MINOR',
          price: 70_000,
        },
        { arrival: '2026-06-10', departure: '2026-06-12', persons: 2, price: 19_998 },
      ],
    });
    const month = (await api.month(scene.tokens.hostA, gite.id, 2026, 6)).json().data;
    expect(month.threshold).toBe(10_000);
    expect(month.figures).toMatchObject({
      nightsCountSup: 28,
      nightsCountSupMin: 14,
      prixSup: 70_000,
      prixSupMin: 35_000,
      nightsCountInf: 4,
      prixInf: 19_998,
    });
  });
});

describe('exports', () => {
  it('gives the month as CSV with French columns and decimal commas, and as a PDF', async () => {
    const hotel = await insertEstablishment(t, scene.ids.hostA, { type: 'HOTEL_3', name: 'Hôtel du Lac' });
    await api.create(scene.tokens.hostA, hotel.id, { ...june, price: 123_456, reference: '=cmd' });
    const csv = await t.call({
      method: 'GET',
      url: `/api/establishments/${hotel.id}/stays/export.csv?year=2026&month=6`,
      token: scene.tokens.hostA,
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-disposition']).toContain('registre-2026-06.csv');
    const lines = csv.body.replace('\uFEFF', '').trim().split('\r\n');
    expect(lines[0]).toBe(
      'Arrivée;Départ;Nuits;Personnes;Exonérés;Motif d’exonération;Nuitées;Prix HT (€);Plateforme;Taxe due (€);Référence',
    );
    // 6 person-nights at 1,65 €; a formula-looking reference is neutralised.
    expect(lines[1]).toBe("10/06/2026;13/06/2026;3;2;0;;6;1234,56;Non;9,90;'=cmd");

    const pdf = await t.call({
      method: 'GET',
      url: `/api/establishments/${hotel.id}/stays/export.pdf?year=2026&month=6`,
      token: scene.tokens.hostA,
    });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toContain('application/pdf');
    const [page] = await pdfPages(pdf.rawPayload);
    expect(page).toContain('Registre du logeur');
    expect(page).toContain('Hôtel du Lac');
    expect(page).toContain('juin 2026');
    expect(page).toContain('10/06/2026');
  });
  it('charges each night of a stay at the pricing in force that night, as the declaration of its month does', async () => {
    // 2027's table, inserted as stored (legal bounds for 2027 are not shipped): the 3★ tariff at 2,00 €.
    const [next] = await t.database.db
      .insert(pricings)
      .values({
        beginDate: '2027-01-01',
        endDate: '2027-12-31',
        payload: pricingPayloadSchema.parse(
          withRows({ HOTEL_3: { tariff: 200 } }, { beginDate: '2027-01-01', endDate: '2027-12-31' }),
        ),
      })
      .returning();
    // In January 2027, December can be declared.
    const before = t.clock.now().getTime();
    t.clock.advance(Date.parse('2027-01-10T10:00:00Z') - before);
    try {
      const host = await t.createUser({ role: 'host' });
      const token = await t.login(host.username, TEST_PASSWORD);
      const hotel = await insertEstablishment(t, host.id, { type: 'HOTEL_3' });
      // Two December nights and one January night, two persons.
      await api.create(token, hotel.id, {
        arrival: '2026-12-30',
        departure: '2027-01-02',
        persons: 2,
        price: 45_000,
      });
      const csv = await t.call({
        method: 'GET',
        url: `/api/establishments/${hotel.id}/stays/export.csv?year=2026&month=12`,
        token: token,
      });
      const [, line] = csv.body.replace('\uFEFF', '').trim().split('\r\n');
      // 4 person-nights at 1,65 € and 2 at 2,20 €, not 6 at the arrival's 1,65 €.
      expect(line).toBe('30/12/2026;02/01/2027;3;2;0;;6;450,00;Non;11,00;');

      const december = (await api.month(token, hotel.id, 2026, 12)).json().data;
      const declared = await declarations.create(token, {
        establishmentId: hotel.id,
        year: 2026,
        month: 12,
        ...december.figures,
      });
      expect(declared.statusCode, declared.body).toBe(201);
      expect(declared.json().data.totalAmount).toBe(4 * 165);
    } finally {
      t.clock.advance(before - t.clock.now().getTime());
      await t.database.db.delete(pricings).where(eq(pricings.id, next!.id));
    }
  });
});
