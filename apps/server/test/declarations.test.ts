import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { declarations, establishments, pricings } from '../src/db/schema';
import { useApp } from './fixture';
import {
  createDeclarationScene,
  type DeclarationScene,
  declarationCalls,
  insertEstablishment,
} from './helpers/declarations';
import { expectError } from './helpers/pricings';

const t = useApp();
let scene: DeclarationScene;
const calls = declarationCalls(() => t);

beforeAll(async () => {
  scene = await createDeclarationScene(t);
});

describe('declaring a month', () => {
  it('computes a 3★ hotel’s month to the cent: 2 adults × 7 nights at 1,50 € and 10 % departmental', async () => {
    const hotel = await insertEstablishment(t, scene.ids.hostA, { type: 'HOTEL_3' });
    const response = await calls.create(scene.tokens.hostA, {
      establishmentId: hotel.id,
      year: 2026,
      month: 2,
      personCount: 2,
      nightsCount: 14,
      exemptedCount: 0,
      platformNightsCount: 30,
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().data).toMatchObject({
      establishmentId: hotel.id,
      year: 2026,
      month: 2,
      done: false,
      type: 'HOTEL_3',
      taxableNights: 14,
      platformNightsCount: 30,
      ccAmount: 2100,
      moselleAmount: 210,
      totalAmount: 2310,
      tariffs: { cc: 150, moselle: 15 },
    });
  });

  it('computes the reference’s unclassified let: 700 € for 7 nights, 4 persons of whom 2 minors → 17,50 €', async () => {
    const let_ = await insertEstablishment(t, scene.ids.hostA, { type: 'NONE', capacityMaxPerson: 6 });
    const response = await calls.create(scene.tokens.hostA, {
      establishmentId: let_.id,
      year: 2026,
      month: 1,
      personCount: 4,
      // 100 € a night is at the threshold: the upper band.
      nightsCountSup: 28,
      nightsCountSupMin: 14,
      prixSup: 70_000,
      prixSupMin: 35_000,
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().data).toMatchObject({
      nightsCount: 28,
      exemptedCount: 14,
      taxableNights: 14,
      ccAmount: 1750,
      moselleAmount: 182,
      totalAmount: 1932,
      tariffs: { inf: { cc: 0, moselle: 0 }, sup: { cc: 125, moselle: 13 } },
    });
  });

  it('allows one declaration per establishment and month, also under 20 concurrent creations', async () => {
    const hotel = await insertEstablishment(t, scene.ids.hostA);
    const body = { establishmentId: hotel.id, year: 2026, month: 1, personCount: 1, nightsCount: 3 };
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => calls.create(scene.tokens.hostA, body)),
    );
    const statuses = answers.map((a) => a.statusCode).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    for (const answer of answers.filter((a) => a.statusCode !== 201))
      expectError(answer, 409, 'declaration_exists');
    const rows = await t.database.db.select().from(declarations);
    expect(rows.filter((r) => r.establishmentId === hotel.id)).toHaveLength(1);
  });

  it('refuses a month to come, and accepts the current one', async () => {
    const hotel = await insertEstablishment(t, scene.ids.hostA);
    // The test clock is 15 March 2026.
    expectError(
      await calls.create(scene.tokens.hostA, { establishmentId: hotel.id, year: 2026, month: 4 }),
      422,
      'month_not_declarable',
    );
    const march = await calls.create(scene.tokens.hostA, { establishmentId: hotel.id, year: 2026, month: 3 });
    expect(march.statusCode, march.body).toBe(201);
  });

  it('refuses an establishment with no type, with a clear message', async () => {
    const untyped = await insertEstablishment(t, scene.ids.hostA, { type: null });
    const body = expectError(
      await calls.create(scene.tokens.hostA, { establishmentId: untyped.id, year: 2026, month: 1 }),
      422,
      'establishment_type_missing',
    );
    expect(body.message).toContain('un administrateur doit le choisir');
  });

  it('names the month when no pricing covers it', async () => {
    const hotel = await insertEstablishment(t, scene.ids.hostA);
    const body = expectError(
      await calls.create(scene.tokens.hostA, { establishmentId: hotel.id, year: 2025, month: 11 }),
      422,
      'no_pricing_for_period',
    );
    expect(body.message).toContain('novembre 2025');
  });

  it('names the month when an edit finds no pricing covering it, and changes nothing', async () => {
    const hotel = await insertEstablishment(t, scene.ids.hostA);
    // A draft whose month lost its pricing (a deleted pricing detaches the open declarations it computed).
    const [draft] = await t.database.db
      .insert(declarations)
      .values({ establishmentId: hotel.id, userId: scene.ids.hostA, year: 2025, month: 10, nightsCount: 3 })
      .returning();
    const body = expectError(
      await calls.update(scene.tokens.hostA, draft!.id, { nightsCount: 4 }),
      422,
      'no_pricing_for_period',
    );
    expect(body.message).toContain('octobre 2025');
    const [row] = await t.database.db.select().from(declarations).where(eq(declarations.id, draft!.id));
    expect(row).toEqual(draft);
  });

  it('refuses person-nights above capacity × days and exempted above declared, on their fields', async () => {
    const small = await insertEstablishment(t, scene.ids.hostA, { capacityMaxPerson: 2 });
    const tooMany = expectError(
      await calls.create(scene.tokens.hostA, {
        establishmentId: small.id,
        year: 2026,
        month: 2,
        nightsCount: 57,
      }),
      400,
      'validation_error',
    );
    expect(tooMany.errors?.nightsCount).toBe(
      'Au plus 56 nuitées en février : la capacité de l’établissement est de 2 personnes × 28 nuits.',
    );
    const exempted = expectError(
      await calls.create(scene.tokens.hostA, {
        establishmentId: small.id,
        year: 2026,
        month: 2,
        nightsCount: 5,
        exemptedCount: 6,
      }),
      400,
      'validation_error',
    );
    expect(exempted.errors?.exemptedCount).toBe('Veuillez sélectionner une valeur inférieure ou égale à 5.');
    const rows = await t.database.db.select().from(declarations);
    expect(rows.some((r) => r.establishmentId === small.id)).toBe(false);
  });

  it('declares “nothing to declare” at zero, done at once', async () => {
    const hotel = await insertEstablishment(t, scene.ids.hostA);
    const response = await t.call({
      method: 'POST',
      url: '/api/declarations/nothing',
      payload: { establishmentId: hotel.id, year: 2026, month: 1 },
      token: scene.tokens.hostA,
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().data).toMatchObject({ done: true, nightsCount: 0, totalAmount: 0 });
  });
});

describe('done, locked, reopened', () => {
  it('locks a done declaration for its host, keeps its tariffs, and lets only an admin reopen it', async () => {
    const hotel = await insertEstablishment(t, scene.ids.hostA);
    const created = await calls.create(scene.tokens.hostA, {
      establishmentId: hotel.id,
      year: 2026,
      month: 2,
      nightsCount: 10,
    });
    const id = created.json().data.id as number;
    const done = await calls.done(scene.tokens.hostA, id);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().data).toMatchObject({ done: true, totalAmount: 1650 });

    expectError(await calls.update(scene.tokens.hostA, id, { nightsCount: 11 }), 409, 'declaration_locked');
    expectError(await calls.remove(scene.tokens.hostA, id), 409, 'declaration_locked');
    expectError(await calls.reopen(scene.tokens.hostA, id), 403, 'forbidden');

    // The establishment changes type: the done declaration keeps what it was computed with.
    await t.database.db
      .update(establishments)
      .set({ type: 'HOTEL_1' })
      .where(eq(establishments.id, hotel.id));
    const corrected = await calls.update(scene.tokens.admin, id, { nightsCount: 12 });
    expect(corrected.statusCode, corrected.body).toBe(200);
    expect(corrected.json().data).toMatchObject({
      done: true,
      type: 'HOTEL_3',
      ccAmount: 1800,
      totalAmount: 1980,
    });

    const reopened = await calls.reopen(scene.tokens.admin, id);
    expect(reopened.json().data).toMatchObject({ done: false });
    const edited = await calls.update(scene.tokens.hostA, id, { nightsCount: 12 });
    expect(edited.statusCode, edited.body).toBe(200);
    // Open again, it is computed with the establishment's current type (HOTEL_1 at 0,80 €).
    expect(edited.json().data).toMatchObject({ type: 'HOTEL_1', ccAmount: 960 });
  });

  it('keeps a done declaration’s pricing from being changed under it', async () => {
    const [pricing] = await t.database.db.select().from(pricings);
    const hotel = await insertEstablishment(t, scene.ids.hostA, { type: 'HOTEL_3' });
    const created = await calls.create(scene.tokens.hostA, {
      establishmentId: hotel.id,
      year: 2026,
      month: 3,
      nightsCount: 1,
    });
    await calls.done(scene.tokens.hostA, created.json().data.id);
    const change = await t.call({
      method: 'PUT',
      url: `/api/pricings/${pricing!.id}`,
      payload: { ...pricing!.payload, rows: { ...pricing!.payload.rows, HOTEL_3: { tariff: 160 } } },
      token: scene.tokens.admin,
    });
    expectError(change, 409, 'pricing_in_use');
  });
});

describe('ownership', () => {
  it('answers another host’s declaration exactly like a missing one, on every route', async () => {
    const hotel = await insertEstablishment(t, scene.ids.hostA);
    const created = await calls.create(scene.tokens.hostA, {
      establishmentId: hotel.id,
      year: 2026,
      month: 1,
    });
    const id = created.json().data.id as number;
    const missing = 2_000_000;
    const routes = (target: number) => [
      calls.get(scene.tokens.hostB, target),
      calls.update(scene.tokens.hostB, target, { nightsCount: 1 }),
      calls.done(scene.tokens.hostB, target),
      calls.remove(scene.tokens.hostB, target),
      t.call({
        method: 'GET',
        url: `/api/establishments/${hotel.id === target ? hotel.id : missing}/months?year=2026`,
        token: scene.tokens.hostB,
      }),
    ];
    for (const answer of [...(await Promise.all(routes(id))), ...(await Promise.all(routes(missing)))]) {
      const body = expectError(answer, 404, 'not_found');
      expect(body.message).toBe('La ressource demandée est introuvable.');
    }
    // Nor can host B declare on host A's establishment.
    expectError(
      await calls.create(scene.tokens.hostB, { establishmentId: hotel.id, year: 2026, month: 2 }),
      404,
      'not_found',
    );
    // Untouched.
    expect((await calls.get(scene.tokens.hostA, id)).json().data).toMatchObject({
      done: false,
      nightsCount: 0,
    });
  });

  it('lists only the host’s own declarations', async () => {
    const response = await t.call({
      method: 'GET',
      url: '/api/declarations?limit=500',
      token: scene.tokens.hostB,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toEqual([]);
    const own = await t.call({
      method: 'GET',
      url: '/api/declarations?limit=500',
      token: scene.tokens.hostA,
    });
    expect(own.json().data.length).toBeGreaterThan(0);
    expect(own.json().data.every((d: { userId: number }) => d.userId === scene.ids.hostA)).toBe(true);
  });
});

describe('the year of an establishment', () => {
  it('shows each month’s state and the platform-only attestation', async () => {
    const hotel = await insertEstablishment(t, scene.ids.hostA);
    const jan = await calls.create(scene.tokens.hostA, {
      establishmentId: hotel.id,
      year: 2026,
      month: 1,
      nightsCount: 2,
    });
    await calls.done(scene.tokens.hostA, jan.json().data.id);
    await calls.create(scene.tokens.hostA, { establishmentId: hotel.id, year: 2026, month: 2 });
    const year = await t.call({
      method: 'GET',
      url: `/api/establishments/${hotel.id}/months?year=2026`,
      token: scene.tokens.hostA,
    });
    expect(year.statusCode, year.body).toBe(200);
    const states = year.json().data.months.map((m: { state: string }) => m.state);
    expect(states).toEqual(['done', 'draft', 'todo', ...Array(9).fill('future')]);

    const attest = await t.call({
      method: 'POST',
      url: `/api/establishments/${hotel.id}/platform-attestation`,
      payload: { year: 2025 },
      token: scene.tokens.hostA,
    });
    expect(attest.statusCode, attest.body).toBe(201);
    const y2025 = await t.call({
      method: 'GET',
      url: `/api/establishments/${hotel.id}/months?year=2025`,
      token: scene.tokens.hostA,
    });
    expect(y2025.json().data.attestation).toMatchObject({ year: 2025 });
    expect(new Set(y2025.json().data.months.map((m: { state: string }) => m.state))).toEqual(
      new Set(['done']),
    );
    await t.call({
      method: 'DELETE',
      url: `/api/establishments/${hotel.id}/platform-attestation?year=2025`,
      token: scene.tokens.hostA,
    });
    const withdrawn = await t.call({
      method: 'GET',
      url: `/api/establishments/${hotel.id}/months?year=2025`,
      token: scene.tokens.hostA,
    });
    expect(new Set(withdrawn.json().data.months.map((m: { state: string }) => m.state))).toEqual(
      new Set(['late']),
    );
  });
});
