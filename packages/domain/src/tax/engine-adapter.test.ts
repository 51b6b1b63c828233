import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ESTABLISHMENT_TYPES, type EstablishmentType } from '../establishments/types';
import { BASIS_POINTS_PER_UNIT, MAX_CENTS } from '../money/cents';
import { type PricingTable, pricingPayloadSchema, pricingTableSchema } from '../pricings/schemas';
import { computePricingTable } from '../pricings/table';
import { PG_INT_MAX } from '../validation/fields';
import { computeDeclarationTax, computeDeclarationTaxDirect } from './engine';
import { type DeclarationFigures, declarationFiguresSchema, MAX_NIGHTS } from './figures';

/**
 * The adapter (the deliberation engine on the table's grid) against the engine it replaces, field by field and
 * key order included, over figures and tables anywhere within the schemas' bounds.
 */

const types = fc.constantFrom<EstablishmentType>(...ESTABLISHMENT_TYPES);
/** Small values hit the half-cent ties, large ones the bounds: fast-check draws both. */
const cents = (max: number) => fc.oneof(fc.integer({ min: 0, max: 1_000 }), fc.integer({ min: 0, max }));
const rates = fc.oneof(
  fc.constantFrom(0, 1_000, 440, 500, 100),
  fc.integer({ min: 0, max: BASIS_POINTS_PER_UNIT }),
);
const tariffs = fc.oneof(cents(2_000), cents(MAX_CENTS));

const rowsArb = fc.record({
  PALACES: fc.record({ tariff: tariffs }),
  HOTEL_5: fc.record({ tariff: tariffs }),
  HOTEL_4: fc.record({ tariff: tariffs }),
  HOTEL_3: fc.record({ tariff: tariffs }),
  HOTEL_2: fc.record({ tariff: tariffs }),
  HOTEL_1: fc.record({ tariff: tariffs }),
  CAMPING_345: fc.record({ tariff: tariffs }),
  CAMPING_12: fc.record({ tariff: tariffs }),
  NONE: fc.record({ rate: rates }),
});

/** A table as the server computes it from a payload. */
const computedTable: fc.Arbitrary<PricingTable> = fc
  .record({ rows: rowsArb, departmentalRate: rates, threshold: cents(MAX_CENTS) })
  .map(({ rows, departmentalRate, threshold }) =>
    computePricingTable(
      pricingPayloadSchema.parse({
        beginDate: '2026-01-01',
        endDate: '2026-12-31',
        rows,
        departmentalRate,
        threshold,
      }),
    ),
  );

/** Any table the schema accepts: a departmental unit, total and cap that need not follow from the rates. */
const classifiedRow = fc.record({ tariff: tariffs, departmental: tariffs, total: tariffs });
const anyTable: fc.Arbitrary<PricingTable> = fc
  .record({
    departmentalRate: rates,
    threshold: cents(MAX_CENTS),
    rows: fc.record({
      PALACES: classifiedRow,
      HOTEL_5: classifiedRow,
      HOTEL_4: classifiedRow,
      HOTEL_3: classifiedRow,
      HOTEL_2: classifiedRow,
      HOTEL_1: classifiedRow,
      CAMPING_345: classifiedRow,
      CAMPING_12: classifiedRow,
      NONE: fc.record({ rate: rates, cap: tariffs }),
    }),
  })
  .map((t) => pricingTableSchema.parse({ beginDate: '2026-01-01', endDate: '2026-12-31', ...t }));

const nights = fc.oneof(fc.integer({ min: 0, max: 200 }), fc.integer({ min: 0, max: MAX_NIGHTS }));
const rent = fc.oneof(fc.integer({ min: 0, max: 100_000 }), fc.integer({ min: 0, max: PG_INT_MAX }));
const figuresArb: fc.Arbitrary<DeclarationFigures> = fc
  .record({
    nights,
    exempted: fc.nat(),
    inf: nights,
    infMin: fc.nat(),
    sup: nights,
    supMin: fc.nat(),
    prixInf: rent,
    prixSup: rent,
  })
  .map((f) =>
    declarationFiguresSchema.parse({
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

function same(type: EstablishmentType, figures: DeclarationFigures, pricing: PricingTable) {
  const before = computeDeclarationTaxDirect({ type, figures, pricing });
  const after = computeDeclarationTax({ type, figures, pricing });
  expect(after).toEqual(before);
  expect(JSON.stringify(after)).toBe(JSON.stringify(before));
}

describe('the adapter computes what the engine it replaces computed', () => {
  it('on tables computed from a payload', () => {
    fc.assert(fc.property(types, figuresArb, computedTable, same), { numRuns: 20_000 });
  });

  it('on any table the schema accepts, a departmental unit the table fixes included', () => {
    fc.assert(fc.property(types, figuresArb, anyTable, same), { numRuns: 20_000 });
  });

  it('throws where it threw', () => {
    fc.assert(
      fc.property(
        types,
        computedTable,
        fc.nat({ max: 50 }),
        fc.integer({ min: 1, max: 5 }),
        (type, p, n, over) => {
          const bad = declarationFiguresSchema.parse({ personCount: 1, nightsCount: n, exemptedCount: 0 });
          const figures = {
            ...bad,
            exemptedCount: n + over,
            nightsCountInf: n,
            nightsCountInfMin: n + over,
          };
          expect(() => computeDeclarationTaxDirect({ type, figures, pricing: p })).toThrow(RangeError);
          expect(() => computeDeclarationTax({ type, figures, pricing: p })).toThrow(RangeError);
        },
      ),
      { numRuns: 2_000 },
    );
  });
});
