import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fieldErrorsFromIssues } from '../errors';
import { CLASSIFIED_ESTABLISHMENT_TYPES, type EstablishmentType } from '../establishments/types';
import { type PricingTable, pricingPayloadSchema } from '../pricings/schemas';
import { computePricingTable } from '../pricings/table';
import { computeDeclarationTax, type DeclarationTax } from './engine';
import { type DeclarationFigures, type DeclarationFiguresInput, declarationFiguresSchema } from './figures';

/** 2026 table: 3 stars at 1,70 € (Paris), palaces at 4,90 € (so NONE's cap is 4,90 €), NONE at 5 %. */
const pricing: PricingTable = computePricingTable(
  pricingPayloadSchema.parse({
    beginDate: '2026-01-01',
    endDate: '2026-12-31',
    rows: {
      PALACES: { tariff: 490 },
      HOTEL_5: { tariff: 250 },
      HOTEL_4: { tariff: 200 },
      HOTEL_3: { tariff: 170 },
      HOTEL_2: { tariff: 100 },
      HOTEL_1: { tariff: 25 },
      CAMPING_345: { tariff: 60 },
      CAMPING_12: { tariff: 20 },
      NONE: { rate: 500 },
    },
  }),
);

function withNone(rate: number, cap = pricing.rows.NONE.cap): PricingTable {
  return { ...pricing, rows: { ...pricing.rows, NONE: { rate, cap } } };
}

function figures(input: Partial<DeclarationFiguresInput>): DeclarationFigures {
  return declarationFiguresSchema.parse({ personCount: 0, nightsCount: 0, exemptedCount: 0, ...input });
}

describe('classified types', () => {
  it('charges CC and Moselle per taxable person-night (Paris 3★: 1,70 € + 0,17 €)', () => {
    const tax = computeDeclarationTax({
      type: 'HOTEL_3',
      figures: figures({ personCount: 10, nightsCount: 30, exemptedCount: 4 }),
      pricing,
    });
    expect(tax).toEqual({
      regime: 'classified',
      nights: 30,
      taxableNights: 26,
      tariffs: { cc: 170, moselle: 17 },
      cc: 4420,
      moselle: 442,
      total: 4862,
    });
  });

  it('rounds the departmental unit half-up before multiplying (0,25 € → 0,025 € → 0,03 €)', () => {
    const tax = computeDeclarationTax({ type: 'HOTEL_1', figures: figures({ nightsCount: 100 }), pricing });
    expect(tax).toMatchObject({ regime: 'classified', tariffs: { cc: 25, moselle: 3 } });
    expect([tax.cc, tax.moselle, tax.total]).toEqual([2500, 300, 2800]); // not 250 (0,025 × 100)
  });

  it('charges nothing when every night is exempted', () => {
    const tax = computeDeclarationTax({
      type: 'PALACES',
      figures: figures({ nightsCount: 12, exemptedCount: 12 }),
      pricing,
    });
    expect(tax.total).toBe(0);
  });
});

describe('unclassified (NONE)', () => {
  it('reproduces the reference example: 700 €, 7 nights, 4 persons with 2 children, 5 % → 17,50 €', () => {
    // 4 persons × 7 nights = 28 person-nights, 14 of them children's; the children's share is 350 €.
    const tax = computeDeclarationTax({
      type: 'NONE',
      figures: figures({
        personCount: 4,
        nightsCount: 28,
        exemptedCount: 14,
        nightsCountInf: 28,
        nightsCountInfMin: 14,
        prixInf: 70_000,
        prixInfMin: 35_000,
      }),
      pricing,
    });
    if (tax.regime !== 'proportional') throw new Error('expected the proportional regime');
    expect(tax.bands.inf.tariffs).toEqual({ cc: 125, moselle: 13 }); // 0,125 € → 0,13 €
    expect(tax.cc).toBe(1750);
    expect(tax.moselle).toBe(182);
    expect(tax.total).toBe(1932);
    expect(tax.bands.sup).toMatchObject({ nights: 0, cc: 0, moselle: 0, total: 0 });
    expect(tax.taxableNights).toBe(14);
  });

  it('divides the rent by every person-night, not by the taxable ones', () => {
    // 600 € over 30 person-nights, 10 exempted: 5 % × 20 € = 1,00 € × 20 taxable = 20,00 €,
    // whatever part of the rent (prixInfMin) falls on the exempted nights.
    for (const prixInfMin of [0, 10_000, 30_000]) {
      const tax = computeDeclarationTax({
        type: 'NONE',
        figures: figures({ nightsCountInf: 30, nightsCountInfMin: 10, prixInf: 60_000, prixInfMin }),
        pricing,
      });
      expect(tax.cc).toBe(2000);
    }
  });

  it('splits the two bands and adds them', () => {
    const tax = computeDeclarationTax({
      type: 'NONE',
      figures: figures({
        nightsCountInf: 10,
        prixInf: 30_000, // 30 € per person-night → 1,50 €
        nightsCountSup: 4,
        nightsCountSupMin: 1,
        prixSup: 60_000, // 150 € per person-night → 7,50 €, capped at 4,90 €
      }),
      pricing,
    });
    if (tax.regime !== 'proportional') throw new Error('expected the proportional regime');
    expect(tax.bands.inf).toMatchObject({
      tariffs: { cc: 150, moselle: 15 },
      cc: 1500,
      moselle: 150,
      capped: false,
    });
    expect(tax.bands.sup).toMatchObject({
      tariffs: { cc: 490, moselle: 49 },
      cc: 1470,
      moselle: 147,
      capped: true,
    });
    expect([tax.nights, tax.taxableNights]).toEqual([14, 13]);
    expect([tax.cc, tax.moselle, tax.total]).toEqual([2970, 297, 3267]);
  });

  it('rounds the unit half-up at the half cent, and a fractional rate exactly', () => {
    // 4,4 % of 1 012,50 € over 10 person-nights = 4,455 € → 4,46 € (below the 4,90 € cap).
    const at = (rent: number, rate = 440) =>
      computeDeclarationTax({
        type: 'NONE',
        figures: figures({ nightsCountInf: 10, prixInf: rent }),
        pricing: withNone(rate),
      }).cc / 10;
    expect(at(101_250)).toBe(446);
    expect(at(101_249)).toBe(445); // 4,454956 €
    // 1 % of 0,50 € = 0,005 € → 0,01 €; of 0,49 € → 0,00 €.
    expect(at(500, 100)).toBe(1);
    expect(at(490, 100)).toBe(0);
  });

  it('caps the unit at the highest tariff of the table, the cap included', () => {
    const rent = (unitCents: number) => (unitCents * 20 * 10_000) / 500; // rent giving that unit at 5 % for 20 nights
    const unit = (rentCents: number) => {
      const tax = computeDeclarationTax({
        type: 'NONE',
        figures: figures({ nightsCountSup: 20, prixSup: rentCents }),
        pricing,
      });
      if (tax.regime !== 'proportional') throw new Error('expected the proportional regime');
      return [tax.bands.sup.tariffs.cc, tax.bands.sup.capped];
    };
    expect(unit(rent(490))).toEqual([490, false]);
    expect(unit(rent(491))).toEqual([490, true]);
  });
});

describe('declaration figures', () => {
  it('defaults the band fields to 0', () => {
    expect(declarationFiguresSchema.parse({ personCount: 2, nightsCount: 6, exemptedCount: 0 })).toEqual({
      personCount: 2,
      nightsCount: 6,
      exemptedCount: 0,
      nightsCountInf: 0,
      nightsCountSup: 0,
      nightsCountInfMin: 0,
      nightsCountSupMin: 0,
      prixInf: 0,
      prixSup: 0,
      prixInfMin: 0,
      prixSupMin: 0,
    });
  });

  it('refuses negative, fractional and missing values with the form engine messages', () => {
    const result = declarationFiguresSchema.safeParse({ personCount: -1, nightsCount: 1.5 });
    expect(fieldErrorsFromIssues(result.error?.issues ?? [])).toEqual({
      personCount: 'Veuillez sélectionner une valeur supérieure ou égale à 0.',
      nightsCount: 'Veuillez choisir une valeur numérique valide.',
      exemptedCount: 'Veuillez choisir une valeur numérique valide.',
    });
  });

  it('refuses more exempted nights than nights, and amounts without their nights', () => {
    const result = declarationFiguresSchema.safeParse({
      personCount: 1,
      nightsCount: 3,
      exemptedCount: 5,
      nightsCountInf: 2,
      nightsCountInfMin: 3,
      prixSup: 100,
      nightsCountSup: 0,
      prixInf: 1000,
      prixInfMin: 2000,
    });
    expect(fieldErrorsFromIssues(result.error?.issues ?? [])).toEqual({
      exemptedCount: 'Veuillez sélectionner une valeur inférieure ou égale à 3.',
      nightsCountInfMin: 'Veuillez sélectionner une valeur inférieure ou égale à 2.',
      prixInfMin: 'Veuillez sélectionner une valeur inférieure ou égale à 10,00\u00a0€.',
      prixSup: 'Aucun montant ne peut être déclaré sans nuitées.',
    });
    const noExempted = declarationFiguresSchema.safeParse({
      personCount: 1,
      nightsCount: 3,
      exemptedCount: 0,
      nightsCountSup: 3,
      prixSup: 1000,
      prixSupMin: 10,
    });
    expect(fieldErrorsFromIssues(noExempted.error?.issues ?? [])).toEqual({
      prixSupMin: 'Aucun montant ne peut être déclaré sans nuitées exonérées.',
    });
  });

  it('refuses figures the schema would have refused, rather than return a negative tax', () => {
    const bad = { ...figures({ nightsCount: 2 }), exemptedCount: 3 };
    expect(() => computeDeclarationTax({ type: 'HOTEL_2', figures: bad, pricing })).toThrow(RangeError);
  });
});

describe('properties', () => {
  const types = fc.constantFrom<EstablishmentType>(...CLASSIFIED_ESTABLISHMENT_TYPES, 'NONE');
  const band = fc
    .record({
      nights: fc.nat({ max: 5000 }),
      exemptedShare: fc.double({ min: 0, max: 1, noNaN: true }),
      rentPerNight: fc.nat({ max: 100_000 }),
    })
    .map(({ nights, exemptedShare, rentPerNight }) => ({
      nights,
      exempted: Math.floor(nights * exemptedShare),
      rent: nights * rentPerNight,
    }));
  const figuresArb = fc.record({ inf: band, sup: band, classified: band }).map(
    ({ inf, sup, classified }): DeclarationFigures =>
      figures({
        personCount: 0,
        nightsCount: classified.nights,
        exemptedCount: classified.exempted,
        nightsCountInf: inf.nights,
        nightsCountInfMin: inf.exempted,
        prixInf: inf.rent,
        nightsCountSup: sup.nights,
        nightsCountSupMin: sup.exempted,
        prixSup: sup.rent,
      }),
  );
  const pricingArb = fc
    .record({ rate: fc.integer({ min: 100, max: 500 }), cap: fc.integer({ min: 20, max: 490 }) })
    .map(({ rate, cap }) => withNone(rate, cap));

  const amountsOf = (tax: DeclarationTax) =>
    tax.regime === 'classified'
      ? [tax.cc, tax.moselle, tax.total]
      : [
          tax.cc,
          tax.moselle,
          tax.total,
          ...[tax.bands.inf, tax.bands.sup].flatMap((b) => [b.cc, b.moselle, b.total]),
        ];

  it('is never negative and always whole cents', () => {
    fc.assert(
      fc.property(types, figuresArb, pricingArb, (type, f, p) => {
        for (const amount of amountsOf(computeDeclarationTax({ type, figures: f, pricing: p }))) {
          expect(Number.isSafeInteger(amount)).toBe(true);
          expect(amount).toBeGreaterThanOrEqual(0);
        }
      }),
    );
  });

  it('adds up: total = CC + Moselle, and the bands make the whole', () => {
    fc.assert(
      fc.property(types, figuresArb, pricingArb, (type, f, p) => {
        const tax = computeDeclarationTax({ type, figures: f, pricing: p });
        expect(tax.total).toBe(tax.cc + tax.moselle);
        if (tax.regime === 'classified') {
          expect(tax.cc).toBe(tax.tariffs.cc * tax.taxableNights);
          expect(tax.moselle).toBe(tax.tariffs.moselle * tax.taxableNights);
        } else {
          const { inf, sup } = tax.bands;
          expect([tax.cc, tax.moselle, tax.total]).toEqual([
            inf.cc + sup.cc,
            inf.moselle + sup.moselle,
            inf.total + sup.total,
          ]);
          for (const b of [inf, sup]) {
            expect(b.total).toBe(b.cc + b.moselle);
            expect(b.tariffs.cc).toBeLessThanOrEqual(tax.cap);
          }
        }
      }),
    );
  });

  it('never taxes exempted nights: all exempted gives 0, and adding exempted nights to a classified stay changes nothing', () => {
    fc.assert(
      fc.property(types, figuresArb, pricingArb, fc.nat({ max: 1000 }), (type, f, p, extra) => {
        const allExempted = {
          ...f,
          exemptedCount: f.nightsCount,
          nightsCountInfMin: f.nightsCountInf,
          nightsCountSupMin: f.nightsCountSup,
        };
        expect(computeDeclarationTax({ type, figures: allExempted, pricing: p }).total).toBe(0);
        if (type !== 'NONE') {
          const more = { ...f, nightsCount: f.nightsCount + extra, exemptedCount: f.exemptedCount + extra };
          expect(computeDeclarationTax({ type, figures: more, pricing: p }).total).toBe(
            computeDeclarationTax({ type, figures: f, pricing: p }).total,
          );
        }
      }),
    );
  });

  it('is monotonic: more taxable nights (classified), fewer exempted or more rent (NONE) never lowers the tax', () => {
    fc.assert(
      fc.property(types, figuresArb, pricingArb, fc.integer({ min: 1, max: 1000 }), (type, f, p, more) => {
        const before = computeDeclarationTax({ type, figures: f, pricing: p }).total;
        const after =
          type === 'NONE'
            ? [
                { ...f, nightsCountInfMin: Math.max(0, f.nightsCountInfMin - more) },
                { ...f, prixSup: f.prixSup + (f.nightsCountSup > 0 ? more : 0) },
              ]
            : [{ ...f, nightsCount: f.nightsCount + more }];
        for (const g of after) {
          expect(computeDeclarationTax({ type, figures: g, pricing: p }).total).toBeGreaterThanOrEqual(
            before,
          );
        }
        if (type !== 'NONE') {
          const tariff = p.rows[type].total;
          expect(computeDeclarationTax({ type, figures: after[0]!, pricing: p }).total).toBe(
            before + tariff * more,
          );
        }
      }),
    );
  });
});
