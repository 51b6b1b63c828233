import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { daysInMonth, isoDate } from '../calendar/dates';
import { MONTHS, type Month } from '../calendar/months';
import { fieldErrorsFromIssues } from '../errors';
import { nightsBetween } from '../register/stays';
import {
  type CollectionPeriod,
  collectedNightsOfMonth,
  collectedNightsOfStay,
  collectedSpansOfMonth,
  collectionPeriodLabel,
  collectionPeriodsSchema,
  datedCollectionPeriods,
  isNightCollected,
  monthCollection,
  monthNeedsDeclaration,
  monthOutsideMessage,
  splitStayByCollection,
  stayNightsByMonth,
  WHOLE_YEAR,
} from './periods';

const SEASON: CollectionPeriod[] = [{ from: '04-01', to: '09-30' }];

function errors(input: unknown) {
  const result = collectionPeriodsSchema.safeParse(input);
  return result.success ? {} : fieldErrorsFromIssues(result.error.issues);
}

describe('the periods a deliberation sets', () => {
  it('defaults to the whole year, and accepts a season or adjacent periods', () => {
    expect(collectionPeriodsSchema.parse(undefined)).toEqual([{ from: '01-01', to: '12-31' }]);
    expect(collectionPeriodsSchema.parse(SEASON)).toEqual(SEASON);
    const winter = [
      { from: '12-01', to: '12-31' },
      { from: '01-01', to: '04-30' },
      { from: '07-01', to: '08-31' },
    ];
    expect(collectionPeriodsSchema.parse(winter)).toEqual(winter);
    expect(collectionPeriodsSchema.parse([{ from: '02-29', to: '03-31' }])).toHaveLength(1);
  });

  it('refuses a day that no year has, a period ending before it starts, no period at all, in French', () => {
    expect(errors([{ from: '02-30', to: '03-31' }])).toEqual({
      '0.from': 'Veuillez saisir un jour de l’année valide (mm-jj).',
    });
    expect(errors([{ from: '2026-04-01', to: '13-01' }])).toMatchObject({
      '0.from': 'Veuillez saisir un jour de l’année valide (mm-jj).',
      '0.to': 'Veuillez saisir un jour de l’année valide (mm-jj).',
    });
    expect(errors([{ from: '12-01', to: '04-30' }])['0.to']).toMatch(
      /^La fin de la période doit suivre son début/,
    );
    expect(errors([])).toEqual({
      _: 'Indiquez au moins une période de perception (du 1er janvier au 31 décembre pour toute l’année).',
    });
  });

  it('refuses overlapping periods, on the later one, naming the earlier', () => {
    expect(
      errors([
        { from: '07-01', to: '08-31' },
        { from: '04-01', to: '07-01' },
      ]),
    ).toEqual({
      '1.from':
        'Cette période chevauche la période du 1er juillet au 31 août : les périodes de perception ne peuvent pas se chevaucher.',
    });
  });

  it('reads as French writes it', () => {
    expect(collectionPeriodLabel({ from: '04-01', to: '09-30' })).toBe('du 1er avril au 30 septembre');
    expect(monthOutsideMessage(2026, 10)).toBe(
      'Le mois d’octobre 2026 est hors des périodes de perception : il n’y a rien à déclarer.',
    );
  });
});

describe('nights and months inside the periods', () => {
  it('taxes April to September only: a month outside needs no declaration', () => {
    const months = MONTHS.map((month) => monthCollection(SEASON, 2026, month));
    expect(months).toEqual([
      'none',
      'none',
      'none',
      'all',
      'all',
      'all',
      'all',
      'all',
      'all',
      'none',
      'none',
      'none',
    ]);
    expect(monthNeedsDeclaration(SEASON, 2026, 3)).toBe(false);
    expect(monthNeedsDeclaration(SEASON, 2026, 9)).toBe(true);
  });

  it('declares a month partly inside for its nights inside', () => {
    const midApril = [{ from: '04-15', to: '09-30' }];
    expect(monthCollection(midApril, 2026, 4)).toBe('some');
    expect(collectedNightsOfMonth(midApril, 2026, 4)).toBe(16);
    expect(monthNeedsDeclaration(midApril, 2026, 4)).toBe(true);
  });

  it('names a night by its evening: 30 September to 1 October is inside a season ending on 30 September', () => {
    expect(isNightCollected(SEASON, '2026-09-30')).toBe(true);
    expect(isNightCollected(SEASON, '2026-10-01')).toBe(false);
    expect(isNightCollected(SEASON, '2026-03-31')).toBe(false);
    expect(stayNightsByMonth(SEASON, '2026-09-28', '2026-10-03')).toEqual([
      { year: 2026, month: 9, nights: 3, collected: 3 },
      { year: 2026, month: 10, nights: 2, collected: 0 },
    ]);
    expect(collectedNightsOfStay(SEASON, '2026-03-30', '2026-04-02')).toBe(1);
  });

  it('reads 29 February in leap years only', () => {
    const toLeapDay = [{ from: '01-01', to: '02-29' }];
    expect(monthCollection(toLeapDay, 2028, 2)).toBe('all');
    expect(monthCollection(toLeapDay, 2026, 2)).toBe('all');
    const fromLeapDay = [{ from: '02-29', to: '03-31' }];
    expect(collectedNightsOfMonth(fromLeapDay, 2028, 2)).toBe(1);
    expect(monthCollection(fromLeapDay, 2026, 2)).toBe('none');
    expect(monthCollection(fromLeapDay, 2026, 3)).toBe('all');
  });

  it('splits a stay across a year end, the night of 31 December in December', () => {
    expect(stayNightsByMonth(WHOLE_YEAR, '2026-12-30', '2027-01-02')).toEqual([
      { year: 2026, month: 12, nights: 2, collected: 2 },
      { year: 2027, month: 1, nights: 1, collected: 1 },
    ]);
  });
});

/** Non-overlapping periods: sorted distinct days of a leap year, paired. */
const dayOfYear = fc.integer({ min: 0, max: 365 });
function monthDayOf(index: number): string {
  let rest = index;
  for (const month of MONTHS) {
    const days = daysInMonth(2024, month);
    if (rest < days) return isoDate(2024, month, rest + 1).slice(5);
    rest -= days;
  }
  throw new RangeError(String(index));
}
const periodsArb = fc
  .uniqueArray(dayOfYear, { minLength: 2, maxLength: 8 })
  .map((days) => [...days].sort((a, b) => a - b))
  .map((days) => {
    const periods: CollectionPeriod[] = [];
    for (let i = 0; i + 1 < days.length; i += 2)
      periods.push({ from: monthDayOf(days[i]!), to: monthDayOf(days[i + 1]!) });
    return periods;
  });

function dateOf(year: number, dayIndex: number): string {
  return new Date(Date.UTC(year, 0, 1 + dayIndex)).toISOString().slice(0, 10);
}

describe('the collected spans of a month', () => {
  it('cuts the periods at the month’s bounds', () => {
    expect(collectedSpansOfMonth(SEASON, 2026, 4)).toEqual([
      { beginDate: '2026-04-01', endDate: '2026-04-30' },
    ]);
    expect(collectedSpansOfMonth(SEASON, 2026, 10)).toEqual([]);
    expect(
      collectedSpansOfMonth(
        [
          { from: '01-01', to: '01-10' },
          { from: '01-20', to: '03-05' },
        ],
        2026,
        1,
      ),
    ).toEqual([
      { beginDate: '2026-01-01', endDate: '2026-01-10' },
      { beginDate: '2026-01-20', endDate: '2026-01-31' },
    ]);
    expect(collectedSpansOfMonth([{ from: '02-10', to: '02-29' }], 2027, 2)).toEqual([
      { beginDate: '2027-02-10', endDate: '2027-02-28' },
    ]);
  });
});

describe('properties', () => {
  it('accepts any non-overlapping periods; counts, month by month, the days the periods hold', () => {
    fc.assert(
      fc.property(periodsArb, fc.integer({ min: 2024, max: 2031 }), (periods, year) => {
        expect(collectionPeriodsSchema.safeParse(periods).success).toBe(true);
        let expected = 0;
        for (
          let day = new Date(Date.UTC(year, 0, 1));
          day.getUTCFullYear() === year;
          day.setUTCDate(day.getUTCDate() + 1)
        ) {
          const monthDay = day.toISOString().slice(5, 10);
          if (periods.some((p) => p.from <= monthDay && monthDay <= p.to)) expected++;
        }
        const counted = MONTHS.reduce(
          (sum, month: Month) => sum + collectedNightsOfMonth(periods, year, month),
          0,
        );
        expect(counted).toBe(expected);
        for (const month of MONTHS) {
          // The spans the missing months' SQL intersects hold exactly the month's collected nights.
          const spanNights = collectedSpansOfMonth(periods, year, month).reduce(
            (sum, span) => sum + nightsBetween(span.beginDate, span.endDate) + 1,
            0,
          );
          expect(spanNights).toBe(collectedNightsOfMonth(periods, year, month));
          const state = monthCollection(periods, year, month);
          expect(state === 'none').toBe(collectedNightsOfMonth(periods, year, month) === 0);
          expect(monthNeedsDeclaration(periods, year, month)).toBe(state !== 'none');
        }
      }),
      { numRuns: 60 },
    );
  });

  it('refuses any two periods sharing a day', () => {
    fc.assert(
      fc.property(periodsArb, fc.nat(), fc.boolean(), (periods, pick, first) => {
        const chosen = periods[pick % periods.length]!;
        const day = first ? chosen.from : chosen.to;
        expect(collectionPeriodsSchema.safeParse([...periods, { from: day, to: day }]).success).toBe(false);
      }),
    );
  });

  it('splits any stay into its months, taxes exactly its nights inside, and spreads its price without a cent lost', () => {
    fc.assert(
      fc.property(
        periodsArb,
        fc.integer({ min: 2025, max: 2028 }),
        fc.integer({ min: 0, max: 365 }),
        fc.integer({ min: 1, max: 366 }),
        fc.integer({ min: 0, max: 10_000_000 }),
        (periods, year, start, length, price) => {
          const arrival = dateOf(year, start);
          const departure = dateOf(year, start + length);
          const nights = Array.from({ length }, (_, i) => dateOf(year, start + i));
          const months = stayNightsByMonth(periods, arrival, departure);
          expect(months.reduce((sum, m) => sum + m.nights, 0)).toBe(length);
          const collected = nights.filter((night) => isNightCollected(periods, night)).length;
          expect(months.reduce((sum, m) => sum + m.collected, 0)).toBe(collected);
          expect(collectedNightsOfStay(periods, arrival, departure)).toBe(collected);
          expect(collectedNightsOfStay(WHOLE_YEAR, arrival, departure)).toBe(length);

          const parts = splitStayByCollection(periods, { arrival, departure, price });
          expect(parts.reduce((sum, part) => sum + part.rent, 0)).toBe(price);
          for (const part of parts) {
            const partNights = nights.slice(
              nightsBetween(arrival, part.from),
              nightsBetween(arrival, part.from) + part.nights,
            );
            expect(partNights.every((night) => isNightCollected(periods, night) === part.collected)).toBe(
              true,
            );
            expect(partNights.every((night) => night.slice(5, 7) === part.from.slice(5, 7))).toBe(true);
          }
        },
      ),
      { numRuns: 100 },
    );
  });

  it('dates the periods of each year, 29 February in leap years only', () => {
    const periods = [
      { from: '02-29', to: '03-31' },
      { from: '01-01', to: '02-29' },
      { from: '02-29', to: '02-29' },
    ];
    // Overlapping on purpose: dating does not validate, it only places each period in each year.
    expect(datedCollectionPeriods(periods, 2027, 2028)).toEqual([
      { beginDate: '2027-01-01', endDate: '2027-02-28' },
      { beginDate: '2027-03-01', endDate: '2027-03-31' },
      { beginDate: '2028-01-01', endDate: '2028-02-29' },
      { beginDate: '2028-02-29', endDate: '2028-03-31' },
      { beginDate: '2028-02-29', endDate: '2028-02-29' },
    ]);
  });
});
