import { z } from 'zod';
import { applyBasisPoints, type BasisPoints, type Cents } from '../money/cents';
import { formatBasisPoints } from '../money/format';
import { centsSchema } from '../money/schemas';
import { text } from '../validation/fields';
import { validationMessages as m } from '../validation/messages';

/**
 * The additional taxes the law adds on top of the communal or intercommunal tariff. Each is a rate of that
 * tariff, collected with it by the collectivity and paid over to its beneficiary, so each is computed, stored
 * and reported on its own. The order of this array is the order of the screens and of the notices.
 */
export const COMPONENT_KINDS = ['DEPARTMENTAL', 'ILE_DE_FRANCE', 'IDF_MOBILITES', 'RAILWAY_LINE'] as const;
export type ComponentKind = (typeof COMPONENT_KINDS)[number];

export interface ComponentInfo {
  /** French label, for screens, notices and messages. */
  label: string;
  /** The article that creates it. */
  legalBasis: string;
  /** Who the collectivity pays it over to, as a new deliberation proposes it (the admin may name it exactly). */
  beneficiary: string;
}

export const componentInfo: Readonly<Record<ComponentKind, ComponentInfo>> = {
  DEPARTMENTAL: {
    label: 'Taxe additionnelle départementale',
    legalBasis: 'CGCT, art. L3333-1',
    beneficiary: 'Département',
  },
  ILE_DE_FRANCE: {
    label: 'Taxe additionnelle régionale Île-de-France',
    legalBasis: 'CGCT, art. L2531-17',
    beneficiary: 'Société des grands projets',
  },
  IDF_MOBILITES: {
    label: 'Taxe additionnelle Île-de-France Mobilités',
    legalBasis: 'CGCT, art. L2531-18',
    beneficiary: 'Île-de-France Mobilités',
  },
  RAILWAY_LINE: {
    label: 'Taxe additionnelle ligne ferroviaire nouvelle',
    legalBasis: 'CGCT, art. L4332-4',
    beneficiary: 'Société de projet de la ligne nouvelle',
  },
};

/** The rates the law allows a component from a year on (inclusive bounds, in basis points of the tariff). */
export interface ComponentRateVersion {
  /** First year this version applies to; it holds until the next version's year. */
  since: number;
  min: BasisPoints;
  max: BasisPoints;
}

/**
 * The legal rates, versioned by year like the tariffs' bounds: a change of the law appends a version, and a
 * year before a component's first version is a year the component did not exist. Every rate is fixed by its
 * article today (floor = ceiling): the departmental 10 %, Île-de-France 15 % (since 2019), Île-de-France
 * Mobilités 200 % (since 2024), the new railway lines 34 % (since 2023 in the first départements).
 */
export const COMPONENT_LEGAL_RATES: Readonly<Record<ComponentKind, readonly ComponentRateVersion[]>> = {
  DEPARTMENTAL: [{ since: 2000, min: 1_000, max: 1_000 }],
  ILE_DE_FRANCE: [{ since: 2019, min: 1_500, max: 1_500 }],
  IDF_MOBILITES: [{ since: 2024, min: 20_000, max: 20_000 }],
  RAILWAY_LINE: [{ since: 2023, min: 3_400, max: 3_400 }],
};

/** The bounds of a component's rate in a year, or null when the law did not provide it that year. */
export function componentRateBounds(
  kind: ComponentKind,
  year: number,
): { min: BasisPoints; max: BasisPoints } | null {
  let found: ComponentRateVersion | null = null;
  for (const version of COMPONENT_LEGAL_RATES[kind]) if (version.since <= year) found = version;
  return found ? { min: found.min, max: found.max } : null;
}

/** The rate a new deliberation proposes: the latest version's floor. */
export function defaultComponentRate(kind: ComponentKind): BasisPoints {
  return COMPONENT_LEGAL_RATES[kind].at(-1)!.min;
}

/** "taxe additionnelle régionale Île-de-France": the label inside a sentence (proper nouns keep their capitals). */
function inSentence(kind: ComponentKind): string {
  const { label } = componentInfo[kind];
  return label.charAt(0).toLowerCase() + label.slice(1);
}

export const componentMessages = {
  notInForce: (kind: ComponentKind, year: number) =>
    `La ${inSentence(kind)} (${componentInfo[kind].legalBasis}) n’existe pas en ${year} : désactivez-la pour cette période.`,
  notFixedRate: (kind: ComponentKind, rate: BasisPoints, year: number, fixed: BasisPoints) =>
    `Le taux de la ${inSentence(kind)} (${formatBasisPoints(rate)}) doit être égal au taux légal ${year} de ${formatBasisPoints(fixed)}.`,
  rateBelowFloor: (kind: ComponentKind, rate: BasisPoints, year: number, floor: BasisPoints) =>
    `Le taux de la ${inSentence(kind)} (${formatBasisPoints(rate)}) est inférieur au minimum légal ${year} de ${formatBasisPoints(floor)}.`,
  rateAboveCeiling: (kind: ComponentKind, rate: BasisPoints, year: number, ceiling: BasisPoints) =>
    `Le taux de la ${inSentence(kind)} (${formatBasisPoints(rate)}) dépasse le maximum légal ${year} de ${formatBasisPoints(ceiling)}.`,
} as const;

/**
 * Why a component's rate breaks the law of one of `years` (every year a deliberation's period touches), or
 * undefined. The first failing year is named, as for the tariffs.
 */
export function componentRateError(
  kind: ComponentKind,
  rate: BasisPoints,
  years: readonly number[],
): string | undefined {
  for (const year of years) {
    const bounds = componentRateBounds(kind, year);
    if (!bounds) return componentMessages.notInForce(kind, year);
    if (bounds.min === bounds.max && rate !== bounds.min)
      return componentMessages.notFixedRate(kind, rate, year, bounds.min);
    if (rate < bounds.min) return componentMessages.rateBelowFloor(kind, rate, year, bounds.min);
    if (rate > bounds.max) return componentMessages.rateAboveCeiling(kind, rate, year, bounds.max);
  }
  return undefined;
}

/** Far above any rate the law has set (200 %): a typing error, not a rate, beyond it. */
export const MAX_COMPONENT_RATE: BasisPoints = 100_000;

/** A component's rate as typed, in basis points: may exceed 100 % (Île-de-France Mobilités: 200 %). */
export const componentRateSchema = z
  .number({ error: m.number() })
  .int({ error: m.number() })
  .min(0, { error: m.min(formatBasisPoints(0)) })
  .max(MAX_COMPONENT_RATE, { error: m.max(formatBasisPoints(MAX_COMPONENT_RATE)) });

/** One component of a deliberation: on or off, its rate, and who it is paid over to. */
export const componentSchema = z.object({
  enabled: z.boolean({ error: m.custom() }),
  rate: componentRateSchema,
  beneficiary: text({ max: 200 }),
});
export type ComponentSetting = z.output<typeof componentSchema>;

function defaultComponent(kind: ComponentKind, enabled: boolean): ComponentSetting {
  return { enabled, rate: defaultComponentRate(kind), beneficiary: componentInfo[kind].beneficiary };
}

/**
 * Keyed by kind, like a table's rows: each component exactly once, and an error's path
 * (`components.IDF_MOBILITES.rate`) is the form field's name. Left out, a component takes its legal rate and
 * is off — except the departmental one, on by default as pricings have always been.
 */
export const componentsSchema = z.strictObject({
  DEPARTMENTAL: componentSchema.default(() => defaultComponent('DEPARTMENTAL', true)),
  ILE_DE_FRANCE: componentSchema.default(() => defaultComponent('ILE_DE_FRANCE', false)),
  IDF_MOBILITES: componentSchema.default(() => defaultComponent('IDF_MOBILITES', false)),
  RAILWAY_LINE: componentSchema.default(() => defaultComponent('RAILWAY_LINE', false)),
});
export type Components = z.output<typeof componentsSchema>;
export type ComponentsInput = z.input<typeof componentsSchema>;

/** The components that are on, in the law's order: what is computed, stored and shown. */
export function enabledComponents(components: Components): Array<{ kind: ComponentKind; rate: BasisPoints }> {
  return COMPONENT_KINDS.filter((kind) => components[kind].enabled).map((kind) => ({
    kind,
    rate: components[kind].rate,
  }));
}

const componentKindSchema = z.enum(COMPONENT_KINDS, { error: m.custom() });

/** A component's share of one person-night. */
export const componentUnitSchema = z.object({
  kind: componentKindSchema,
  rate: componentRateSchema,
  unit: centsSchema,
});
export type ComponentUnit = z.infer<typeof componentUnitSchema>;

/**
 * Each component per person-night from the base tariff actually charged, rounded half-up to the cent on its
 * own (never the sum of rates applied once): Paris 2026, 3★ at 1,70 € gives 0,17 + 0,26 + 3,40.
 */
export function componentUnits(
  base: Cents,
  components: ReadonlyArray<{ kind: ComponentKind; rate: BasisPoints }>,
): ComponentUnit[] {
  return components.map(({ kind, rate }) => ({ kind, rate, unit: applyBasisPoints(base, rate) }));
}

/** Per taxable person-night: the base tariff, each component's unit, and their sum. */
export const unitChargeSchema = z.object({
  base: centsSchema,
  components: z.array(componentUnitSchema),
  total: centsSchema,
});
export type UnitCharge = z.infer<typeof unitChargeSchema>;

/** A component's amount in a declaration: what it keeps, so a later deliberation never alters it. */
export const componentAmountSchema = z.object({
  kind: componentKindSchema,
  rate: componentRateSchema,
  amount: centsSchema,
});
export type ComponentAmount = z.infer<typeof componentAmountSchema>;

export function unitCharge(
  base: Cents,
  components: ReadonlyArray<{ kind: ComponentKind; rate: BasisPoints }>,
): UnitCharge {
  const units = componentUnits(base, components);
  return { base, components: units, total: units.reduce((sum, { unit }) => sum + unit, base) };
}
