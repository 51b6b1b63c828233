import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isoDate } from '../calendar/dates';
import type { Month } from '../calendar/months';
import { declarationUpdateSchema } from '../declarations/schemas';
import {
  nightBand,
  nightsBetween,
  registerMonthFigures,
  type StayInput,
  splitStayByMonth,
  stayInputSchema,
} from './stays';

const THRESHOLD = 10_000;

function stay(overrides: Partial<StayInput>): StayInput {
  return stayInputSchema.parse({
    arrival: '2026-06-10',
    departure: '2026-06-13',
    persons: 2,
    exempted: 0,
    price: 30_000,
    ...overrides,
  });
}

/** A stay anywhere in 2025–2027, 1 to 120 nights, its price per night around the threshold. */
const arbitraryStay = fc
  .record({
    startDay: fc.integer({ min: 0, max: 365 * 3 }),
    nights: fc.integer({ min: 1, max: 120 }),
    persons: fc.integer({ min: 1, max: 12 }),
    exemptedShare: fc.integer({ min: 0, max: 12 }),
    price: fc.integer({ min: 0, max: 5_000_000 }),
    platform: fc.boolean(),
  })
  .map(({ startDay, nights, persons, exemptedShare, price, platform }) => {
    const day = (n: number) => new Date(Date.UTC(2025, 0, 1) + n * 86_400_000).toISOString().slice(0, 10);
    const exempted = Math.min(exemptedShare, persons);
    return stayInputSchema.parse({
      arrival: day(startDay),
      departure: day(startDay + nights),
      persons,
      exempted,
      exemptionReason: exempted > 0 ? 'MINOR' : null,
      price,
      platform,
    });
  });

describe('a stay split by month', () => {
  it('gives the night of 30 June to 1 July to June', () => {
    expect(splitStayByMonth(stay({ arrival: '2026-06-28', departure: '2026-07-03', price: 50_000 }))).toEqual(
      [
        { year: 2026, month: 6, nights: 3, rent: 30_000 },
        { year: 2026, month: 7, nights: 2, rent: 20_000 },
      ],
    );
  });

  it('crosses a year and spreads an uneven price without losing a cent', () => {
    const shares = splitStayByMonth(stay({ arrival: '2026-12-31', departure: '2027-01-03', price: 100 }));
    expect(shares).toEqual([
      { year: 2026, month: 12, nights: 1, rent: 33 },
      { year: 2027, month: 1, nights: 2, rent: 67 },
    ]);
  });

  it('skips no month of a long stay (February of a leap year included)', () => {
    const shares = splitStayByMonth(stay({ arrival: '2028-01-31', departure: '2028-04-01', price: 0 }));
    expect(shares.map((s) => [s.month, s.nights])).toEqual([
      [1, 1],
      [2, 29],
      [3, 31],
    ]);
  });

  it('property: the months’ nights and rents add up to the stay’s, in consecutive months', () => {
    fc.assert(
      fc.property(arbitraryStay, (s) => {
        const shares = splitStayByMonth(s);
        expect(shares.reduce((sum, x) => sum + x.nights, 0)).toBe(nightsBetween(s.arrival, s.departure));
        expect(shares.reduce((sum, x) => sum + x.rent, 0)).toBe(s.price);
        for (const share of shares) expect(share.nights).toBeGreaterThan(0);
        for (let i = 1; i < shares.length; i++) {
          const previous = shares[i - 1]!;
          const expected =
            previous.month === 12 ? [previous.year + 1, 1] : [previous.year, previous.month + 1];
          expect([shares[i]!.year, shares[i]!.month]).toEqual(expected);
        }
      }),
    );
  });

  it('property: the months’ person-nights from the register add up to the stay’s', () => {
    fc.assert(
      fc.property(fc.array(arbitraryStay, { minLength: 1, maxLength: 8 }), (stays) => {
        const months = new Map<string, { year: number; month: Month }>();
        for (const s of stays)
          for (const share of splitStayByMonth(s)) months.set(`${share.year}-${share.month}`, share);
        let direct = 0;
        let platform = 0;
        let exempted = 0;
        let rent = 0;
        for (const target of months.values()) {
          const f = registerMonthFigures(stays, target, THRESHOLD);
          direct += f.nightsCount;
          platform += f.platformNightsCount;
          exempted += f.exemptedCount;
          rent += f.prixInf + f.prixSup;
          expect(f.nightsCountInf + f.nightsCountSup).toBe(f.nightsCount);
          expect(f.nightsCountInfMin + f.nightsCountSupMin).toBe(f.exemptedCount);
          // What the register computes is always a declaration the server accepts.
          expect(declarationUpdateSchema.safeParse(f).success).toBe(true);
        }
        const personNights = (s: StayInput) => s.persons * nightsBetween(s.arrival, s.departure);
        expect(direct).toBe(stays.filter((s) => !s.platform).reduce((sum, s) => sum + personNights(s), 0));
        expect(platform).toBe(stays.filter((s) => s.platform).reduce((sum, s) => sum + personNights(s), 0));
        expect(exempted).toBe(
          stays
            .filter((s) => !s.platform)
            .reduce((sum, s) => sum + s.exempted * nightsBetween(s.arrival, s.departure), 0),
        );
        expect(rent).toBe(stays.filter((s) => !s.platform).reduce((sum, s) => sum + s.price, 0));
      }),
    );
  });
});

describe('the band of each night (unclassified lets)', () => {
  it('puts a night below the threshold in the lower band, at the threshold in the upper one', () => {
    expect(nightBand(stay({ price: 29_999 }), THRESHOLD)).toBe('inf');
    expect(nightBand(stay({ price: 30_000 }), THRESHOLD)).toBe('sup');
  });

  it('decides by the price of one night, not of the stay', () => {
    // 700 € for 7 nights is 100 € a night: the upper band, though 700 € is far above the threshold.
    expect(
      nightBand(stay({ arrival: '2026-06-01', departure: '2026-06-08', price: 70_000 }), THRESHOLD),
    ).toBe('sup');
    expect(
      nightBand(stay({ arrival: '2026-06-01', departure: '2026-06-08', price: 69_999 }), THRESHOLD),
    ).toBe('inf');
  });

  it('property: a night is in the lower band exactly when its price per night is below the threshold', () => {
    fc.assert(
      fc.property(arbitraryStay, fc.integer({ min: 1, max: 50_000 }), (s, threshold) => {
        const perNight = s.price / nightsBetween(s.arrival, s.departure);
        expect(nightBand(s, threshold)).toBe(perNight < threshold ? 'inf' : 'sup');
        const f = registerMonthFigures([{ ...s, platform: false }], splitStayByMonth(s)[0]!, threshold);
        if (perNight < threshold) expect(f.nightsCountSup).toBe(0);
        else expect(f.nightsCountInf).toBe(0);
      }),
    );
  });
});

describe('a month computed from the register', () => {
  it('adds direct stays, keeps platform stays apart, and shares the rent of a stay across months', () => {
    const stays = [
      // 700 € for 7 nights, 4 persons, 2 minors: all in June, upper band.
      stay({
        arrival: '2026-06-01',
        departure: '2026-06-08',
        persons: 4,
        exempted: 2,
        exemptionReason: 'MINOR',
        price: 70_000,
      }),
      // 60 € a night from 29 June to 2 July: 2 June nights, lower band.
      stay({ arrival: '2026-06-29', departure: '2026-07-02', persons: 2, price: 18_000 }),
      // Booked on a platform that collected the tax.
      stay({ arrival: '2026-06-10', departure: '2026-06-12', persons: 3, price: 40_000, platform: true }),
      // May only.
      stay({ arrival: '2026-05-20', departure: '2026-05-25', persons: 2, price: 50_000 }),
    ];
    expect(registerMonthFigures(stays, { year: 2026, month: 6 }, THRESHOLD)).toEqual({
      personCount: 6,
      nightsCount: 28 + 4,
      exemptedCount: 14,
      nightsCountSup: 28,
      nightsCountSupMin: 14,
      prixSup: 70_000,
      prixSupMin: 35_000,
      nightsCountInf: 4,
      nightsCountInfMin: 0,
      prixInf: 12_000,
      prixInfMin: 0,
      platformNightsCount: 6,
    });
  });
});

describe('the stay schema', () => {
  const errors = (input: Record<string, unknown>) =>
    Object.fromEntries(
      (
        stayInputSchema.safeParse({
          arrival: '2026-06-01',
          departure: '2026-06-03',
          persons: 2,
          price: 100,
          ...input,
        }).error?.issues ?? []
      ).map((issue) => [issue.path.join('.'), issue.message]),
    );

  it('accepts a stay and defaults what may be left out', () => {
    expect(stay({})).toMatchObject({ exempted: 0, exemptionReason: null, platform: false, reference: '' });
  });

  it('refuses a departure not after the arrival, in French', () => {
    expect(errors({ departure: '2026-06-01' })).toEqual({
      departure: 'La date de départ doit être postérieure à la date d’arrivée.',
    });
    expect(errors({ departure: '2027-06-03' })).toEqual({
      departure: 'Un séjour ne peut pas dépasser 366 nuits.',
    });
  });

  it('asks the reason of exempted persons and no reason without them', () => {
    expect(errors({ exempted: 1 })).toEqual({ exemptionReason: 'Indiquez le motif d’exonération.' });
    expect(errors({ exemptionReason: 'MINOR' })).toEqual({
      exemptionReason: 'Un motif d’exonération ne s’indique que pour des personnes exonérées.',
    });
    expect(errors({ exempted: 3, exemptionReason: 'MINOR' })).toEqual({
      exempted: 'Veuillez sélectionner une valeur inférieure ou égale à 2.',
    });
  });

  it('refuses impossible dates and counts', () => {
    expect(errors({ arrival: '2026-02-30' }).arrival).toBe('Veuillez saisir une date valide (aaaa-mm-jj).');
    expect(errors({ persons: 0 })).toEqual({ persons: 'Un séjour compte au moins une personne.' });
    expect(errors({ persons: 1.5 }).persons).toBe('Veuillez saisir un nombre entier.');
    expect(errors({ price: -1 }).price).toBe('Veuillez sélectionner une valeur supérieure ou égale à 0.');
  });

  it('builds its dates with the calendar helpers', () => {
    expect(isoDate(2026, 6, 1)).toBe('2026-06-01');
  });
});
