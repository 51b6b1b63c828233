import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { insertEstablishment } from './helpers/declarations';
import { expectError } from './helpers/pricings';
import { june, useRegisterScene } from './helpers/register';

const { t, scene, declarations, api, countStays } = useRegisterScene();

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
