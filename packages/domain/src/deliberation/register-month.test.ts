import { describe, expect, it } from 'vitest';
import { registerMonthFigures } from '../register/stays';
import { WHOLE_YEAR } from './periods';
import { registerMonthDeliberationFigures } from './register-month';

const stay = (over: Partial<Parameters<typeof registerMonthDeliberationFigures>[0][number]> = {}) => ({
  arrival: '2026-09-28',
  departure: '2026-10-03',
  persons: 2,
  exempted: 0,
  exemptionReason: null,
  price: 50_000,
  platform: false,
  ...over,
});

describe('a month of the register under a deliberation', () => {
  it('with the whole year and no threshold, gives the register’s figures', () => {
    const stays = [
      stay(),
      stay({
        arrival: '2026-09-01',
        departure: '2026-09-11',
        persons: 3,
        exempted: 1,
        exemptionReason: 'MINOR',
      }),
      stay({ arrival: '2026-09-10', departure: '2026-09-12', platform: true }),
      stay({ arrival: '2026-08-30', departure: '2026-09-02', price: 1_001 }),
    ];
    for (const month of [8, 9, 10] as const) {
      const target = { year: 2026, month };
      const { figures } = registerMonthDeliberationFigures(stays, target, {
        threshold: 10_000,
        collectionPeriods: WHOLE_YEAR,
        lowRentThreshold: null,
      });
      expect(figures).toEqual(registerMonthFigures(stays, target, 10_000));
    }
  });

  it('counts only the nights inside the periods, with their share of the price', () => {
    const april_september = { threshold: 10_000, collectionPeriods: [{ from: '04-01', to: '09-30' }] };
    const { figures } = registerMonthDeliberationFigures(
      [stay()],
      { year: 2026, month: 9 },
      { ...april_september, lowRentThreshold: null },
    );
    // 28, 29 and 30 September of five nights: 3 × 2 person-nights, 3/5 of 500 €.
    expect(figures).toMatchObject({ nightsCount: 6, personCount: 2, nightsCountSup: 6, prixSup: 30_000 });
    const october = registerMonthDeliberationFigures(
      [stay()],
      { year: 2026, month: 10 },
      { ...april_september, lowRentThreshold: null },
    );
    expect(october.figures.nightsCount).toBe(0);
    expect(october.figures.personCount).toBe(0);
  });

  it('exempts by reason, every occupant of a stay under the low-rent threshold', () => {
    const { figures, exemptionsByReason } = registerMonthDeliberationFigures(
      [
        stay({
          arrival: '2026-09-01',
          departure: '2026-09-03',
          persons: 3,
          exempted: 1,
          exemptionReason: 'MINOR',
        }),
        // 2 € for 2 persons × 2 nights: 0,50 € per person-night, below 1 €.
        stay({
          arrival: '2026-09-05',
          departure: '2026-09-07',
          price: 200,
          exempted: 1,
          exemptionReason: 'SEASONAL_WORKER',
        }),
      ],
      { year: 2026, month: 9 },
      { threshold: 10_000, collectionPeriods: WHOLE_YEAR, lowRentThreshold: 100 },
    );
    expect(exemptionsByReason).toEqual({ MINOR: 2, SEASONAL_WORKER: 2, EMERGENCY_REHOUSING: 0, LOW_RENT: 2 });
    expect(figures.exemptedCount).toBe(6);
    expect(figures.nightsCount).toBe(10);
  });
});
