import { describe, expect, it } from 'vitest';
import { type PricingTable, pricingPayloadSchema } from '../pricings/schemas';
import { computePricingTable } from '../pricings/table';
import { computeDeclarationTax, type DeclarationTax } from './engine';
import { type DeclarationFiguresInput, declarationFiguresSchema } from './figures';

/**
 * A pricing table is computed by the deliberation engine, on the table's grid with the departmental component
 * alone, and read back as cc and moselle. These examples are worked by hand; each result is compared whole,
 * its keys' order included (a declaration keeps its tariffs as JSON), so a field the mapping drops, renames
 * or adds shows.
 */

const ROWS = {
  PALACES: { tariff: 490 },
  HOTEL_5: { tariff: 250 },
  HOTEL_4: { tariff: 200 },
  HOTEL_3: { tariff: 170 },
  HOTEL_2: { tariff: 100 },
  HOTEL_1: { tariff: 25 },
  CAMPING_345: { tariff: 60 },
  CAMPING_12: { tariff: 20 },
  NONE: { rate: 500 },
};

function table(departmentalRate: number): PricingTable {
  return computePricingTable(
    pricingPayloadSchema.parse({
      beginDate: '2026-01-01',
      endDate: '2026-12-31',
      rows: ROWS,
      departmentalRate,
    }),
  );
}

function tax(
  type: 'HOTEL_1' | 'HOTEL_3' | 'NONE',
  pricing: PricingTable,
  figures: Partial<DeclarationFiguresInput>,
) {
  return computeDeclarationTax({
    type,
    figures: declarationFiguresSchema.parse({ personCount: 1, nightsCount: 0, exemptedCount: 0, ...figures }),
    pricing,
  });
}

function expectWhole(actual: DeclarationTax, expected: DeclarationTax) {
  expect(actual).toEqual(expected);
  expect(JSON.stringify(actual)).toBe(JSON.stringify(expected));
}

describe('a pricing table computed by the deliberation engine', () => {
  it('classified, 10 %: 1,70 € + 0,17 € on 26 taxable person-nights of 30', () => {
    expectWhole(tax('HOTEL_3', table(1_000), { nightsCount: 30, exemptedCount: 4 }), {
      regime: 'classified',
      nights: 30,
      taxableNights: 26,
      tariffs: { cc: 170, moselle: 17 },
      cc: 4420,
      moselle: 442,
      total: 4862,
    });
  });

  it('classified, departmental rate 0: moselle is 0 and the total is the community tax', () => {
    expectWhole(tax('HOTEL_3', table(0), { nightsCount: 10, exemptedCount: 2 }), {
      regime: 'classified',
      nights: 10,
      taxableNights: 8,
      tariffs: { cc: 170, moselle: 0 },
      cc: 1360,
      moselle: 0,
      total: 1360,
    });
  });

  it('classified: charges the departmental unit the table fixes, not one recomputed from the rate', () => {
    // 10 % of 0,25 € is 0,025 €, 0,03 € once rounded; this table fixes 0,02 €.
    const computed = table(1_000);
    const fixed: PricingTable = {
      ...computed,
      rows: { ...computed.rows, HOTEL_1: { tariff: 25, departmental: 2, total: 27 } },
    };
    expectWhole(tax('HOTEL_1', fixed, { nightsCount: 100 }), {
      regime: 'classified',
      nights: 100,
      taxableNights: 100,
      tariffs: { cc: 25, moselle: 2 },
      cc: 2500,
      moselle: 200,
      total: 2700,
    });
    expect(tax('HOTEL_1', computed, { nightsCount: 100 })).toMatchObject({ tariffs: { cc: 25, moselle: 3 } });
  });

  it('unclassified, 5 % departmental: each band rounded on its own, the sup band capped at 4,90 €', () => {
    // inf: 5 % × 300 € ÷ 10 = 1,50 €, 5 % of it 0,075 € → 0,08 €.
    // sup: 5 % × 600 € ÷ 4 = 7,50 € → cap 4,90 €, 5 % of it 0,245 € → 0,25 €; 3 taxable of 4.
    expectWhole(
      tax('NONE', table(500), {
        nightsCountInf: 10,
        prixInf: 30_000,
        nightsCountSup: 4,
        nightsCountSupMin: 1,
        prixSup: 60_000,
      }),
      {
        regime: 'proportional',
        rate: 500,
        cap: 490,
        departmentalRate: 500,
        bands: {
          inf: {
            nights: 10,
            taxableNights: 10,
            rent: 30_000,
            tariffs: { cc: 150, moselle: 8 },
            capped: false,
            cc: 1500,
            moselle: 80,
            total: 1580,
          },
          sup: {
            nights: 4,
            taxableNights: 3,
            rent: 60_000,
            tariffs: { cc: 490, moselle: 25 },
            capped: true,
            cc: 1470,
            moselle: 75,
            total: 1545,
          },
        },
        nights: 14,
        taxableNights: 13,
        cc: 2970,
        moselle: 155,
        total: 3125,
      },
    );
  });

  it('unclassified: the cap and rate are the table’s own; a band without nights charges nothing', () => {
    // 4,4 % × 1 012,50 € ÷ 10 = 4,455 € → 4,46 €, above this table's 3,00 € cap; 10 % of 3,00 € = 0,30 €.
    const computed = table(1_000);
    const own: PricingTable = { ...computed, rows: { ...computed.rows, NONE: { rate: 440, cap: 300 } } };
    expectWhole(tax('NONE', own, { nightsCountInf: 10, nightsCountInfMin: 4, prixInf: 101_250 }), {
      regime: 'proportional',
      rate: 440,
      cap: 300,
      departmentalRate: 1_000,
      bands: {
        inf: {
          nights: 10,
          taxableNights: 6,
          rent: 101_250,
          tariffs: { cc: 300, moselle: 30 },
          capped: true,
          cc: 1800,
          moselle: 180,
          total: 1980,
        },
        sup: {
          nights: 0,
          taxableNights: 0,
          rent: 0,
          tariffs: { cc: 0, moselle: 0 },
          capped: false,
          cc: 0,
          moselle: 0,
          total: 0,
        },
      },
      nights: 10,
      taxableNights: 6,
      cc: 1800,
      moselle: 180,
      total: 1980,
    });
  });

  it('refuses a band with more exempted person-nights than person-nights', () => {
    const figures = {
      ...declarationFiguresSchema.parse({ personCount: 1, nightsCount: 0, exemptedCount: 0 }),
      nightsCountInf: 2,
      nightsCountInfMin: 3,
    };
    expect(() => computeDeclarationTax({ type: 'NONE', figures, pricing: table(1_000) })).toThrow(RangeError);
  });
});
