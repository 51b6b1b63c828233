import { formatEuros } from '@sejour/domain';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { useApp } from './fixture';
import {
  createPricingActors,
  expectError,
  type PricingActors,
  payload,
  pricingCalls,
  resetPricings,
  withRows,
} from './helpers/pricings';

/** The pricing routes: who may call them, what they answer, and what they refuse. */

const t = useApp();
let tokens: PricingActors['tokens'];

beforeAll(async () => {
  ({ tokens } = await createPricingActors(t));
});

beforeEach(() => resetPricings(t));

const { create, created, update, pricingCount } = pricingCalls(() => ({ t, adminToken: tokens.admin }));

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
        'Les limites légales des tarifs de l’année 2027 ne sont pas encore saisies : un superadministrateur doit les saisir dans « Limites légales » avant qu’une grille porte sur cette année.',
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
