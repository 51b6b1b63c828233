import { type FieldErrors, fieldErrorsFromIssues } from '../errors';
import type { YearBounds } from '../pricings/bounds';
import type { PricingPayload } from '../pricings/schemas';
import { pricingRuleErrors } from '../pricings/validation';
import { type Components, componentInfo, componentsSchema } from './components';
import {
  computeDeliberationTable,
  type DeliberationPayload,
  deliberationOfPricing,
  deliberationOfStoredPricing,
  deliberationRuleErrors,
  type StoredPricingPayload,
} from './deliberation';
import { type ForfaitSettings, forfaitSettingsSchema } from './forfait';
import { collectionPeriodsSchema } from './periods';
import type { PricingBody, PricingDeliberation } from './pricing-body';

/**
 * A pricing's body as the deliberation it enters, stored and answered (the schemas are in pricing-body.ts, light
 * for every screen that reads a pricing).
 */

/** The deliberation a body enters: with components, `departmentalRate` is read from the departmental one. */
export function deliberationOfBody(body: PricingBody): DeliberationPayload {
  const today = deliberationOfPricing(body);
  return {
    ...today,
    components: componentsOf(body).components ?? today.components,
    collectionPeriods: body.collectionPeriods ?? today.collectionPeriods,
    lowRentThreshold: body.lowRentThreshold ?? null,
    forfait: forfaitOf(body).forfait ?? today.forfait,
  };
}

/** The departmental rate today's readers see: the component's rate when it is on, 0 when it is off. */
function departmentalRateOf(deliberation: DeliberationPayload): number {
  const departmental = deliberation.components.DEPARTMENTAL;
  return departmental.enabled ? departmental.rate : 0;
}

/** A schema's field errors under `prefix` (an error on the whole value, on `prefix` itself). */
function prefixed(
  prefix: string,
  issues: ReadonlyArray<{ path: PropertyKey[]; message: string }>,
): FieldErrors {
  const errors: FieldErrors = {};
  for (const [path, message] of Object.entries(fieldErrorsFromIssues(issues))) {
    errors[path === '_' ? prefix : `${prefix}.${path}`] = message;
  }
  return errors;
}

/** The components the body sent, read by their schema (defaults filled in), or their field errors. */
function componentsOf(body: PricingBody): { components?: Components; errors: FieldErrors } {
  if (!body.components) return { errors: {} };
  const result = componentsSchema.safeParse(body.components);
  return result.success
    ? { components: result.data, errors: {} }
    : { errors: prefixed('components', result.error.issues) };
}

/** The forfait the body sent, read by its schema (natures, abatement bands), or its field errors. */
function forfaitOf(body: PricingBody): { forfait?: ForfaitSettings; errors: FieldErrors } {
  if (!body.forfait) return { errors: {} };
  const result = forfaitSettingsSchema.safeParse(body.forfait);
  return result.success
    ? { forfait: result.data, errors: {} }
    : { errors: prefixed('forfait', result.error.issues) };
}

/**
 * The forfait's errors alone (`forfait.abatements.0.rate`…): a form judges them on the body as typed, before
 * `storedPricingOfBody` reads it (which leaves out a forfait it cannot read).
 */
export function forfaitBodyErrors(body: PricingBody): FieldErrors {
  return forfaitOf(body).errors;
}

/** The collection periods' rules (days of the year, none overlapping), on `collectionPeriods.N.from|to`. */
function periodErrors(body: PricingBody): FieldErrors {
  if (!body.collectionPeriods) return {};
  const result = collectionPeriodsSchema.safeParse(body.collectionPeriods);
  return result.success ? {} : prefixed('collectionPeriods', result.error.issues);
}

/**
 * The law's rules of a body, as field errors: its collection periods, its grid, and its components' rates —
 * these only when the admin sent components: a body of today (a departmental rate alone) is checked as it always
 * was, so a pricing stored with another rate can still be corrected in its grid.
 */
export function pricingBodyRuleErrors(body: PricingBody, entered: readonly YearBounds[] = []): FieldErrors {
  const periods = periodErrors(body);
  const components = componentsOf(body);
  const forfait = forfaitOf(body).errors;
  // What cannot be read is left out: the rest is judged without it.
  const judged: PricingBody = {
    ...body,
    ...(Object.keys(periods).length > 0 ? { collectionPeriods: undefined } : {}),
    ...(components.components ? {} : { components: undefined }),
  };
  const rules = judged.components
    ? deliberationRuleErrors(deliberationOfBody(judged), entered)
    : pricingRuleErrors(judged, entered);
  return { ...periods, ...components.errors, ...forfait, ...rules };
}

function isTodaysPricing(deliberation: DeliberationPayload, pricing: PricingPayload): boolean {
  const today = deliberationOfPricing(pricing);
  return (
    JSON.stringify(deliberation.components) === JSON.stringify(today.components) &&
    JSON.stringify(deliberation.collectionPeriods) === JSON.stringify(today.collectionPeriods) &&
    deliberation.lowRentThreshold === null &&
    deliberation.forfait.natures.length === 0
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
    forfait: deliberation.forfait,
  };
}

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
    forfait: table.forfait,
  };
}
