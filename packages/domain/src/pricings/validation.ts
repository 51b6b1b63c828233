import { type Period, yearOfIsoDate, yearsOfPeriod } from '../calendar/dates';
import type { FieldErrors } from '../errors';
import {
  CLASSIFIED_ESTABLISHMENT_TYPES,
  type ClassifiedEstablishmentType,
  establishmentTypeInfo,
} from '../establishments/types';
import { validationMessages as m } from '../validation/messages';
import { boundsForYear, type YearBounds } from './bounds';
import { pricingMessages as pm } from './messages';
import { type PricingPayload, pricingPayloadSchema } from './schemas';

/**
 * The category just above `type` that the law compares it with, or null. "A category's tariff may not
 * exceed the tariff of a higher category *of the same nature*": hotels and the like (ranks 1–6) form one
 * chain, campsites (7–8) another; a campsite is never compared with a hotel, and NONE has a rate, not a
 * tariff. Comparing each category with its neighbour is enough: the order is transitive along the chain.
 */
export function higherCategoryOf(type: ClassifiedEstablishmentType): ClassifiedEstablishmentType | null {
  const index = CLASSIFIED_ESTABLISHMENT_TYPES.indexOf(type);
  const higher = index > 0 ? CLASSIFIED_ESTABLISHMENT_TYPES[index - 1] : undefined;
  return higher && establishmentTypeInfo[higher].kind === establishmentTypeInfo[type].kind ? higher : null;
}

/**
 * The legal bounds of every year a period touches. A period across two years (2025-07-01 → 2026-06-30)
 * must respect both grids. A year without bounds is reported on the date that falls in it.
 */
function boundsOfPeriod(period: Period, errors: FieldErrors, entered: readonly YearBounds[]): YearBounds[] {
  const all: YearBounds[] = [];
  for (const year of yearsOfPeriod(period)) {
    const result = boundsForYear(year, entered);
    if (result.ok) {
      all.push(result.bounds);
    } else {
      const key = year === yearOfIsoDate(period.beginDate) ? 'beginDate' : 'endDate';
      errors[key] ??= result.message;
    }
  }
  return all;
}

function tariffBoundsError(type: ClassifiedEstablishmentType, tariff: number, years: YearBounds[]) {
  const label = establishmentTypeInfo[type].label;
  for (const { year, tariffs } of years) {
    const { min, max } = tariffs[type];
    if (min === max && tariff !== min) return pm.notFixedTariff(label, tariff, year, min);
    if (tariff < min) return pm.belowFloor(label, tariff, year, min);
    if (tariff > max) return pm.aboveCeiling(label, tariff, year, max);
  }
  return undefined;
}

function noneRateError(rate: number, years: YearBounds[]) {
  const label = establishmentTypeInfo.NONE.label;
  for (const { noneRate } of years) {
    if (rate < noneRate.min) return pm.rateBelowFloor(label, rate, noneRate.min);
    if (rate > noneRate.max) return pm.rateAboveCeiling(label, rate, noneRate.max);
  }
  return undefined;
}

/**
 * The rules of a pricing table beyond its shape, as field errors keyed by path (empty when the table is
 * valid): the period's order, each tariff within the legal bounds of every year of the period, no
 * category above a higher category of the same nature, NONE's rate from 1 % to 5 %. The server answers
 * these with `pricing_out_of_bounds`; the first message per field wins, as in the form engine. `entered`
 * are the years a superadmin entered beside the shipped ones (the server and the web pass the same list).
 */
export function pricingRuleErrors(payload: PricingPayload, entered: readonly YearBounds[] = []): FieldErrors {
  const errors: FieldErrors = {};
  if (payload.endDate < payload.beginDate) errors.endDate = m.dateNotBefore('date de début');
  const years = boundsOfPeriod(payload, errors, entered);

  for (const type of CLASSIFIED_ESTABLISHMENT_TYPES) {
    const tariff = payload.rows[type].tariff;
    const higher = higherCategoryOf(type);
    const error =
      tariffBoundsError(type, tariff, years) ??
      (higher && tariff > payload.rows[higher].tariff
        ? pm.aboveHigherCategory(
            establishmentTypeInfo[type].label,
            tariff,
            establishmentTypeInfo[higher].label,
            payload.rows[higher].tariff,
          )
        : undefined);
    if (error) errors[`rows.${type}.tariff`] = error;
  }

  const rateError = noneRateError(payload.rows.NONE.rate, years);
  if (rateError) errors['rows.NONE.rate'] = rateError;
  return errors;
}

/** Shape and rules in one schema, for a form resolver: each rule error lands on its field. */
export function validPricingPayloadSchemaWith(entered: readonly YearBounds[]) {
  return pricingPayloadSchema.superRefine((payload, ctx) => {
    for (const [path, message] of Object.entries(pricingRuleErrors(payload, entered))) {
      ctx.addIssue({ code: 'custom', path: path.split('.'), message });
    }
  });
}

/** The same with the shipped years only. */
export const validPricingPayloadSchema = validPricingPayloadSchemaWith([]);
