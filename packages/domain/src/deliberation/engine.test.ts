import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ESTABLISHMENT_TYPES, type EstablishmentType } from '../establishments/types';
import { type PricingPayload, pricingPayloadSchema } from '../pricings/schemas';
import { computePricingTable } from '../pricings/table';
import { computeDeclarationTax } from '../tax/engine';
import { type DeclarationFigures, declarationFiguresSchema } from '../tax/figures';
import { lawfulPricingPayload } from '../testing/pricing';
import { componentAmountSchema } from './components';
import {
  computeDeliberationTable,
  type DeliberationPayloadInput,
  deliberationOfPricing,
  deliberationPayloadSchema,
  deliberationTableSchema,
  pricingTableOfDeliberation,
} from './deliberation';
import { amountsByComponent, componentAmount, computeDeliberationTax } from './engine';
import { typeOfNature } from './natures';

const PARIS_ROWS = {
  PALACES: { tariff: 490 },
  HOTEL_5: { tariff: 360 },
  HOTEL_4: { tariff: 260 },
  HOTEL_3: { tariff: 170 },
  HOTEL_2: { tariff: 100 },
  HOTEL_1: { tariff: 80 },
  CAMPING_345: { tariff: 60 },
  CAMPING_12: { tariff: 20 },
  NONE: { rate: 500 },
};

function table(overrides: Partial<DeliberationPayloadInput> = {}) {
  return computeDeliberationTable(
    deliberationPayloadSchema.parse({
      beginDate: '2026-01-01',
      endDate: '2026-12-31',
      rows: PARIS_ROWS,
      ...overrides,
    }),
  );
}

/** Paris 2026: the departmental, Île-de-France and Île-de-France Mobilités components. */
const paris = table({
  components: {
    DEPARTMENTAL: { enabled: true, rate: 1_000, beneficiary: 'Ville de Paris (département)' },
    ILE_DE_FRANCE: { enabled: true, rate: 1_500, beneficiary: 'Société des grands projets' },
    IDF_MOBILITES: { enabled: true, rate: 20_000, beneficiary: 'Île-de-France Mobilités' },
  },
});
const moselle = table();
const bare = table({
  components: { DEPARTMENTAL: { enabled: false, rate: 1_000, beneficiary: 'Département' } },
});

function figures(input: Partial<DeclarationFigures>): DeclarationFigures {
  return declarationFiguresSchema.parse({ personCount: 0, nightsCount: 0, exemptedCount: 0, ...input });
}

/** 700 € for 7 nights for 4 persons, 2 of them children: the reference's unclassified let. */
const referenceLet = figures({
  personCount: 4,
  nightsCount: 28,
  exemptedCount: 14,
  nightsCountInf: 28,
  nightsCountInfMin: 14,
  prixInf: 70_000,
  prixInfMin: 35_000,
});

describe('the public worked examples', () => {
  it('charges 5,53 € per person-night for a meublé 3★ in Paris 2026 (1,70 + 0,17 + 0,26 + 3,40)', () => {
    const type = typeOfNature('FURNISHED_LET', 3);
    const tax = computeDeliberationTax({
      type,
      figures: figures({ nightsCount: 10, exemptedCount: 2 }),
      table: paris,
    });
    if (tax.regime !== 'classified') throw new Error('expected a classified row');
    expect(tax.units.base).toBe(170);
    expect(tax.units.components.map(({ kind, unit }) => [kind, unit])).toEqual([
      ['DEPARTMENTAL', 17],
      ['ILE_DE_FRANCE', 26],
      ['IDF_MOBILITES', 340],
    ]);
    expect(tax.units.total).toBe(553);
    expect(tax.taxableNights).toBe(8);
    expect(tax.base).toBe(1_360);
    expect(tax.components.map(({ amount }) => amount)).toEqual([136, 208, 2_720]);
    expect(tax.total).toBe(4_424); // 5,53 € × 8
  });

  it('charges the unclassified let of the reference 17,50 € plus 1,82 € of departmental tax', () => {
    const tax = computeDeliberationTax({ type: 'NONE', figures: referenceLet, table: moselle });
    if (tax.regime !== 'proportional') throw new Error('expected the proportional regime');
    expect(tax.bands.inf.units).toEqual({
      base: 125, // 5 % of 25 € per person-night
      components: [{ kind: 'DEPARTMENTAL', rate: 1_000, unit: 13 }], // 0,125 € → 0,13 €
      total: 138,
    });
    expect([tax.base, componentAmount(tax, 'DEPARTMENTAL'), tax.total]).toEqual([1_750, 182, 1_932]);
    expect(tax.taxableNights).toBe(14);
  });

  it('charges the same let in Paris with every component from the 1,25 € actually charged', () => {
    const tax = computeDeliberationTax({ type: 'NONE', figures: referenceLet, table: paris });
    if (tax.regime !== 'proportional') throw new Error('expected the proportional regime');
    // 0,125 → 0,13; 0,1875 → 0,19; 2,50
    expect(tax.bands.inf.units.components.map(({ unit }) => unit)).toEqual([13, 19, 250]);
    expect(tax.bands.inf.units.total).toBe(407);
    expect(tax.total).toBe(407 * 14);
  });
});

describe('the base actually charged', () => {
  it('applies every component to the cap, not to the rate’s uncapped result', () => {
    // 1 000 € for 10 person-nights: 5 % of 100 € = 5,00 €, capped at the palaces' 4,90 €.
    const tax = computeDeliberationTax({
      type: 'NONE',
      figures: figures({ nightsCountSup: 10, prixSup: 100_000 }),
      table: paris,
    });
    if (tax.regime !== 'proportional') throw new Error('expected the proportional regime');
    expect(tax.bands.sup.capped).toBe(true);
    expect(tax.bands.sup.units.base).toBe(490);
    expect(tax.bands.sup.units.components.map(({ unit }) => unit)).toEqual([49, 74, 980]); // 0,735 → 0,74
    expect(tax.total).toBe((490 + 49 + 74 + 980) * 10);
  });

  it('charges the base alone without components, and nothing when every night is exempted', () => {
    const alone = computeDeliberationTax({
      type: 'HOTEL_3',
      figures: figures({ nightsCount: 4 }),
      table: bare,
    });
    expect([alone.base, alone.components, alone.total]).toEqual([680, [], 680]);
    const exempted = computeDeliberationTax({
      type: 'PALACES',
      figures: figures({ nightsCount: 6, exemptedCount: 6 }),
      table: paris,
    });
    expect(exempted.total).toBe(0);
    expect(exempted.components.every(({ amount }) => amount === 0)).toBe(true);
  });

  it('adds up what each beneficiary is owed over several declarations', () => {
    const a = computeDeliberationTax({
      type: 'HOTEL_3',
      figures: figures({ nightsCount: 10 }),
      table: paris,
    });
    const b = computeDeliberationTax({ type: 'NONE', figures: referenceLet, table: paris });
    expect(amountsByComponent([a, b])).toEqual({
      DEPARTMENTAL: 170 + 13 * 14,
      ILE_DE_FRANCE: 260 + 19 * 14,
      IDF_MOBILITES: 3_400 + 250 * 14,
      RAILWAY_LINE: 0,
    });
  });
});

const tariff = fc.integer({ min: 0, max: 2_000 });
const pricingArb: fc.Arbitrary<PricingPayload> = fc
  .record({
    rows: fc.record({
      PALACES: fc.record({ tariff }),
      HOTEL_5: fc.record({ tariff }),
      HOTEL_4: fc.record({ tariff }),
      HOTEL_3: fc.record({ tariff }),
      HOTEL_2: fc.record({ tariff }),
      HOTEL_1: fc.record({ tariff }),
      CAMPING_345: fc.record({ tariff }),
      CAMPING_12: fc.record({ tariff }),
      NONE: fc.record({ rate: fc.integer({ min: 0, max: 10_000 }) }),
    }),
    // Today's pricings accept any departmental rate from 0 % (none) to 100 %.
    departmentalRate: fc.oneof(fc.constant(1_000), fc.constant(0), fc.integer({ min: 0, max: 10_000 })),
    threshold: fc.integer({ min: 0, max: 50_000 }),
  })
  .map(({ rows, departmentalRate, threshold }) =>
    pricingPayloadSchema.parse({ ...lawfulPricingPayload(), rows, departmentalRate, threshold }),
  );

const figuresArb: fc.Arbitrary<DeclarationFigures> = fc
  .record({
    nights: fc.integer({ min: 0, max: 5_000 }),
    exempted: fc.nat(),
    inf: fc.integer({ min: 0, max: 3_000 }),
    infMin: fc.nat(),
    sup: fc.integer({ min: 0, max: 3_000 }),
    supMin: fc.nat(),
    prixInf: fc.integer({ min: 0, max: 50_000_000 }),
    prixSup: fc.integer({ min: 0, max: 50_000_000 }),
  })
  .map((f) =>
    figures({
      personCount: 1,
      nightsCount: f.nights,
      exemptedCount: f.exempted % (f.nights + 1),
      nightsCountInf: f.inf,
      nightsCountInfMin: f.infMin % (f.inf + 1),
      prixInf: f.inf > 0 ? f.prixInf : 0,
      nightsCountSup: f.sup,
      nightsCountSupMin: f.supMin % (f.sup + 1),
      prixSup: f.sup > 0 ? f.prixSup : 0,
    }),
  );

describe('today’s pricing is the deliberation with the departmental component alone', () => {
  it('computes, for every pricing, type and month, what the pricing table computes, to the cent', () => {
    fc.assert(
      fc.property(
        pricingArb,
        fc.constantFrom<EstablishmentType>(...ESTABLISHMENT_TYPES),
        figuresArb,
        (p, type, f) => {
          const today = computeDeclarationTax({ type, figures: f, pricing: computePricingTable(p) });
          const tax = computeDeliberationTax({
            type,
            figures: f,
            table: computeDeliberationTable(deliberationOfPricing(p)),
          });
          expect(tax.regime).toBe(today.regime);
          expect([tax.nights, tax.taxableNights]).toEqual([today.nights, today.taxableNights]);
          expect([tax.base, componentAmount(tax, 'DEPARTMENTAL'), tax.total]).toEqual([
            today.cc,
            today.moselle,
            today.total,
          ]);
          expect(tax.components.map(({ kind }) => kind)).toEqual(
            p.departmentalRate > 0 ? ['DEPARTMENTAL'] : [],
          );
          if (tax.regime === 'proportional' && today.regime === 'proportional') {
            for (const band of ['inf', 'sup'] as const) {
              expect(tax.bands[band].capped).toBe(today.bands[band].capped);
              expect(tax.bands[band].units.base).toBe(today.bands[band].tariffs.cc);
              expect(tax.bands[band].units.total - tax.bands[band].units.base).toBe(
                today.bands[band].tariffs.moselle,
              );
            }
          }
        },
      ),
      { numRuns: 500 },
    );
  });

  it('reads back as the same pricing table', () => {
    fc.assert(
      fc.property(pricingArb, (p) => {
        expect(pricingTableOfDeliberation(computeDeliberationTable(deliberationOfPricing(p)))).toEqual(
          computePricingTable(p),
        );
      }),
    );
    expect(pricingTableOfDeliberation(paris)).toBeNull();
  });
});

describe('any deliberation', () => {
  const componentArb = (rate: fc.Arbitrary<number>) =>
    fc.record({ enabled: fc.boolean(), rate, beneficiary: fc.constant('Bénéficiaire') });
  const tableArb = fc
    .record({
      p: pricingArb,
      components: fc.record({
        DEPARTMENTAL: componentArb(fc.integer({ min: 0, max: 100_000 })),
        ILE_DE_FRANCE: componentArb(fc.integer({ min: 0, max: 100_000 })),
        IDF_MOBILITES: componentArb(fc.integer({ min: 0, max: 100_000 })),
        RAILWAY_LINE: componentArb(fc.integer({ min: 0, max: 100_000 })),
      }),
    })
    .map(({ p, components }) => ({
      p,
      t: computeDeliberationTable({ ...deliberationOfPricing(p), components }),
    }));

  it('charges the base and each component as its unit times the taxable person-nights, and their sum', () => {
    fc.assert(
      fc.property(
        tableArb,
        fc.constantFrom<EstablishmentType>(...ESTABLISHMENT_TYPES),
        figuresArb,
        ({ p, t }, type, f) => {
          const tax = computeDeliberationTax({ type, figures: f, table: t });
          // What the API answers and a declaration keeps has the schemas' shape.
          expect(deliberationTableSchema.parse(t)).toEqual(t);
          expect(z.array(componentAmountSchema).parse(tax.components)).toEqual(tax.components);
          expect(tax.total).toBe(tax.components.reduce((sum, { amount }) => sum + amount, tax.base));
          expect(tax.components.map(({ kind, rate }) => ({ kind, rate }))).toEqual(
            t.components.map(({ kind, rate }) => ({ kind, rate })),
          );
          const bands = tax.regime === 'classified' ? [tax] : [tax.bands.inf, tax.bands.sup];
          for (const band of bands) {
            expect(band.base).toBe(band.units.base * band.taxableNights);
            band.components.forEach(({ amount }, index) => {
              expect(amount).toBe(band.units.components[index]!.unit * band.taxableNights);
            });
          }
          if (tax.regime === 'classified') expect(tax.units.base).toBe(p.rows[type as 'HOTEL_3'].tariff);
          else
            for (const band of bands)
              expect((band as typeof tax.bands.inf).units.base).toBeLessThanOrEqual(t.rows.NONE.cap);
        },
      ),
      { numRuns: 300 },
    );
  });
});
