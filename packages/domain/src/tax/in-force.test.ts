import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { firstDayOfMonth, type IsoDate, isoDate } from '../calendar/dates';
import type { Month } from '../calendar/months';
import { declarationAmounts } from '../declarations/amounts';
import { declarationUpdateSchema } from '../declarations/schemas';
import {
  computeDeliberationTable,
  type DeliberationTable,
  deliberationOfPricing,
} from '../deliberation/deliberation';
import { stayTax } from '../deliberation/stay';
import { CLASSIFIED_ESTABLISHMENT_TYPES, type EstablishmentType } from '../establishments/types';
import { type PricingTable, pricingPayloadSchema } from '../pricings/schemas';
import { computePricingTable } from '../pricings/table';
import {
  nightsBetween,
  registerMonthFigures,
  type StayInput,
  splitStayByMonth,
  splitStayByPricing,
  stayInputSchema,
} from '../register/stays';
import { lawfulPricingPayload } from '../testing/pricing';
import { pricingOfMonth, pricingOfNight } from './in-force';

const DAY_MS = 86_400_000;
const dayOf = (date: IsoDate) => Date.parse(`${date}T00:00:00Z`) / DAY_MS;
const dateOf = (day: number): IsoDate => new Date(day * DAY_MS).toISOString().slice(0, 10);

function table(
  beginDate: IsoDate,
  endDate: IsoDate,
  hotel3 = 150,
  rate = 500,
  threshold = 10_000,
): PricingTable {
  const lawful = lawfulPricingPayload();
  return computePricingTable(
    pricingPayloadSchema.parse({
      ...lawful,
      beginDate,
      endDate,
      threshold,
      rows: { ...lawful.rows, HOTEL_3: { tariff: hotel3 }, NONE: { rate } },
    }),
  );
}

/** A pricing table as the deliberation it is (departmental only, all year): what the register's tax reads. */
function deliberationOf(pricing: PricingTable): DeliberationTable {
  const rows = Object.fromEntries(
    CLASSIFIED_ESTABLISHMENT_TYPES.map((type) => [type, { tariff: pricing.rows[type].tariff }]),
  ) as Record<(typeof CLASSIFIED_ESTABLISHMENT_TYPES)[number], { tariff: number }>;
  return computeDeliberationTable(
    deliberationOfPricing({ ...pricing, rows: { ...rows, NONE: { rate: pricing.rows.NONE.rate } } }),
  );
}

const taxOfStay = (s: StayInput, type: EstablishmentType, pricings: readonly PricingTable[]) =>
  stayTax(s, type, pricings.map(deliberationOf));

function stay(overrides: Partial<StayInput>): StayInput {
  return stayInputSchema.parse({
    arrival: '2026-12-30',
    departure: '2027-01-02',
    persons: 2,
    price: 30_000,
    ...overrides,
  });
}

const y2026 = table('2026-01-01', '2026-12-31', 150);
const y2027 = table('2027-01-01', '2027-12-31', 200);

describe('the pricing in force on a night', () => {
  it('is the one whose period holds the evening the night starts', () => {
    expect(pricingOfNight([y2026, y2027], '2026-12-31')).toBe(y2026);
    expect(pricingOfNight([y2026, y2027], '2027-01-01')).toBe(y2027);
    expect(pricingOfNight([y2026], '2027-01-01')).toBeUndefined();
  });

  it('gives a month a pricing only when every night of it shares one', () => {
    const firstHalf = table('2026-01-01', '2026-07-14');
    const secondHalf = table('2026-07-15', '2026-12-31');
    expect(pricingOfMonth([firstHalf, secondHalf], 2026, 6)).toBe(firstHalf);
    expect(pricingOfMonth([firstHalf, secondHalf], 2026, 7)).toBeUndefined();
    expect(pricingOfMonth([firstHalf, secondHalf], 2026, 8)).toBe(secondHalf);
    expect(pricingOfMonth([y2026], 2027, 1)).toBeUndefined();
  });
});

describe('the tax of a stay', () => {
  it('charges each night at the tariff in force that night, not the arrival’s', () => {
    // 30 and 31 December under the 2026 table (1,50 €), 1 January under 2027's (2,00 €); 2 persons.
    const tax = taxOfStay(stay({}), 'HOTEL_3', [y2026, y2027]);
    expect(tax?.parts.map((p) => [p.from, p.nights, p.pricing.beginDate, p.tax.total])).toEqual([
      ['2026-12-30', 2, '2026-01-01', 4 * (150 + 15)],
      ['2027-01-01', 1, '2027-01-01', 2 * (200 + 20)],
    ]);
    expect(tax?.total).toBe(4 * 165 + 2 * 220);
  });

  it('splits a stay at a pricing that ends inside a month, its rent by nights', () => {
    const parts = splitStayByPricing(stay({ arrival: '2026-07-13', departure: '2026-07-17', price: 1_001 }), [
      table('2026-01-01', '2026-07-14'),
      table('2026-07-15', '2026-12-31'),
    ]);
    expect(parts.map((p) => [p.from, p.nights, p.rent, p.pricing?.beginDate])).toEqual([
      ['2026-07-13', 2, 500, '2026-01-01'],
      ['2026-07-15', 2, 501, '2026-07-15'],
    ]);
  });

  it('is unknown when a night has no pricing, and owed by no one when a platform collected it', () => {
    expect(taxOfStay(stay({}), 'HOTEL_3', [y2026])).toBeNull();
    expect(taxOfStay(stay({ platform: true }), 'HOTEL_3', [y2026, y2027])).toBeNull();
  });
});

/**
 * Contiguous pricings from 2024 to 2030 with their own tariffs and thresholds, cut at month starts (where
 * declarations can follow them) and sometimes once inside a month (a month no declaration can be computed for).
 */
const arbitraryPricings = fc
  .record({
    cuts: fc.uniqueArray(fc.integer({ min: 1, max: 12 * 6 - 1 }), { maxLength: 6 }),
    midMonth: fc.option(fc.integer({ min: 0, max: 365 * 6 }), { nil: undefined }),
    tariffs: fc.array(
      fc.record({
        hotel3: fc.integer({ min: 20, max: 300 }),
        rate: fc.integer({ min: 100, max: 500 }),
        threshold: fc.integer({ min: 1_000, max: 30_000 }),
      }),
      { minLength: 8, maxLength: 8 },
    ),
  })
  .map(({ cuts, midMonth, tariffs }) => {
    const starts = cuts.map((n) =>
      dayOf(firstDayOfMonth(2024 + Math.floor(n / 12), ((n % 12) + 1) as Month)),
    );
    if (midMonth !== undefined) {
      const day = dayOf('2024-01-01') + midMonth;
      if (dateOf(day).slice(8) !== '01') starts.push(day);
    }
    const bounds = [dayOf('2024-01-01'), ...new Set(starts), dayOf('2031-01-01')].sort((a, b) => a - b);
    return bounds.slice(0, -1).map((begin, i) => {
      const t = tariffs[i % tariffs.length]!;
      return table(dateOf(begin), dateOf(bounds[i + 1]! - 1), t.hotel3, t.rate, t.threshold);
    });
  });

const stayFields = {
  nights: fc.integer({ min: 1, max: 70 }),
  persons: fc.integer({ min: 1, max: 8 }),
  exempted: fc.integer({ min: 0, max: 8 }),
  price: fc.integer({ min: 0, max: 1_000_000 }),
};

function makeStay(
  arrival: number,
  s: { nights: number; persons: number; exempted: number; price: number },
  platform = false,
) {
  const exempted = Math.min(s.exempted, s.persons);
  return stayInputSchema.parse({
    arrival: dateOf(arrival),
    departure: dateOf(arrival + s.nights),
    persons: s.persons,
    exempted,
    exemptionReason: exempted > 0 ? 'MINOR' : null,
    price: s.price,
    platform,
  });
}

/** Stays anywhere in 2025–2028, overlapping one another, some booked through a collecting platform. */
const arbitraryRegister = fc
  .array(fc.record({ start: fc.integer({ min: 0, max: 365 * 4 }), platform: fc.boolean(), ...stayFields }), {
    maxLength: 10,
  })
  .map((lines) => lines.map((l) => makeStay(dayOf('2025-01-01') + l.start, l, l.platform)));

/**
 * Stays one after the other, none sharing a month with another: for unclassified lets a month's band charges
 * its rent over its person-nights, so a month's tax is its stays' when each band of each month has one stay.
 */
const arbitrarySuccessiveStays = fc
  .array(fc.record({ gap: fc.integer({ min: 0, max: 60 }), ...stayFields }), {
    maxLength: 8,
  })
  .map((lines) => {
    const stays: StayInput[] = [];
    let day = dayOf('2025-01-01');
    for (const line of lines) {
      const s = makeStay(day + line.gap, line);
      stays.push(s);
      const lastNight = dateOf(dayOf(s.departure) - 1);
      const month = Number(lastNight.slice(5, 7));
      day = dayOf(
        month === 12
          ? isoDate(Number(lastNight.slice(0, 4)) + 1, 1, 1)
          : isoDate(Number(lastNight.slice(0, 4)), (month + 1) as Month, 1),
      );
    }
    return stays;
  });

/** Every month a stay has a night in, and the sum of the stays' tax parts of that month. */
function staysTaxByMonth(
  stays: readonly StayInput[],
  type: EstablishmentType,
  pricings: readonly PricingTable[],
) {
  const months = new Map<string, { year: number; month: Month; tax: number }>();
  for (const s of stays) {
    for (const share of splitStayByMonth(s)) {
      const key = `${share.year}-${share.month}`;
      if (!months.has(key)) months.set(key, { year: share.year, month: share.month, tax: 0 });
    }
    const tax = taxOfStay(s, type, pricings);
    if (s.platform) {
      expect(tax).toBeNull();
      continue;
    }
    expect(tax).not.toBeNull();
    for (const part of tax?.parts ?? []) months.get(`${part.year}-${part.month}`)!.tax += part.tax.total;
  }
  return months;
}

/** The month as a declaration computes it from the register: its figures, the pricing of its nights. */
function declaredMonth(
  stays: readonly StayInput[],
  type: EstablishmentType,
  pricing: PricingTable,
  year: number,
  month: Month,
) {
  const figures = registerMonthFigures(stays, { year, month }, pricing.threshold);
  return declarationAmounts(type, declarationUpdateSchema.parse(figures), pricing).tax.total;
}

describe('a register and its declarations', () => {
  it('charge every night under the same pricing', () => {
    fc.assert(
      fc.property(arbitraryRegister, arbitraryPricings, (stays, pricings) => {
        for (const s of stays) {
          const parts = splitStayByPricing(s, pricings);
          expect(parts.reduce((n, p) => n + p.nights, 0)).toBe(nightsBetween(s.arrival, s.departure));
          for (const part of parts) {
            for (let night = dayOf(part.from); night < dayOf(part.from) + part.nights; night++) {
              const date = dateOf(night);
              expect(pricingOfNight(pricings, date)).toBe(part.pricing);
              expect(Number(date.slice(5, 7))).toBe(part.month);
              // The declaration of the night's month, when it has one, is computed with that same pricing.
              const ofMonth = pricingOfMonth(pricings, part.year, part.month);
              if (ofMonth) expect(ofMonth).toBe(part.pricing);
            }
          }
        }
      }),
    );
  });

  it('give each month the sum of its stays’ tax (classified types, any register)', () => {
    fc.assert(
      fc.property(
        arbitraryRegister,
        arbitraryPricings,
        fc.constantFrom(...CLASSIFIED_ESTABLISHMENT_TYPES),
        (stays, pricings, type) => {
          for (const { year, month, tax } of staysTaxByMonth(stays, type, pricings).values()) {
            const pricing = pricingOfMonth(pricings, year, month);
            if (!pricing) continue;
            expect(declaredMonth(stays, type, pricing, year, month)).toBe(tax);
          }
        },
      ),
    );
  });

  it('give each month the sum of its stays’ tax (unclassified lets, one stay a month)', () => {
    fc.assert(
      fc.property(arbitrarySuccessiveStays, arbitraryPricings, (stays, pricings) => {
        for (const { year, month, tax } of staysTaxByMonth(stays, 'NONE', pricings).values()) {
          const pricing = pricingOfMonth(pricings, year, month);
          if (!pricing) continue;
          expect(declaredMonth(stays, 'NONE', pricing, year, month)).toBe(tax);
        }
      }),
    );
  });
});
