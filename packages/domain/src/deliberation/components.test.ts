import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BASIS_POINTS_PER_UNIT } from '../money/cents';
import { formatBasisPoints } from '../money/format';
import {
  COMPONENT_KINDS,
  type ComponentKind,
  componentRateBounds,
  componentRateError,
  componentsSchema,
  componentUnits,
  defaultComponentRate,
  enabledComponents,
} from './components';

const LEGAL: Record<ComponentKind, number> = {
  DEPARTMENTAL: 1_000,
  ILE_DE_FRANCE: 1_500,
  IDF_MOBILITES: 20_000,
  RAILWAY_LINE: 3_400,
};
const all = COMPONENT_KINDS.map((kind) => ({ kind, rate: LEGAL[kind] }));

describe('units per person-night', () => {
  it('computes Paris 2026 for 3★ at 1,70 €: 0,17 + 0,26 + 3,40 beside the railway line’s 0,58', () => {
    expect(componentUnits(170, all).map(({ unit }) => unit)).toEqual([17, 26, 340, 58]);
    const paris = componentUnits(170, all.slice(0, 3));
    expect(170 + paris.reduce((sum, { unit }) => sum + unit, 0)).toBe(553);
  });

  it('rounds each component half-up to the cent, from the base alone', () => {
    expect(componentUnits(25, [{ kind: 'DEPARTMENTAL', rate: 1_000 }])[0]?.unit).toBe(3); // 0,025 €
    expect(componentUnits(30, [{ kind: 'ILE_DE_FRANCE', rate: 1_500 }])[0]?.unit).toBe(5); // 0,045 €
    expect(componentUnits(20, [{ kind: 'RAILWAY_LINE', rate: 3_400 }])[0]?.unit).toBe(7); // 0,068 €
  });

  it('is, for any base and rate, the nearest cent with halves up', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 100_000 }),
        fc.constantFrom(...COMPONENT_KINDS),
        fc.integer({ min: 0, max: 100_000 }),
        (base, kind, rate) => {
          const [component] = componentUnits(base, [{ kind, rate }]);
          const exact = 2n * BigInt(base) * BigInt(rate); // twice the unit, in cent × 10 000
          const unit = BigInt(component!.unit);
          const scale = BigInt(BASIS_POINTS_PER_UNIT);
          // unit − ½ ≤ exact value < unit + ½
          expect((2n * unit - 1n) * scale <= exact && exact < (2n * unit + 1n) * scale).toBe(true);
          expect(component).toMatchObject({ kind, rate });
        },
      ),
    );
  });
});

describe('legal rates by year', () => {
  it('knows when each component exists and its fixed rate', () => {
    expect(componentRateBounds('DEPARTMENTAL', 2000)).toEqual({ min: 1_000, max: 1_000 });
    expect(componentRateBounds('ILE_DE_FRANCE', 2018)).toBeNull();
    expect(componentRateBounds('ILE_DE_FRANCE', 2019)).toEqual({ min: 1_500, max: 1_500 });
    expect(componentRateBounds('IDF_MOBILITES', 2023)).toBeNull();
    expect(componentRateBounds('IDF_MOBILITES', 2026)).toEqual({ min: 20_000, max: 20_000 });
    expect(componentRateBounds('RAILWAY_LINE', 2022)).toBeNull();
    expect(componentRateBounds('RAILWAY_LINE', 2023)).toEqual({ min: 3_400, max: 3_400 });
    for (const kind of COMPONENT_KINDS) expect(defaultComponentRate(kind)).toBe(LEGAL[kind]);
  });

  it('accepts the legal rate and refuses any other, naming the year and the rate, in French', () => {
    for (const kind of COMPONENT_KINDS)
      expect(componentRateError(kind, LEGAL[kind], [2025, 2026])).toBeUndefined();
    expect(componentRateError('DEPARTMENTAL', 1_200, [2026])).toBe(
      `Le taux de la taxe additionnelle départementale (${formatBasisPoints(1_200)}) doit être égal au taux légal 2026 de ${formatBasisPoints(1_000)}.`,
    );
    expect(componentRateError('IDF_MOBILITES', 20_000, [2023, 2024])).toBe(
      'La taxe additionnelle Île-de-France Mobilités (CGCT, art. L2531-18) n’existe pas en 2023 : désactivez-la pour cette période.',
    );
  });

  it('refuses every rate but the legal one, for every component and year it exists', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...COMPONENT_KINDS),
        fc.integer({ min: 2024, max: 2100 }),
        fc.integer({ min: 0, max: 100_000 }),
        (kind, year, rate) => {
          expect(componentRateError(kind, rate, [year]) === undefined).toBe(rate === LEGAL[kind]);
        },
      ),
    );
  });
});

describe('the components of a deliberation', () => {
  it('defaults to the departmental component alone, at its legal rate', () => {
    const components = componentsSchema.parse({});
    expect(enabledComponents(components)).toEqual([{ kind: 'DEPARTMENTAL', rate: 1_000 }]);
    expect(components.IDF_MOBILITES).toEqual({
      enabled: false,
      rate: 20_000,
      beneficiary: 'Île-de-France Mobilités',
    });
  });

  it('lists the components that are on in the law’s order, whatever the input order', () => {
    const components = componentsSchema.parse({
      RAILWAY_LINE: { enabled: true, rate: 3_400, beneficiary: 'Société du grand projet du Sud-Ouest' },
      DEPARTMENTAL: { enabled: false, rate: 1_000, beneficiary: 'Département de la Gironde' },
      ILE_DE_FRANCE: { enabled: true, rate: 1_500, beneficiary: 'Société des grands projets' },
    });
    expect(enabledComponents(components).map(({ kind }) => kind)).toEqual(['ILE_DE_FRANCE', 'RAILWAY_LINE']);
  });

  it('refuses an unknown component, a rate that is no rate, an empty beneficiary', () => {
    expect(
      componentsSchema.safeParse({ REGIONAL: { enabled: true, rate: 10, beneficiary: 'x' } }).success,
    ).toBe(false);
    const bad = componentsSchema.safeParse({
      IDF_MOBILITES: { enabled: true, rate: 100_001, beneficiary: '' },
    });
    expect(bad.success).toBe(false);
    const paths = bad.error?.issues.map((issue) => issue.path.join('.'));
    expect(paths).toEqual(expect.arrayContaining(['IDF_MOBILITES.rate', 'IDF_MOBILITES.beneficiary']));
  });
});
