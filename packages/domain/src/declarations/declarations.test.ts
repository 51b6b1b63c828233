import { describe, expect, it } from 'vitest';
import { pricingPayloadSchema } from '../pricings/schemas';
import { computePricingTable } from '../pricings/table';
import { lawfulPricingPayload } from '../testing/pricing';
import { declarationAmounts, storedExplanation } from './amounts';
import { isDeclarable, monthCapacity, monthOf, monthState } from './calendar';
import { plausibilityErrors } from './plausibility';
import { declarationCreateSchema, declarationListQuerySchema, declarationUpdateSchema } from './schemas';

const june2026 = { year: 2026, month: 6 } as const;

describe('the months a host may declare', () => {
  it('accepts past months and the current one, never a month to come', () => {
    expect(isDeclarable({ year: 2026, month: 5 }, june2026)).toBe(true);
    expect(isDeclarable(june2026, june2026)).toBe(true);
    expect(isDeclarable({ year: 2025, month: 12 }, june2026)).toBe(true);
    expect(isDeclarable({ year: 2026, month: 7 }, june2026)).toBe(false);
    expect(isDeclarable({ year: 2027, month: 1 }, { year: 2026, month: 12 })).toBe(false);
  });

  it('reads the month in the collectivity’s time zone (Paris), not UTC', () => {
    // 30 June 2026 at 22:30 UTC is already 1 July in Paris (UTC+2 in summer).
    expect(monthOf(new Date('2026-06-30T22:30:00Z'))).toEqual({ year: 2026, month: 7 });
    expect(monthOf(new Date('2026-06-30T21:30:00Z'))).toEqual({ year: 2026, month: 6 });
    expect(monthOf(new Date('2026-12-31T23:30:00Z'))).toEqual({ year: 2027, month: 1 });
  });
});

describe('the state of a month', () => {
  it('is done, draft, late, to declare or to come', () => {
    expect(monthState({ year: 2026, month: 3 }, june2026, { done: true })).toBe('done');
    expect(monthState({ year: 2026, month: 3 }, june2026, { done: false })).toBe('draft');
    expect(monthState({ year: 2026, month: 3 }, june2026, null)).toBe('late');
    expect(monthState(june2026, june2026, null)).toBe('todo');
    expect(monthState({ year: 2026, month: 9 }, june2026, null)).toBe('future');
  });

  it('counts a month covered by a platform-only attestation as declared, unless a declaration says otherwise', () => {
    expect(monthState({ year: 2026, month: 3 }, june2026, null, true)).toBe('done');
    expect(monthState({ year: 2026, month: 3 }, june2026, { done: false }, true)).toBe('draft');
  });
});

describe('plausibility of the figures', () => {
  const hotel = { type: 'HOTEL_3', capacityMaxPerson: 10 } as const;
  const figures = (over: Partial<Record<string, number>>) => declarationUpdateSchema.parse(over);

  it('refuses more person-nights than places × nights of the month, naming the capacity', () => {
    expect(monthCapacity(10, { year: 2026, month: 2 })).toBe(280);
    expect(plausibilityErrors(hotel, { year: 2026, month: 2 }, figures({ nightsCount: 280 }))).toEqual({});
    const errors = plausibilityErrors(hotel, { year: 2026, month: 2 }, figures({ nightsCount: 281 }));
    expect(errors.nightsCount).toBe(
      'Au plus 280 nuitées en février : la capacité de l’établissement est de 10 personnes × 28 nuits.',
    );
  });

  it('counts both bands of an unclassified let and the platform nights', () => {
    const let_ = { type: 'NONE', capacityMaxPerson: 4 } as const;
    const april = { year: 2026, month: 4 } as const; // 30 nights → 120
    expect(plausibilityErrors(let_, april, figures({ nightsCountInf: 60, nightsCountSup: 60 }))).toEqual({});
    expect(
      Object.keys(plausibilityErrors(let_, april, figures({ nightsCountInf: 60, nightsCountSup: 61 }))),
    ).toEqual(['nightsCountSup']);
    expect(
      Object.keys(plausibilityErrors(let_, april, figures({ nightsCountInf: 100, platformNightsCount: 21 }))),
    ).toEqual(['platformNightsCount']);
  });

  it('checks nothing when the capacity is unknown', () => {
    const unknown = { type: 'HOTEL_1', capacityMaxPerson: null } as const;
    expect(plausibilityErrors(unknown, june2026, figures({ nightsCount: 9_000_000 }))).toEqual({});
  });
});

describe('declaration payloads', () => {
  it('defaults every figure to zero and keeps the figures’ own rules', () => {
    const parsed = declarationCreateSchema.parse({ establishmentId: 3, year: 2026, month: 6 });
    expect(parsed.nightsCount).toBe(0);
    expect(parsed.platformNightsCount).toBe(0);
    const refused = declarationCreateSchema.safeParse({
      establishmentId: 3,
      year: 2026,
      month: 6,
      nightsCount: 10,
      exemptedCount: 11,
    });
    expect(refused.error?.issues[0]).toMatchObject({
      path: ['exemptedCount'],
      message: 'Veuillez sélectionner une valeur inférieure ou égale à 10.',
    });
  });

  it('refuses a month outside 1–12 with the form engine’s message', () => {
    const refused = declarationCreateSchema.safeParse({ establishmentId: 3, year: 2026, month: 13 });
    expect(refused.error?.issues[0]?.message).toBe(
      'Veuillez sélectionner une valeur inférieure ou égale à 12.',
    );
  });

  it('reads list filters from a query string', () => {
    const query = declarationListQuerySchema.parse({
      year: '2026',
      semester: '1',
      done: 'true',
      type: 'unset',
      sort: 'period:desc,establishment:asc',
    });
    expect(query).toMatchObject({ year: 2026, semester: 1, done: true, type: 'unset', limit: 10, offset: 0 });
    expect(query.sort).toEqual([
      { field: 'period', direction: 'desc' },
      { field: 'establishment', direction: 'asc' },
    ]);
    expect(declarationListQuerySchema.safeParse({ month: '13' }).success).toBe(false);
  });
});

describe('the amounts of a month', () => {
  const table = computePricingTable(pricingPayloadSchema.parse(lawfulPricingPayload()));

  it('charges a classified type its tariff per taxable person-night, never the platform nights', () => {
    const figures = declarationUpdateSchema.parse({
      personCount: 12,
      nightsCount: 40,
      exemptedCount: 4,
      platformNightsCount: 25,
      nightsCountInf: 7,
    });
    const { tax, tariffs, figures: kept } = declarationAmounts('HOTEL_3', figures, table);
    // 36 taxable × 1,50 € = 54,00 €; departmental 36 × 0,15 € = 5,40 €.
    expect(tax).toMatchObject({ taxableNights: 36, cc: 5400, moselle: 540, total: 5940 });
    expect(tariffs).toEqual({ cc: 150, moselle: 15 });
    expect(kept.nightsCountInf).toBe(0);
    expect(kept.platformNightsCount).toBe(25);
  });

  it('derives an unclassified let’s totals from its two bands', () => {
    const figures = declarationUpdateSchema.parse({
      nightsCountInf: 28,
      nightsCountInfMin: 14,
      prixInf: 70_000,
      prixInfMin: 35_000,
      nightsCount: 999,
    });
    const { tax, figures: kept } = declarationAmounts('NONE', figures, table);
    // 700 € for 28 person-nights at 5 % → 1,25 €; 14 taxable → 17,50 €; departmental 0,13 € × 14 = 1,82 €.
    expect(kept.nightsCount).toBe(28);
    expect(kept.exemptedCount).toBe(14);
    expect(tax).toMatchObject({ taxableNights: 14, cc: 1750, moselle: 182, total: 1932 });
  });

  it('explains each band as unit tariff × taxable person-nights, the departmental unit rounded per night', () => {
    // 331,20 € for 36 person-nights at 5 % → 0,46 €; departmental 10 % of 0,46 € = 0,046 € → 0,05 € a night.
    const figures = declarationUpdateSchema.parse({
      nightsCountInf: 40,
      nightsCountInfMin: 4,
      prixInf: 36_800,
      prixInfMin: 3_680,
      nightsCountSup: 10,
      prixSup: 150_000,
    });
    const { tax, tariffs } = declarationAmounts('NONE', figures, table);
    if (tax.regime !== 'proportional') throw new Error('unclassified lets are proportional');
    expect(tax.departmentalRate).toBe(1000);
    expect(tax.bands.inf).toMatchObject({
      nights: 40,
      taxableNights: 36,
      tariffs: { cc: 46, moselle: 5 },
      cc: 1656,
      moselle: 180,
      capped: false,
    });
    // 5 % of 150 € a night is 7,50 €: the cap (the palaces' tariff, 3,00 €) is charged instead.
    expect(tax.bands.sup).toMatchObject({
      taxableNights: 10,
      tariffs: { cc: 300, moselle: 30 },
      capped: true,
    });
    // A done declaration explains itself from the tariffs it keeps, with the same figures.
    const stored = storedExplanation({
      nightsCount: 50,
      exemptedCount: 4,
      nightsCountInf: 40,
      nightsCountInfMin: 4,
      nightsCountSup: 10,
      nightsCountSupMin: 0,
      tariffs,
    });
    expect(stored).toMatchObject({
      regime: 'proportional',
      cap: 300,
      bands: {
        inf: { taxableNights: 36, tariffs: { cc: 46, moselle: 5 }, cc: 1656, moselle: 180, total: 1836 },
        sup: { taxableNights: 10, cc: 3000, moselle: 300, capped: true },
      },
    });
  });

  it('explains a classified declaration with its taxable person-nights and amounts', () => {
    const stored = storedExplanation({
      nightsCount: 40,
      exemptedCount: 4,
      nightsCountInf: 0,
      nightsCountInfMin: 0,
      nightsCountSup: 0,
      nightsCountSupMin: 0,
      tariffs: { cc: 150, moselle: 15 },
    });
    expect(stored).toEqual({
      regime: 'classified',
      taxableNights: 36,
      tariffs: { cc: 150, moselle: 15 },
      cc: 5400,
      moselle: 540,
      total: 5940,
    });
  });
});
