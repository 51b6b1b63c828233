import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { componentInfo } from '../deliberation/components';
import { computeDeliberationTable, deliberationOfPricing } from '../deliberation/deliberation';
import { ESTABLISHMENT_TYPES, type EstablishmentType } from '../establishments/types';
import { pricingPayloadSchema } from '../pricings/schemas';
import { computePricingTable } from '../pricings/table';
import { lawfulPricingPayload } from '../testing/pricing';
import { declarationAmounts, NOTHING_DECLARED, storedExplanation } from './amounts';
import {
  declarationComponentLines,
  declarationDeliberationAmounts,
  deliberationExplanation,
} from './deliberation-amounts';
import type { DeclarationUpdate } from './schemas';

const tariff = fc.integer({ min: 0, max: 2_000 });
const pricingArb = fc
  .record({
    HOTEL_3: tariff,
    CAMPING_12: tariff,
    rate: fc.integer({ min: 100, max: 500 }),
    departmentalRate: fc.oneof(fc.constant(1_000), fc.constant(0), fc.integer({ min: 0, max: 10_000 })),
  })
  .map(({ HOTEL_3, CAMPING_12, rate, departmentalRate }) => {
    const base = lawfulPricingPayload();
    return pricingPayloadSchema.parse({
      ...base,
      departmentalRate,
      rows: {
        ...base.rows,
        HOTEL_3: { tariff: HOTEL_3 },
        CAMPING_12: { tariff: CAMPING_12 },
        NONE: { rate },
      },
    });
  });

const typedArb: fc.Arbitrary<DeclarationUpdate> = fc
  .record({
    nights: fc.integer({ min: 0, max: 3_000 }),
    exempted: fc.nat(),
    inf: fc.integer({ min: 0, max: 3_000 }),
    infMin: fc.nat(),
    sup: fc.integer({ min: 0, max: 3_000 }),
    prixInf: fc.integer({ min: 0, max: 5_000_000 }),
    prixSup: fc.integer({ min: 0, max: 5_000_000 }),
  })
  .map((f) => ({
    ...NOTHING_DECLARED,
    personCount: 1,
    nightsCount: f.nights,
    exemptedCount: f.exempted % (f.nights + 1),
    nightsCountInf: f.inf,
    nightsCountInfMin: f.infMin % (f.inf + 1),
    prixInf: f.inf > 0 ? f.prixInf : 0,
    nightsCountSup: f.sup,
    prixSup: f.sup > 0 ? f.prixSup : 0,
  }));

describe('a declaration computed with the deliberation', () => {
  it('stores, with the departmental component alone, what today’s declaration stores, to the cent', () => {
    fc.assert(
      fc.property(
        pricingArb,
        fc.constantFrom<EstablishmentType>(...ESTABLISHMENT_TYPES),
        typedArb,
        (pricing, type, typed) => {
          const today = declarationAmounts(type, typed, computePricingTable(pricing));
          const now = declarationDeliberationAmounts(
            type,
            typed,
            computeDeliberationTable(deliberationOfPricing(pricing)),
          );
          expect(now.figures).toEqual(today.figures);
          expect(now.columns).toEqual({
            taxableNights: today.tax.taxableNights,
            ccAmount: today.tax.cc,
            moselleAmount: today.tax.moselle,
            ileDeFranceAmount: 0,
            idfMobilitesAmount: 0,
            railwayLineAmount: 0,
            totalAmount: today.tax.total,
          });
          // The kept units read as today's, and explain the same amounts when stored.
          const stored = storedExplanation({ ...now.figures, tariffs: now.tariffs });
          // The departmental rate is known to a live computation only (the rounding note names it).
          const { departmentalRate: _rate, ...live } = deliberationExplanation(now.tax) as {
            departmentalRate?: number;
          };
          expect(stored).toEqual(live);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('keeps and lists each component of a Paris-like deliberation', () => {
    const payload = pricingPayloadSchema.parse({
      ...lawfulPricingPayload(),
      rows: { ...lawfulPricingPayload().rows, HOTEL_3: { tariff: 170 } },
    });
    const on = (rate: number, kind: keyof typeof componentInfo) => ({
      enabled: true,
      rate,
      beneficiary: componentInfo[kind].beneficiary,
    });
    const table = computeDeliberationTable({
      ...deliberationOfPricing(payload),
      components: {
        DEPARTMENTAL: on(1_000, 'DEPARTMENTAL'),
        ILE_DE_FRANCE: on(1_500, 'ILE_DE_FRANCE'),
        IDF_MOBILITES: on(20_000, 'IDF_MOBILITES'),
        RAILWAY_LINE: { ...on(3_400, 'RAILWAY_LINE'), enabled: false },
      },
    });
    const { columns, tariffs } = declarationDeliberationAmounts(
      'HOTEL_3',
      { ...NOTHING_DECLARED, nightsCount: 36 },
      table,
    );
    expect(columns).toMatchObject({ ccAmount: 6_120, moselleAmount: 612, totalAmount: 19_908 });
    expect(
      declarationComponentLines({ ...columns, tariffs }).map(({ label, unit, amount }) => [
        label,
        unit,
        amount,
      ]),
    ).toEqual([
      [componentInfo.DEPARTMENTAL.label, 17, 612],
      [componentInfo.ILE_DE_FRANCE.label, 26, 936],
      [componentInfo.IDF_MOBILITES.label, 340, 12_240],
    ]);
  });

  it('lists the departmental amount of a declaration made before components, without its rate', () => {
    const columns = {
      taxableNights: 10,
      ccAmount: 1_500,
      moselleAmount: 150,
      ileDeFranceAmount: 0,
      idfMobilitesAmount: 0,
      railwayLineAmount: 0,
      totalAmount: 1_650,
    };
    expect(declarationComponentLines({ ...columns, tariffs: { cc: 150, moselle: 15 } })).toEqual([
      { kind: 'DEPARTMENTAL', label: componentInfo.DEPARTMENTAL.label, rate: null, unit: 15, amount: 150 },
    ]);
    expect(
      declarationComponentLines({
        ...columns,
        moselleAmount: 0,
        totalAmount: 1_500,
        tariffs: { cc: 150, moselle: 0 },
      }),
    ).toEqual([]);
  });
});
