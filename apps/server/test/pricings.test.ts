import { formatEuros, type PricingPayloadInput, pricingPayloadSchema } from '@sejour/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { declarations, establishments, pricings } from '../src/db/schema';
import { AppError } from '../src/http/errors';
import { createPricingsRepository } from '../src/pricings/repository';
import { pricingConstraintError } from '../src/pricings/service';
import { createTestApp, TEST_PASSWORD, type TestApp } from './helpers/test-app';

let t: TestApp;
const tokens = { host: '', admin: '', superadmin: '' };
let hostId = 0;
let adminUsername = '';

beforeAll(async () => {
  t = await createTestApp();
  const host = await t.createUser({ role: 'host' });
  const admin = await t.createUser({ role: 'admin' });
  const superadmin = await t.createUser({ role: 'superadmin' });
  hostId = host.id;
  adminUsername = admin.username;
  tokens.host = await t.login(host.username, TEST_PASSWORD);
  tokens.admin = await t.login(admin.username, TEST_PASSWORD);
  tokens.superadmin = await t.login(superadmin.username, TEST_PASSWORD);
});
afterAll(() => t.close());

beforeEach(async () => {
  // Clock back to its start (15 March 2026, Paris) and no pricing: each test sets its own scene.
  t.clock.advance(new Date('2026-03-15T10:00:00Z').getTime() - t.clock.now().getTime());
  await t.database.db.delete(declarations);
  await t.database.db.delete(establishments);
  await t.database.db.delete(pricings);
});

/** Valid for every year with bounds (2024–2026): HOTEL_3 at 1,50 € is under the 2024 ceiling of 1,60 €. */
function payload(overrides: Partial<PricingPayloadInput> = {}): PricingPayloadInput {
  return {
    beginDate: '2026-01-01',
    endDate: '2026-12-31',
    rows: {
      PALACES: { tariff: 300 },
      HOTEL_5: { tariff: 250 },
      HOTEL_4: { tariff: 200 },
      HOTEL_3: { tariff: 150 },
      HOTEL_2: { tariff: 100 },
      HOTEL_1: { tariff: 80 },
      CAMPING_345: { tariff: 60 },
      CAMPING_12: { tariff: 20 },
      NONE: { rate: 500 },
    },
    ...overrides,
  };
}

function withRows(rows: Record<string, unknown>, overrides: Partial<PricingPayloadInput> = {}) {
  const base = payload(overrides);
  return { ...base, rows: { ...base.rows, ...rows } };
}

function create(body: unknown, token = tokens.admin) {
  return t.call({ method: 'POST', url: '/api/pricings', payload: body as object, token });
}

async function created(body: unknown = payload()): Promise<{ id: number }> {
  const response = await create(body);
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data;
}

function update(id: number, body: unknown, token = tokens.admin) {
  return t.call({ method: 'PUT', url: `/api/pricings/${id}`, payload: body as object, token });
}

async function pricingCount(): Promise<number> {
  return (await t.database.db.select().from(pricings)).length;
}

function expectError(
  response: { statusCode: number; json(): Record<string, unknown> },
  status: number,
  code: string,
) {
  expect(response.statusCode).toBe(status);
  const body = response.json();
  expect(body).toMatchObject({ success: false, code });
  expect(typeof body.message).toBe('string');
  expect(JSON.stringify(body)).not.toMatch(/stack|SELECT|constraint|23P01/i);
  return body as { message: string; errors?: Record<string, string> };
}

/** An establishment of the host and one declaration computed with a pricing. */
async function declare(options: {
  pricingId: number;
  type: 'HOTEL_3' | 'NONE' | null;
  year?: number;
  month?: number;
  done?: boolean;
}) {
  const [establishment] = await t.database.db
    .insert(establishments)
    .values({ userId: hostId, name: `Hôtel ${Math.random()}`, type: options.type })
    .returning();
  const [declaration] = await t.database.db
    .insert(declarations)
    .values({
      establishmentId: establishment!.id,
      userId: hostId,
      pricingId: options.pricingId,
      year: options.year ?? 2026,
      month: options.month ?? 3,
      done: options.done ?? true,
      nightsCount: 10,
    })
    .returning();
  return declaration!;
}

describe('permissions', () => {
  it('refuses anonymous callers on every route with 401', async () => {
    const { id } = await created();
    for (const [method, url] of [
      ['GET', '/api/pricings'],
      ['GET', `/api/pricings/${id}`],
      ['GET', '/api/pricings/in-force?year=2026&month=3'],
      ['POST', '/api/pricings'],
      ['PUT', `/api/pricings/${id}`],
      ['DELETE', `/api/pricings/${id}`],
    ] as const) {
      const response = await t.call({ method, url, payload: method === 'GET' ? undefined : payload() });
      expectError(response, 401, 'unauthorized');
    }
  });

  it('lets a host read a pricing and the one in force, and nothing else', async () => {
    const { id } = await created();
    const one = await t.call({ method: 'GET', url: `/api/pricings/${id}`, token: tokens.host });
    expect(one.statusCode).toBe(200);
    expect(one.json().data).toMatchObject({ id, beginDate: '2026-01-01', state: 'current' });
    // Admin-only information stays with admins.
    expect(one.json().data).not.toHaveProperty('doneDeclarations');
    const inForce = await t.call({
      method: 'GET',
      url: '/api/pricings/in-force?year=2026&month=3',
      token: tokens.host,
    });
    expect(inForce.json().data.id).toBe(id);

    expectError(await t.call({ method: 'GET', url: '/api/pricings', token: tokens.host }), 403, 'forbidden');
    expectError(
      await create(payload({ beginDate: '2025-01-01', endDate: '2025-12-31' }), tokens.host),
      403,
      'forbidden',
    );
    expectError(await update(id, withRows({ HOTEL_4: { tariff: 210 } }), tokens.host), 403, 'forbidden');
    expectError(
      await t.call({ method: 'DELETE', url: `/api/pricings/${id}`, token: tokens.host }),
      403,
      'forbidden',
    );
    expect(await pricingCount()).toBe(1);
    const unchanged = await t.call({ method: 'GET', url: `/api/pricings/${id}`, token: tokens.admin });
    expect(unchanged.json().data.rows.HOTEL_4.tariff).toBe(200);
  });

  it('lets admins and superadmins do everything', async () => {
    for (const token of [tokens.admin, tokens.superadmin]) {
      const response = await create(payload(), token);
      expect(response.statusCode).toBe(201);
      const id = response.json().data.id;
      expect((await t.call({ method: 'GET', url: '/api/pricings', token })).statusCode).toBe(200);
      expect((await update(id, withRows({ HOTEL_4: { tariff: 210 } }), token)).statusCode).toBe(200);
      const removed = await t.call({ method: 'DELETE', url: `/api/pricings/${id}`, token });
      expect(removed.statusCode).toBe(200);
      expect(removed.json()).toEqual({ success: true, data: null });
    }
  });
});

describe('create and read', () => {
  it('answers the table with its computed columns, defaults and state', async () => {
    const response = await create(payload());
    expect(response.statusCode).toBe(201);
    const data = response.json().data;
    expect(data).toMatchObject({
      beginDate: '2026-01-01',
      endDate: '2026-12-31',
      threshold: 10_000,
      departmentalRate: 1000,
      state: 'current',
      doneDeclarations: 0,
    });
    expect(data.rows.HOTEL_3).toEqual({ tariff: 150, departmental: 15, total: 165 });
    expect(data.rows.HOTEL_1).toEqual({ tariff: 80, departmental: 8, total: 88 });
    expect(data.rows.NONE).toEqual({ rate: 500, cap: 300 });

    const read = await t.call({ method: 'GET', url: `/api/pricings/${data.id}`, token: tokens.admin });
    expect(read.json().data).toEqual(data);
  });

  it('rounds the departmental tariff half-up with the table’s own rate', async () => {
    const data = (
      await create(withRows({ HOTEL_1: { tariff: 25 }, HOTEL_2: { tariff: 65 } }, { departmentalRate: 1500 }))
    ).json().data;
    expect(data.rows.HOTEL_1).toEqual({ tariff: 25, departmental: 4, total: 29 }); // 0,0375 → 0,04
    expect(data.rows.HOTEL_2).toEqual({ tariff: 65, departmental: 10, total: 75 }); // 0,0975 → 0,10
  });

  it('answers not_found for an unknown id, and validation_error for a bad one', async () => {
    expectError(
      await t.call({ method: 'GET', url: '/api/pricings/999999', token: tokens.admin }),
      404,
      'not_found',
    );
    expectError(await update(999999, payload()), 404, 'not_found');
    expectError(
      await t.call({ method: 'DELETE', url: '/api/pricings/999999', token: tokens.admin }),
      404,
      'not_found',
    );
    expectError(
      await t.call({ method: 'GET', url: '/api/pricings/abc', token: tokens.admin }),
      400,
      'validation_error',
    );
  });
});

describe('validation', () => {
  it('refuses a malformed table with French messages on each field', async () => {
    const base = payload();
    const { HOTEL_3: _missing, ...rows } = base.rows;
    const body = expectError(
      await create({
        ...base,
        beginDate: '2026-02-30',
        rows: { ...rows, HOTEL_2: { tariff: 99.5 }, HOTEL_4: { tariff: '2,00' } },
      }),
      400,
      'validation_error',
    );
    expect(body.errors).toEqual({
      beginDate: 'Veuillez saisir une date valide (aaaa-mm-jj).',
      'rows.HOTEL_3': 'Veuillez compléter ce champ.',
      'rows.HOTEL_2.tariff': 'Veuillez choisir une valeur numérique valide.',
      'rows.HOTEL_4.tariff': 'Veuillez choisir une valeur numérique valide.',
    });
  });

  it('refuses an unknown row and a rate for a classified type', async () => {
    const unknown = expectError(
      await create(withRows({ HOTEL_6: { tariff: 100 } })),
      400,
      'validation_error',
    );
    expect(Object.keys(unknown.errors ?? {})).toEqual(['rows']);
    const rate = expectError(await create(withRows({ HOTEL_4: { rate: 200 } })), 400, 'validation_error');
    expect(rate.errors).toEqual({ 'rows.HOTEL_4.tariff': 'Veuillez choisir une valeur numérique valide.' });
  });

  it('refuses an end before the beginning', async () => {
    const body = expectError(
      await create(payload({ beginDate: '2026-06-01', endDate: '2026-05-31' })),
      400,
      'validation_error',
    );
    expect(body.errors).toEqual({ endDate: 'La date doit être postérieure ou égale à la date de début.' });
  });

  it('refuses a year whose legal bounds are not in the product, on the date in that year', async () => {
    const body = expectError(
      await create(payload({ beginDate: '2026-07-01', endDate: '2027-06-30' })),
      400,
      'validation_error',
    );
    expect(body.errors).toEqual({
      endDate:
        'Les limites légales des tarifs de l’année 2027 ne sont pas encore intégrées au produit : aucune grille ne peut porter sur cette année pour le moment.',
    });
  });

  it('refuses a tariff above its year’s ceiling with pricing_out_of_bounds, on that field', async () => {
    const body = expectError(
      await create(withRows({ HOTEL_3: { tariff: 180 } })),
      422,
      'pricing_out_of_bounds',
    );
    expect(body.message).toBe('Un tarif est en dehors des limites légales.');
    expect(body.errors).toEqual({
      'rows.HOTEL_3.tariff': `Le tarif « Hôtels 3 étoiles et équivalents » (${formatEuros(180)}) dépasse le plafond légal 2026 de ${formatEuros(170)}.`,
    });
  });

  it('refuses each other kind of legal refusal on its own field', async () => {
    const body = expectError(
      await create(
        withRows({
          HOTEL_1: { tariff: 19 },
          CAMPING_12: { tariff: 30 },
          HOTEL_4: { tariff: 260 },
          NONE: { rate: 99 },
        }),
      ),
      422,
      'pricing_out_of_bounds',
    );
    expect(body.errors).toEqual({
      'rows.HOTEL_1.tariff': `Le tarif « Hôtels 1 étoile et équivalents » (${formatEuros(19)}) est inférieur au plancher légal 2026 de ${formatEuros(20)}.`,
      'rows.CAMPING_12.tariff': `Le tarif « Campings 1 et 2 étoiles et équivalents » (${formatEuros(30)}) doit être égal au tarif légal 2026 de ${formatEuros(20)}.`,
      'rows.HOTEL_4.tariff': `Le tarif « Hôtels 4 étoiles et équivalents » (${formatEuros(260)}) ne peut pas dépasser celui de la catégorie supérieure « Hôtels 5 étoiles et équivalents » (${formatEuros(250)}).`,
      'rows.NONE.rate':
        'Le taux « Hébergements non classés ou en attente de classement » (0,99\u00a0%) est inférieur au minimum légal de 1\u00a0%.',
    });
  });

  it('checks a period across two years against both grids', async () => {
    // 1,65 € for 3 stars: under the 2025 ceiling (1,70 €), above 2024's (1,60 €).
    const rows = { HOTEL_3: { tariff: 165 } };
    expect(
      (await create(withRows(rows, { beginDate: '2025-07-01', endDate: '2026-06-30' }))).statusCode,
    ).toBe(201);
    const body = expectError(
      await create(withRows(rows, { beginDate: '2024-01-01', endDate: '2025-06-30' })),
      422,
      'pricing_out_of_bounds',
    );
    expect(body.errors?.['rows.HOTEL_3.tariff']).toContain('plafond légal 2024');
  });

  it('changes nothing when it refuses, on create and on update', async () => {
    const { id } = await created();
    expectError(
      await create(
        withRows({ HOTEL_3: { tariff: 180 } }, { beginDate: '2025-01-01', endDate: '2025-12-31' }),
      ),
      422,
      'pricing_out_of_bounds',
    );
    expectError(await update(id, withRows({ HOTEL_3: { tariff: 180 } })), 422, 'pricing_out_of_bounds');
    expect(await pricingCount()).toBe(1);
    const read = await t.call({ method: 'GET', url: `/api/pricings/${id}`, token: tokens.admin });
    expect(read.json().data.rows.HOTEL_3.tariff).toBe(150);
  });
});

describe('periods never overlap', () => {
  it('refuses an overlapping period with pricing_overlap on the date that falls inside the other', async () => {
    await created();
    const end = expectError(
      await create(payload({ beginDate: '2025-07-01', endDate: '2026-01-31' })),
      409,
      'pricing_overlap',
    );
    expect(end.errors).toEqual({
      endDate: 'La période chevauche celle de la grille du 1 janvier 2026 au 31 décembre 2026.',
    });
    const begin = expectError(
      await create(payload({ beginDate: '2026-12-31', endDate: '2026-12-31' })),
      409,
      'pricing_overlap',
    );
    expect(Object.keys(begin.errors ?? {})).toEqual(['beginDate']);
    await created(payload({ beginDate: '2025-03-01', endDate: '2025-03-31' }));
    const enclosing = expectError(
      await create(payload({ beginDate: '2025-01-01', endDate: '2025-06-30' })),
      409,
      'pricing_overlap',
    );
    expect(enclosing.errors).toEqual({
      beginDate: 'La période chevauche celle de la grille du 1 mars 2025 au 31 mars 2025.',
    });
    expect(await pricingCount()).toBe(2);
  });

  it('accepts adjacent periods, and an update that keeps its own period', async () => {
    const { id } = await created();
    expect((await create(payload({ beginDate: '2025-01-01', endDate: '2025-12-31' }))).statusCode).toBe(201);
    expect((await update(id, withRows({ HOTEL_4: { tariff: 210 } }))).statusCode).toBe(200);
  });

  it('refuses an update onto another pricing’s period', async () => {
    const { id } = await created();
    await created(payload({ beginDate: '2025-01-01', endDate: '2025-12-31' }));
    const body = expectError(
      await update(id, payload({ beginDate: '2025-12-01', endDate: '2026-12-31' })),
      409,
      'pricing_overlap',
    );
    expect(body.errors?.beginDate).toContain('31 décembre 2025');
  });

  it('lets exactly one of concurrent creations win', async () => {
    // Every two of these overlap (all contain June 2026), so whatever the order only one can win.
    const periods = [
      { beginDate: '2026-01-01', endDate: '2026-12-31' },
      { beginDate: '2026-06-01', endDate: '2026-12-31' },
      { beginDate: '2026-01-01', endDate: '2026-06-30' },
      { beginDate: '2026-06-01', endDate: '2026-06-30' },
      { beginDate: '2026-01-01', endDate: '2026-12-31' },
    ];
    const responses = await Promise.all(periods.map((period) => create(payload(period))));
    const statuses = responses.map((r) => r.statusCode).sort();
    expect(statuses).toEqual([201, 409, 409, 409, 409]);
    for (const response of responses.filter((r) => r.statusCode === 409)) {
      expectError(response, 409, 'pricing_overlap');
    }
    expect(await pricingCount()).toBe(1);
  });

  it('maps the exclusion constraint to pricing_overlap when a write passes the check', async () => {
    // Two writes that both passed the check before either inserted: the database decides.
    await created();
    const repository = createPricingsRepository(t.database.db);
    const overlapping = pricingPayloadSchema.parse(
      payload({ beginDate: '2026-06-01', endDate: '2026-06-30' }),
    );
    const error = await repository.insert(overlapping).catch((e: unknown) => e);
    const mapped = pricingConstraintError(error);
    expect(mapped).toBeInstanceOf(AppError);
    expect(mapped).toMatchObject({ code: 'pricing_overlap', status: 409 });
    expect(await pricingCount()).toBe(1);
    // Anything else goes on unchanged.
    const other = new Error('boom');
    expect(pricingConstraintError(other)).toBe(other);
  });
});

describe('a pricing used by done declarations', () => {
  it('cannot be deleted; the list says how many use it', async () => {
    const { id } = await created();
    await declare({ pricingId: id, type: 'HOTEL_3' });
    const body = expectError(
      await t.call({ method: 'DELETE', url: `/api/pricings/${id}`, token: tokens.admin }),
      409,
      'pricing_in_use',
    );
    expect(body.message).toBe(
      'Cette grille tarifaire a servi au calcul d’une déclaration terminée : elle ne peut pas être supprimée.',
    );
    expect(await pricingCount()).toBe(1);
    const list = await t.call({ method: 'GET', url: '/api/pricings', token: tokens.admin });
    expect(list.json().data[0]).toMatchObject({ id, doneDeclarations: 1 });
  });

  it('cannot change what a done declaration was computed with', async () => {
    const { id } = await created();
    await declare({ pricingId: id, type: 'HOTEL_3' });
    await declare({ pricingId: id, type: 'HOTEL_3', month: 4 });

    const tariff = expectError(
      await update(id, withRows({ HOTEL_3: { tariff: 160 } })),
      409,
      'pricing_in_use',
    );
    expect(tariff.errors).toEqual({
      'rows.HOTEL_3.tariff':
        'Ce tarif a servi au calcul de 2 déclarations terminées : il ne peut plus être modifié.',
    });
    const rate = expectError(await update(id, payload({ departmentalRate: 1500 })), 409, 'pricing_in_use');
    expect(Object.keys(rate.errors ?? {})).toEqual(['departmentalRate']);
    const period = expectError(
      await update(id, payload({ beginDate: '2026-04-01', endDate: '2026-12-31' })),
      409,
      'pricing_in_use',
    );
    expect(period.errors).toEqual({
      beginDate:
        'La période doit couvrir mars 2026 : une déclaration terminée de ce mois a été calculée avec cette grille.',
    });
    const read = await t.call({ method: 'GET', url: `/api/pricings/${id}`, token: tokens.admin });
    expect(read.json().data).toMatchObject({ beginDate: '2026-01-01', departmentalRate: 1000 });
    expect(read.json().data.rows.HOTEL_3.tariff).toBe(150);
  });

  it('may change what no done declaration used', async () => {
    const { id } = await created();
    await declare({ pricingId: id, type: 'HOTEL_3', month: 3 });
    const response = await update(
      id,
      withRows(
        { HOTEL_4: { tariff: 220 }, NONE: { rate: 400 } },
        { beginDate: '2026-02-01', endDate: '2026-06-30' },
      ),
    );
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({ endDate: '2026-06-30', doneDeclarations: 1 });
  });

  it('freezes NONE’s rate, its cap (the highest tariff) and its threshold', async () => {
    const { id } = await created();
    await declare({ pricingId: id, type: 'NONE' });
    const cap = expectError(await update(id, withRows({ PALACES: { tariff: 350 } })), 409, 'pricing_in_use');
    expect(cap.errors).toEqual({
      'rows.PALACES.tariff': `Ce tarif fixe le plafond (${formatEuros(300)}) des hébergements non classés, qui a servi au calcul d’une déclaration terminée : il ne peut plus changer.`,
    });
    expect(
      Object.keys(
        expectError(await update(id, withRows({ NONE: { rate: 450 } })), 409, 'pricing_in_use').errors ?? {},
      ),
    ).toEqual(['rows.NONE.rate']);
    expect(
      Object.keys(
        expectError(await update(id, payload({ threshold: 12_000 })), 409, 'pricing_in_use').errors ?? {},
      ),
    ).toEqual(['threshold']);
    // A classified tariff under the cap is free.
    expect((await update(id, withRows({ HOTEL_3: { tariff: 160 } }))).statusCode).toBe(200);
  });

  it('freezes every row when the declaration’s type is unknown', async () => {
    const { id } = await created();
    await declare({ pricingId: id, type: null });
    const body = expectError(
      await update(id, withRows({ CAMPING_345: { tariff: 50 } })),
      409,
      'pricing_in_use',
    );
    expect(Object.keys(body.errors ?? {})).toEqual(['rows.CAMPING_345.tariff']);
  });

  it('is free again once its declarations are reopened; open ones are detached when it is deleted', async () => {
    const { id } = await created();
    const declaration = await declare({ pricingId: id, type: 'HOTEL_3', done: false });
    expect((await update(id, withRows({ HOTEL_3: { tariff: 160 } }))).statusCode).toBe(200);
    const removed = await t.call({ method: 'DELETE', url: `/api/pricings/${id}`, token: tokens.admin });
    expect(removed.statusCode).toBe(200);
    const [row] = await t.database.db.select().from(declarations).where(eq(declarations.id, declaration.id));
    expect(row).toMatchObject({ pricingId: null, done: false });
    expect(await pricingCount()).toBe(0);
  });
});

describe('state and order', () => {
  async function scene() {
    const first = await created(payload({ beginDate: '2026-01-01', endDate: '2026-06-30' }));
    const second = await created(payload({ beginDate: '2026-07-01', endDate: '2026-12-31' }));
    const old = await created(payload({ beginDate: '2024-01-01', endDate: '2025-12-31' }));
    return { first, second, old };
  }

  async function states() {
    // A fresh token: moving the clock by months expires the others.
    const token = await t.login(adminUsername, TEST_PASSWORD);
    const response = await t.call({ method: 'GET', url: '/api/pricings', token });
    expect(response.statusCode).toBe(200);
    return response.json().data.map((p: { beginDate: string; state: string }) => [p.beginDate, p.state]);
  }

  it('lists the latest period first, each with its state on the app clock', async () => {
    await scene();
    expect(await states()).toEqual([
      ['2026-07-01', 'future'],
      ['2026-01-01', 'current'],
      ['2024-01-01', 'past'],
    ]);
  });

  it('takes today in Paris: at 00:30 on 1 July (22:30 UTC the day before) the second half is current', async () => {
    await scene();
    t.clock.advance(new Date('2026-06-30T21:30:00Z').getTime() - t.clock.now().getTime());
    expect(await states()).toEqual([
      ['2026-07-01', 'future'],
      ['2026-01-01', 'current'],
      ['2024-01-01', 'past'],
    ]);
    t.clock.advance(60 * 60 * 1000);
    expect(await states()).toEqual([
      ['2026-07-01', 'current'],
      ['2026-01-01', 'past'],
      ['2024-01-01', 'past'],
    ]);
  });
});

describe('the pricing in force for a month', () => {
  it('is the one that covers every day of the month', async () => {
    const { first, second } = {
      first: await created(payload({ beginDate: '2026-01-01', endDate: '2026-06-15' })),
      second: await created(payload({ beginDate: '2026-06-16', endDate: '2026-12-31' })),
    };
    const get = (query: string) =>
      t.call({ method: 'GET', url: `/api/pricings/in-force?${query}`, token: tokens.host });
    expect((await get('year=2026&month=1')).json().data.id).toBe(first.id);
    expect((await get('year=2026&month=7')).json().data.id).toBe(second.id);
    // June is split between two tables: none covers it whole.
    expectError(await get('year=2026&month=6'), 422, 'no_pricing_for_period');
    expectError(await get('year=2025&month=12'), 422, 'no_pricing_for_period');
    const bad = expectError(await get('year=2026&month=13'), 400, 'validation_error');
    expect(bad.errors).toEqual({ month: 'Veuillez sélectionner une valeur inférieure ou égale à 12.' });
    expectError(await get('month=1'), 400, 'validation_error');
  });
});
