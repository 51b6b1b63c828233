import { z } from 'zod';
import type { FieldErrors } from '../errors';
import { centsSchema } from '../money/schemas';
import type { YearBounds } from '../pricings/bounds';
import { noneRowSchema, type PricingPayload, pricingPayloadSchema } from '../pricings/schemas';
import { pricingRuleErrors } from '../pricings/validation';
import { COMPONENT_KINDS, componentInfo, componentsSchema, unitChargeSchema } from './components';
import {
  computeDeliberationTable,
  type DeliberationPayload,
  deliberationOfPricing,
  deliberationOfStoredPricing,
  deliberationRuleErrors,
  type StoredPricingPayload,
} from './deliberation';
import { collectionPeriodsSchema } from './periods';

/**
 * The body of `POST pricings` and `PUT pricings/{id}`: today's pricing, and the deliberation's own parts when
 * the admin entered them. Left out, they are what a pricing has always been (the departmental component from
 * `departmentalRate`, taxed all year, no low-rent threshold); no default is filled in here, so that the server
 * knows which of `departmentalRate` and `components` the admin meant.
 */
export const pricingBodySchema = pricingPayloadSchema.extend({
  components: componentsSchema.optional(),
  collectionPeriods: collectionPeriodsSchema.unwrap().optional(),
  lowRentThreshold: centsSchema.nullable().optional(),
});
export type PricingBody = z.output<typeof pricingBodySchema>;
export type PricingBodyInput = z.input<typeof pricingBodySchema>;

/** The deliberation a body enters: with components, `departmentalRate` is read from the departmental one. */
export function deliberationOfBody(body: PricingBody): DeliberationPayload {
  const today = deliberationOfPricing(body);
  return {
    ...today,
    components: body.components ?? today.components,
    collectionPeriods: body.collectionPeriods ?? today.collectionPeriods,
    lowRentThreshold: body.lowRentThreshold ?? null,
  };
}

/** The departmental rate today's readers see: the component's rate when it is on, 0 when it is off. */
function departmentalRateOf(deliberation: DeliberationPayload): number {
  const departmental = deliberation.components.DEPARTMENTAL;
  return departmental.enabled ? departmental.rate : 0;
}

/**
 * The law's rules of a body, as field errors. The components' rates are checked only when the admin sent
 * components: a body of today (a departmental rate alone) is checked as it always was, so a pricing stored with
 * another rate can still be corrected in its grid.
 */
export function pricingBodyRuleErrors(body: PricingBody, entered: readonly YearBounds[] = []): FieldErrors {
  if (!body.components) return pricingRuleErrors(body, entered);
  return deliberationRuleErrors(deliberationOfBody(body), entered);
}

function isTodaysPricing(deliberation: DeliberationPayload, pricing: PricingPayload): boolean {
  const today = deliberationOfPricing(pricing);
  return (
    JSON.stringify(deliberation.components) === JSON.stringify(today.components) &&
    JSON.stringify(deliberation.collectionPeriods) === JSON.stringify(today.collectionPeriods) &&
    deliberation.lowRentThreshold === null
  );
}

/**
 * What `pricings.payload` keeps of a body. A deliberation that is a pricing of today (the departmental component
 * alone, all year, no threshold) is kept as one, so that it reads, computes and is audited exactly as before;
 * any other keeps its components, periods and threshold beside the grid.
 */
export function storedPricingOfBody(body: PricingBody): StoredPricingPayload {
  const deliberation = deliberationOfBody(body);
  const pricing: PricingPayload = {
    beginDate: body.beginDate,
    endDate: body.endDate,
    threshold: body.threshold,
    departmentalRate: departmentalRateOf(deliberation),
    rows: body.rows,
  };
  if (isTodaysPricing(deliberation, pricing)) return pricing;
  return {
    ...pricing,
    components: deliberation.components,
    collectionPeriods: deliberation.collectionPeriods,
    lowRentThreshold: deliberation.lowRentThreshold,
  };
}

/** A component that is on, as the API shows it: its rate and beneficiary, its label and article. */
export const pricingComponentSchema = z.object({
  kind: z.enum(COMPONENT_KINDS),
  rate: z.number().int(),
  beneficiary: z.string(),
  label: z.string(),
  legalBasis: z.string(),
});

/**
 * A pricing's deliberation as `GET pricings` answers it, beside today's columns: the components that are on,
 * each classified row's units (the tariff, each component rounded on its own, the total), NONE's rate and cap,
 * the collection periods and the low-rent threshold.
 */
export const pricingDeliberationSchema = z.object({
  components: z.array(pricingComponentSchema),
  /** Every component as entered, on or off: what the form edits back. */
  settings: componentsSchema,
  rows: z.object({
    PALACES: unitChargeSchema,
    HOTEL_5: unitChargeSchema,
    HOTEL_4: unitChargeSchema,
    HOTEL_3: unitChargeSchema,
    HOTEL_2: unitChargeSchema,
    HOTEL_1: unitChargeSchema,
    CAMPING_345: unitChargeSchema,
    CAMPING_12: unitChargeSchema,
    NONE: noneRowSchema,
  }),
  collectionPeriods: z.array(z.object({ from: z.string(), to: z.string() })),
  lowRentThreshold: centsSchema.nullable(),
});
export type PricingDeliberation = z.infer<typeof pricingDeliberationSchema>;

export function pricingDeliberationOf(stored: StoredPricingPayload): PricingDeliberation {
  const deliberation = deliberationOfStoredPricing(stored);
  const table = computeDeliberationTable(deliberation);
  return {
    components: table.components.map((component) => ({
      ...component,
      label: componentInfo[component.kind].label,
      legalBasis: componentInfo[component.kind].legalBasis,
    })),
    settings: deliberation.components,
    rows: table.rows,
    collectionPeriods: table.collectionPeriods.map(({ from, to }) => ({ from, to })),
    lowRentThreshold: table.lowRentThreshold,
  };
}
