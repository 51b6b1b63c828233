import { describe, expect, it } from 'vitest';
import { fieldErrorsFromIssues } from '../errors';
import { formatBasisPoints } from '../money/format';
import { lawfulPricingPayload } from '../testing/pricing';
import {
  computeDeliberationTable,
  type DeliberationPayloadInput,
  deliberationPayloadSchema,
  SOLE_COLLECTIVITY_ID,
  validDeliberationPayloadSchemaWith,
} from './deliberation';

const valid = validDeliberationPayloadSchemaWith([]);

function payload(overrides: Partial<DeliberationPayloadInput> = {}): DeliberationPayloadInput {
  const { rows } = lawfulPricingPayload();
  return { beginDate: '2026-01-01', endDate: '2026-12-31', rows, ...overrides };
}

function errors(input: DeliberationPayloadInput) {
  const result = valid.safeParse(input);
  return result.success ? {} : fieldErrorsFromIssues(result.error.issues);
}

const PARIS_COMPONENTS = {
  DEPARTMENTAL: { enabled: true, rate: 1_000, beneficiary: 'Ville de Paris (département)' },
  ILE_DE_FRANCE: { enabled: true, rate: 1_500, beneficiary: 'Société des grands projets' },
  IDF_MOBILITES: { enabled: true, rate: 20_000, beneficiary: 'Île-de-France Mobilités' },
};

describe('a deliberation as an admin enters it', () => {
  it('reads as today’s pricing when only the grid is given: departmental on, all year, no threshold', () => {
    const parsed = valid.parse(payload());
    expect(parsed.collectivityId).toBe(SOLE_COLLECTIVITY_ID);
    expect(parsed.collectionPeriods).toEqual([{ from: '01-01', to: '12-31' }]);
    expect(parsed.lowRentThreshold).toBeNull();
    expect(parsed.threshold).toBe(10_000);
    expect(computeDeliberationTable(parsed).components).toEqual([
      { kind: 'DEPARTMENTAL', rate: 1_000, beneficiary: 'Département' },
    ]);
  });

  it('accepts a Paris-like deliberation, a seasonal one and one of another collectivity', () => {
    expect(errors(payload({ components: PARIS_COMPONENTS }))).toEqual({});
    expect(
      errors(payload({ collectionPeriods: [{ from: '04-01', to: '09-30' }], lowRentThreshold: 100 })),
    ).toEqual({});
    expect(valid.parse(payload({ collectivityId: 2 })).collectivityId).toBe(2);
  });

  it('computes each row’s components and total, and the cap of unclassified accommodation', () => {
    const table = computeDeliberationTable(
      valid.parse(
        payload({
          components: PARIS_COMPONENTS,
          rows: { ...lawfulPricingPayload().rows, HOTEL_3: { tariff: 170 } },
        }),
      ),
    );
    expect(table.rows.HOTEL_3).toEqual({
      base: 170,
      components: [
        { kind: 'DEPARTMENTAL', rate: 1_000, unit: 17 },
        { kind: 'ILE_DE_FRANCE', rate: 1_500, unit: 26 },
        { kind: 'IDF_MOBILITES', rate: 20_000, unit: 340 },
      ],
      total: 553,
    });
    expect(table.rows.NONE).toEqual({ rate: 500, cap: 300 });
  });

  it('refuses a component’s rate outside the law, on its field, in French', () => {
    expect(
      errors(
        payload({
          components: {
            ...PARIS_COMPONENTS,
            IDF_MOBILITES: { ...PARIS_COMPONENTS.IDF_MOBILITES, rate: 15_000 },
          },
        }),
      ),
    ).toEqual({
      'components.IDF_MOBILITES.rate': `Le taux de la taxe additionnelle Île-de-France Mobilités (${formatBasisPoints(15_000)}) doit être égal au taux légal 2026 de ${formatBasisPoints(20_000)}.`,
    });
    // Off, a component's rate is not applied, so not checked.
    expect(
      errors(payload({ components: { RAILWAY_LINE: { enabled: false, rate: 1, beneficiary: 'Société' } } })),
    ).toEqual({});
  });

  it('refuses a component the law did not provide in a year of the period', () => {
    const result = errors(
      payload({ beginDate: '2023-07-01', components: { IDF_MOBILITES: PARIS_COMPONENTS.IDF_MOBILITES } }),
    );
    expect(result['components.IDF_MOBILITES.rate']).toBe(
      'La taxe additionnelle Île-de-France Mobilités (CGCT, art. L2531-18) n’existe pas en 2023 : désactivez-la pour cette période.',
    );
    expect(result.beginDate).toMatch(/limites légales des tarifs de l’année 2023/);
  });

  it('keeps the grid’s rules and the periods’ rules, each on its field', () => {
    const result = errors(
      payload({
        rows: { ...lawfulPricingPayload().rows, HOTEL_3: { tariff: 180 } },
        collectionPeriods: [
          { from: '04-01', to: '09-30' },
          { from: '09-30', to: '10-31' },
        ],
        lowRentThreshold: -1,
      }),
    );
    expect(Object.keys(result).sort()).toEqual([
      'collectionPeriods.1.from',
      'lowRentThreshold',
      'rows.HOTEL_3.tariff',
    ]);
  });

  it('refuses an unknown component and a collectivity that is no id', () => {
    expect(
      deliberationPayloadSchema.safeParse(payload({ components: { TOURISM: {} } as never })).success,
    ).toBe(false);
    expect(deliberationPayloadSchema.safeParse(payload({ collectivityId: 0 })).success).toBe(false);
  });
});
