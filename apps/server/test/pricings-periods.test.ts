import { pricingPayloadSchema } from '@sejour/domain';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { AppError } from '../src/http/errors';
import { createPricingsRepository } from '../src/pricings/repository';
import { pricingConstraintError } from '../src/pricings/service';
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
import { TEST_PASSWORD } from './helpers/test-app';

/** The periods of the pricings: never overlapping, each with its state, one in force for a month. */

const t = useApp();
let tokens: PricingActors['tokens'];
let adminUsername = '';

beforeAll(async () => {
  ({ tokens, adminUsername } = await createPricingActors(t));
});

beforeEach(() => resetPricings(t));

const { create, created, update, pricingCount } = pricingCalls(() => ({ t, adminToken: tokens.admin }));

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
