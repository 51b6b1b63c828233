import { describe, expect, it } from 'vitest';
import { lawfulPricingPayload } from '../testing/pricing';
import { type PricingBodyInput, pricingBodySchema } from './pricing-body';
import { pricingBodyRuleErrors, pricingDeliberationOf, storedPricingOfBody } from './pricing-deliberation';

const body = (overrides: Partial<PricingBodyInput> = {}) =>
  pricingBodySchema.parse({ ...lawfulPricingPayload(), ...overrides });

const on = (rate: number, beneficiary = 'B') => ({ enabled: true, rate, beneficiary });

describe('a pricing body', () => {
  it('fills in none of the deliberation’s parts the admin left out', () => {
    const parsed = body();
    expect(parsed.components).toBeUndefined();
    expect(parsed.collectionPeriods).toBeUndefined();
    expect(parsed.lowRentThreshold).toBeUndefined();
  });

  it('is stored as today’s pricing when it is one', () => {
    expect(storedPricingOfBody(body({ departmentalRate: 1500 }))).toEqual({
      ...body({ departmentalRate: 1500 }),
      departmentalRate: 1500,
    });
    const sameAsToday = storedPricingOfBody(body({ components: { DEPARTMENTAL: on(1000, 'Département') } }));
    expect(sameAsToday).not.toHaveProperty('components');
    expect(sameAsToday.departmentalRate).toBe(1000);
  });

  it('derives the departmental rate from the component, and keeps the other parts', () => {
    const stored = storedPricingOfBody(
      body({
        departmentalRate: 1000,
        components: {
          DEPARTMENTAL: { enabled: false, rate: 1000, beneficiary: 'D' },
          IDF_MOBILITES: on(20_000),
        },
        collectionPeriods: [{ from: '04-01', to: '09-30' }],
        lowRentThreshold: 100,
      }),
    );
    expect(stored.departmentalRate).toBe(0);
    expect(stored.components?.IDF_MOBILITES).toEqual(on(20_000));
    expect(stored.collectionPeriods).toEqual([{ from: '04-01', to: '09-30' }]);
    expect(stored.lowRentThreshold).toBe(100);
  });

  it('checks the components’ rates only when components are sent', () => {
    expect(pricingBodyRuleErrors(body({ departmentalRate: 1500 }))).toEqual({});
    expect(Object.keys(pricingBodyRuleErrors(body({ components: { DEPARTMENTAL: on(1500) } })))).toEqual([
      'components.DEPARTMENTAL.rate',
    ]);
  });

  it('reads a stored pricing of today as the departmental component alone, all year', () => {
    const view = pricingDeliberationOf(storedPricingOfBody(body()));
    expect(view.components.map(({ kind, legalBasis }) => [kind, legalBasis])).toEqual([
      ['DEPARTMENTAL', 'CGCT, art. L3333-1'],
    ]);
    expect(view.rows.HOTEL_3).toEqual({
      base: 150,
      components: [{ kind: 'DEPARTMENTAL', rate: 1000, unit: 15 }],
      total: 165,
    });
    expect(view.collectionPeriods).toEqual([{ from: '01-01', to: '12-31' }]);
    expect(view.lowRentThreshold).toBeNull();
  });
});
