import { z } from 'zod';
import { isoDateSchema, type Period, yearsOfPeriod } from '../calendar/dates';
import type { Month } from '../calendar/months';
import type { FieldErrors } from '../errors';
import { CLASSIFIED_ESTABLISHMENT_TYPES, type ClassifiedEstablishmentType } from '../establishments/types';
import { centsSchema } from '../money/schemas';
import type { YearBounds } from '../pricings/bounds';
import {
  DEFAULT_DEPARTMENTAL_RATE,
  DEFAULT_THRESHOLD_CENTS,
  noneRowSchema,
  type PricingPayload,
  type PricingTable,
  pricingRowsPayloadSchema,
} from '../pricings/schemas';
import { classifiedRow, noneCap } from '../pricings/table';
import { pricingRuleErrors } from '../pricings/validation';
import { pricingOfMonth } from '../tax/in-force';
import { validationMessages as m } from '../validation/messages';
import {
  COMPONENT_KINDS,
  type ComponentKind,
  type Components,
  componentInfo,
  componentRateError,
  componentRateSchema,
  componentsSchema,
  defaultComponentRate,
  enabledComponents,
  type UnitCharge,
  unitCharge,
  unitChargeSchema,
} from './components';
import { lowRentThresholdSchema } from './exemptions';
import { forfaitSettingsSchema } from './forfait';
import { NATURES } from './natures';
import { type CollectionPeriod, collectionPeriodsSchema, WHOLE_YEAR } from './periods';

/**
 * A collectivity's deliberation for a period: the communal or intercommunal grid, the proportional rate of
 * unclassified accommodation, the additional components, the collection periods and the low-rent threshold.
 * It belongs to a collectivity: one instance serves one today, and serving several adds rows, not fields.
 */

/** The collectivity of an instance that serves one (the one of Paramètres). */
export const SOLE_COLLECTIVITY_ID = 1;

export const collectivityIdSchema = z
  .number({ error: m.number() })
  .int({ error: m.number() })
  .min(1, { error: m.min(1) });

/**
 * What an admin enters. The shape only; the law's rules are `deliberationRuleErrors`, both at once
 * `validDeliberationPayloadSchemaWith`. `threshold` is the product's split of unclassified nights into two
 * bands on a declaration (not a legal amount); `lowRentThreshold` is the council's amount of exemption 4°.
 */
export const deliberationPayloadSchema = z.object({
  collectivityId: collectivityIdSchema.default(SOLE_COLLECTIVITY_ID),
  beginDate: isoDateSchema,
  endDate: isoDateSchema,
  threshold: centsSchema.default(DEFAULT_THRESHOLD_CENTS),
  rows: pricingRowsPayloadSchema,
  components: componentsSchema.prefault({}),
  collectionPeriods: collectionPeriodsSchema,
  lowRentThreshold: lowRentThresholdSchema,
  /** The natures taxed au forfait and the abatement; every nature au réel when left out. */
  forfait: forfaitSettingsSchema.prefault({}),
});
export type DeliberationPayload = z.output<typeof deliberationPayloadSchema>;
export type DeliberationPayloadInput = z.input<typeof deliberationPayloadSchema>;

/** The grid part of a deliberation, as the pricings' rules read it. */
function gridOf(payload: DeliberationPayload): PricingPayload {
  const departmental = payload.components.DEPARTMENTAL;
  return {
    beginDate: payload.beginDate,
    endDate: payload.endDate,
    threshold: payload.threshold,
    departmentalRate: departmental.enabled ? departmental.rate : 0,
    rows: payload.rows,
  };
}

/**
 * The law's rules beyond the shape, as field errors keyed by path: the grid's (each tariff within the bounds of
 * every year of the period, no category above a higher one, the proportional rate from 1 % to 5 %), and each
 * component that is on at the rate its article sets for every year of the period. A component that is off is
 * not checked: its rate is not applied.
 */
export function deliberationRuleErrors(
  payload: DeliberationPayload,
  entered: readonly YearBounds[] = [],
): FieldErrors {
  const errors = pricingRuleErrors(gridOf(payload), entered);
  const years = payload.endDate < payload.beginDate ? [] : yearsOfPeriod(payload);
  for (const kind of COMPONENT_KINDS) {
    const component = payload.components[kind];
    if (!component.enabled) continue;
    const error = componentRateError(kind, component.rate, years);
    if (error) errors[`components.${kind}.rate`] = error;
  }
  return errors;
}

/** Shape and rules in one schema, for a route or a form resolver: each rule error lands on its field. */
export function validDeliberationPayloadSchemaWith(entered: readonly YearBounds[]) {
  return deliberationPayloadSchema.superRefine((payload, ctx) => {
    for (const [path, message] of Object.entries(deliberationRuleErrors(payload, entered))) {
      ctx.addIssue({ code: 'custom', path: path.split('.'), message });
    }
  });
}

/** A component as a computed deliberation carries it: on, with its rate and beneficiary. */
export const deliberationComponentSchema = z.object({
  kind: z.enum(COMPONENT_KINDS),
  rate: componentRateSchema,
  beneficiary: z.string(),
});
export type DeliberationComponent = z.infer<typeof deliberationComponentSchema>;

/** A deliberation with its computed columns: what the engine reads and the API answers. */
export const deliberationTableSchema = z.object({
  collectivityId: collectivityIdSchema,
  beginDate: isoDateSchema,
  endDate: isoDateSchema,
  threshold: centsSchema,
  /** The components that are on, in the law's order. */
  components: z.array(deliberationComponentSchema),
  collectionPeriods: z.array(z.object({ from: z.string(), to: z.string() })),
  lowRentThreshold: centsSchema.nullable(),
  /** The natures taxed au forfait (the others au réel) and the abatement by length of opening. */
  forfait: z.object({
    natures: z.array(z.enum(NATURES)),
    abatements: z.array(z.object({ fromNights: z.number().int(), rate: z.number().int() })),
  }),
  /** Each classified row's units: its tariff (the base), each component from it, rounded one by one, the total. */
  rows: z.object({
    PALACES: unitChargeSchema,
    HOTEL_5: unitChargeSchema,
    HOTEL_4: unitChargeSchema,
    HOTEL_3: unitChargeSchema,
    HOTEL_2: unitChargeSchema,
    HOTEL_1: unitChargeSchema,
    CAMPING_345: unitChargeSchema,
    CAMPING_12: unitChargeSchema,
    /** The cap is the highest tariff the collectivity adopted in this deliberation (law since 2021). */
    NONE: noneRowSchema,
  }),
});
export type DeliberationTable = z.infer<typeof deliberationTableSchema>;

export function computeDeliberationTable(payload: DeliberationPayload): DeliberationTable {
  const on = enabledComponents(payload.components);
  const rows = Object.fromEntries(
    CLASSIFIED_ESTABLISHMENT_TYPES.map((type) => [type, unitCharge(payload.rows[type].tariff, on)]),
  ) as Record<ClassifiedEstablishmentType, UnitCharge>;
  return {
    collectivityId: payload.collectivityId,
    beginDate: payload.beginDate,
    endDate: payload.endDate,
    threshold: payload.threshold,
    components: on.map(({ kind, rate }) => ({
      kind,
      rate,
      beneficiary: payload.components[kind].beneficiary,
    })),
    collectionPeriods: payload.collectionPeriods.map((period) => ({ ...period })),
    lowRentThreshold: payload.lowRentThreshold,
    forfait: {
      natures: [...payload.forfait.natures],
      abatements: payload.forfait.abatements.map((band) => ({ ...band })),
    },
    rows: { ...rows, NONE: { rate: payload.rows.NONE.rate, cap: noneCap(payload.rows) } },
  };
}

/**
 * Today's pricing as a deliberation: its grid, the departmental component on at its rate (off when the rate
 * is 0), taxed all year, no low-rent threshold. What a migration writes for every stored pricing; the tax it
 * computes is the pricing's, to the cent.
 */
export function deliberationOfPricing(
  pricing: PricingPayload,
  collectivityId: number = SOLE_COLLECTIVITY_ID,
): DeliberationPayload {
  const off = (kind: ComponentKind) => ({
    enabled: false,
    rate: defaultComponentRate(kind),
    beneficiary: componentInfo[kind].beneficiary,
  });
  const components: Components = {
    DEPARTMENTAL:
      pricing.departmentalRate > 0
        ? {
            enabled: true,
            rate: pricing.departmentalRate,
            beneficiary: componentInfo.DEPARTMENTAL.beneficiary,
          }
        : { ...off('DEPARTMENTAL'), rate: DEFAULT_DEPARTMENTAL_RATE },
    ILE_DE_FRANCE: off('ILE_DE_FRANCE'),
    IDF_MOBILITES: off('IDF_MOBILITES'),
    RAILWAY_LINE: off('RAILWAY_LINE'),
  };
  return {
    collectivityId,
    beginDate: pricing.beginDate,
    endDate: pricing.endDate,
    threshold: pricing.threshold,
    rows: pricing.rows,
    components,
    collectionPeriods: WHOLE_YEAR.map((period) => ({ ...period })),
    lowRentThreshold: null,
    forfait: { natures: [], abatements: [] },
  };
}

/**
 * The deliberation as today's pricing table (community tariff, departmental tariff, total), when it is one:
 * no component but the departmental one, taxed all year, no low-rent threshold. Null otherwise — the screens
 * that read a pricing table cannot show it.
 */
export function pricingTableOfDeliberation(table: DeliberationTable): PricingTable | null {
  const departmental = table.components.find(({ kind }) => kind === 'DEPARTMENTAL');
  const othersOn = table.components.some(({ kind }) => kind !== 'DEPARTMENTAL');
  const wholeYear =
    table.collectionPeriods.length === 1 &&
    table.collectionPeriods[0]!.from === '01-01' &&
    table.collectionPeriods[0]!.to === '12-31';
  if (othersOn || !wholeYear || table.lowRentThreshold !== null) return null;
  const departmentalRate = departmental?.rate ?? 0;
  const rows = Object.fromEntries(
    CLASSIFIED_ESTABLISHMENT_TYPES.map((type) => [
      type,
      classifiedRow(table.rows[type].base, departmentalRate),
    ]),
  ) as Record<ClassifiedEstablishmentType, ReturnType<typeof classifiedRow>>;
  return {
    beginDate: table.beginDate,
    endDate: table.endDate,
    threshold: table.threshold,
    departmentalRate,
    rows: { ...rows, NONE: { ...table.rows.NONE } },
  };
}

/**
 * What `pricings.payload` holds: today's pricing, and the deliberation's own parts once an admin has entered
 * them. A payload stored before deliberations existed has none of them and reads as `deliberationOfPricing`.
 */
export type StoredPricingPayload = PricingPayload &
  Partial<Pick<DeliberationPayload, 'components' | 'collectionPeriods' | 'lowRentThreshold' | 'forfait'>>;

/** The deliberation a stored pricing is. */
export function deliberationOfStoredPricing(
  payload: StoredPricingPayload,
  collectivityId: number = SOLE_COLLECTIVITY_ID,
): DeliberationPayload {
  const today = deliberationOfPricing(payload, collectivityId);
  return {
    ...today,
    components: payload.components ?? today.components,
    collectionPeriods: payload.collectionPeriods ?? today.collectionPeriods,
    lowRentThreshold: payload.lowRentThreshold ?? today.lowRentThreshold,
    forfait: payload.forfait ?? today.forfait,
  };
}

/**
 * The collection periods that decide whether a month needs a declaration: those of the deliberation in force
 * on every night of it (`pricingOfMonth`). A month without one, or under two, keeps the whole year: it stays
 * due, and declaring it says why it cannot be computed.
 */
export function collectionPeriodsOfMonth(
  pricings: ReadonlyArray<Period & { payload: StoredPricingPayload }>,
  year: number,
  month: Month,
): readonly CollectionPeriod[] {
  const pricing = pricingOfMonth(pricings, year, month);
  return pricing ? deliberationOfStoredPricing(pricing.payload).collectionPeriods : WHOLE_YEAR;
}
