import { LEGAL_BOUNDS } from '@sejour/domain';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { legalBounds } from '../src/db/schema';
import { useApp } from './fixture';
import {
  createPricingActors,
  expectError,
  type PricingActors,
  payload,
  resetPricings,
} from './helpers/pricings';

/** The legal bounds a superadmin enters for a new year, and the pricings judged against them. */

const t = useApp();
let tokens: PricingActors['tokens'];

beforeAll(async () => {
  ({ tokens } = await createPricingActors(t));
});

beforeEach(async () => {
  await resetPricings(t);
  await t.database.db.delete(legalBounds);
});

const grid2026 = LEGAL_BOUNDS.find((entry) => entry.year === 2026);
if (!grid2026) throw new Error('2026 ships with the product');
const bounds2027 = { year: 2027, tariffs: grid2026.tariffs, noneRate: grid2026.noneRate };
const pricing2027 = () => payload({ beginDate: '2027-01-01', endDate: '2027-12-31' });

const post = (body: object, token = tokens.superadmin) =>
  t.call({ method: 'POST', url: '/api/pricings/bounds', token, payload: body });
const put = (year: number, body: object, token = tokens.superadmin) =>
  t.call({ method: 'PUT', url: `/api/pricings/bounds/${year}`, token, payload: body });
const remove = (year: number, token = tokens.superadmin) =>
  t.call({ method: 'DELETE', url: `/api/pricings/bounds/${year}`, token });
const createPricing = (body: object) =>
  t.call({ method: 'POST', url: '/api/pricings', token: tokens.admin, payload: body });

describe('permissions', () => {
  it('lets any signed-in user list the years, shipped and entered, marked as such', async () => {
    expect((await post(bounds2027)).statusCode).toBe(201);
    const response = await t.call({ method: 'GET', url: '/api/pricings/bounds', token: tokens.host });
    expect(response.statusCode).toBe(200);
    const years = response.json().data as Array<{ year: number; shipped: boolean }>;
    expect(years.map(({ year, shipped }) => [year, shipped])).toEqual([
      [2027, false],
      [2026, true],
      [2025, true],
      [2024, true],
    ]);
    expectError(await t.call({ method: 'GET', url: '/api/pricings/bounds' }), 401, 'unauthorized');
  });

  it('refuses writes to an admin and a host with 403, and changes nothing', async () => {
    for (const token of [tokens.admin, tokens.host]) {
      expectError(await post(bounds2027, token), 403, 'forbidden');
      expectError(await put(2027, bounds2027, token), 403, 'forbidden');
      expectError(await remove(2027, token), 403, 'forbidden');
    }
    expect(await t.database.db.select().from(legalBounds)).toEqual([]);
  });
});

describe('validation', () => {
  it('refuses a shipped year, an inverted range and a disordered grid, each on its field', async () => {
    const shipped = expectError(await post({ ...bounds2027, year: 2026 }), 400, 'validation_error');
    expect(shipped.errors).toHaveProperty('year');
    const inverted = expectError(
      await post({ ...bounds2027, tariffs: { ...bounds2027.tariffs, HOTEL_3: { min: 180, max: 170 } } }),
      400,
      'validation_error',
    );
    expect(Object.keys(inverted.errors ?? {})).toEqual(['tariffs.HOTEL_3.max']);
    const disordered = expectError(
      await post({ ...bounds2027, tariffs: { ...bounds2027.tariffs, HOTEL_2: { min: 30, max: 200 } } }),
      400,
      'validation_error',
    );
    expect(Object.keys(disordered.errors ?? {})).toEqual(['tariffs.HOTEL_2.max']);
    expect(await t.database.db.select().from(legalBounds)).toEqual([]);
  });

  it('refuses a year entered twice', async () => {
    expect((await post(bounds2027)).statusCode).toBe(201);
    expectError(await post(bounds2027), 409, 'legal_bounds_exist');
  });
});

describe('pricings judged against the entered bounds', () => {
  it('refuses a 2027 pricing before its bounds exist and accepts it after', async () => {
    const before = expectError(await createPricing(pricing2027()), 400, 'validation_error');
    expect(before.errors).toHaveProperty('beginDate');
    expect((await post(bounds2027)).statusCode).toBe(201);
    expect((await createPricing(pricing2027())).statusCode).toBe(201);
  });

  it('judges the tariffs against the entered ceiling', async () => {
    const lower = {
      ...bounds2027,
      tariffs: { ...bounds2027.tariffs, PALACES: { min: 70, max: 290 }, HOTEL_5: { min: 70, max: 290 } },
    };
    expect((await post(lower)).statusCode).toBe(201);
    const refused = expectError(await createPricing(pricing2027()), 422, 'pricing_out_of_bounds');
    expect(Object.keys(refused.errors ?? {})).toEqual(['rows.PALACES.tariff']);
  });

  it('freezes an entered year once a pricing uses it, and never touches a shipped year', async () => {
    expect((await post(bounds2027)).statusCode).toBe(201);
    const changed = { ...bounds2027, noneRate: { min: 100, max: 600 } };
    expect((await put(2027, changed)).json().data).toMatchObject({ year: 2027, noneRate: { max: 600 } });
    expect((await createPricing(pricing2027())).statusCode).toBe(201);
    expectError(await put(2027, bounds2027), 409, 'legal_bounds_in_use');
    expectError(await remove(2027), 409, 'legal_bounds_in_use');
    expectError(await remove(2026), 409, 'legal_bounds_shipped');
    expectError(await remove(2030), 404, 'not_found');
    const [row] = await t.database.db.select().from(legalBounds);
    expect(row?.payload.noneRate.max).toBe(600);
  });

  it('deletes an unused entered year', async () => {
    expect((await post(bounds2027)).statusCode).toBe(201);
    expect((await remove(2027)).statusCode).toBe(200);
    expect(await t.database.db.select().from(legalBounds)).toEqual([]);
    expectError(await createPricing(pricing2027()), 400, 'validation_error');
  });
});
