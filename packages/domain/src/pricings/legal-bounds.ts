import { z } from 'zod';
import { CLASSIFIED_ESTABLISHMENT_TYPES, establishmentTypeInfo } from '../establishments/types';
import { formatBasisPoints, formatEuros } from '../money/format';
import { basisPointsSchema, centsSchema } from '../money/schemas';
import { intParam } from '../validation/fields';
import { isShippedYear, type YearBounds } from './bounds';
import { higherCategoryOf } from './validation';

/** French messages of a year's bounds, each on the field to fix. */
export const legalBoundsMessages = {
  year: 'Saisissez une année entre 2000 et 2100.',
  shippedYear: (year: number) =>
    `Les limites légales de ${year} sont fournies avec le produit : elles ne peuvent pas être saisies.`,
  minAboveMax: (min: string, max: string) =>
    `Le maximum (${max}) ne peut pas être inférieur au minimum (${min}).`,
  aboveHigher: (which: 'minimum' | 'maximum', value: string, higherLabel: string, higherValue: string) =>
    `Le ${which} (${value}) ne peut pas dépasser celui de la catégorie supérieure « ${higherLabel} » (${higherValue}).`,
} as const;

const rangeSchema = <T extends z.ZodNumber>(field: T) => z.strictObject({ min: field, max: field });

/** Shape of a year's bounds: what a superadmin types, and what the database keeps (a `YearBounds`). */
export const legalBoundsShapeSchema = z.strictObject({
  year: z
    .number({ error: legalBoundsMessages.year })
    .int({ error: legalBoundsMessages.year })
    .min(2000, {
      error: legalBoundsMessages.year,
    })
    .max(2100, { error: legalBoundsMessages.year }),
  tariffs: z.strictObject({
    PALACES: rangeSchema(centsSchema),
    HOTEL_5: rangeSchema(centsSchema),
    HOTEL_4: rangeSchema(centsSchema),
    HOTEL_3: rangeSchema(centsSchema),
    HOTEL_2: rangeSchema(centsSchema),
    HOTEL_1: rangeSchema(centsSchema),
    CAMPING_345: rangeSchema(centsSchema),
    CAMPING_12: rangeSchema(centsSchema),
  }),
  noneRate: rangeSchema(basisPointsSchema),
});

/**
 * The rules of a year's bounds beyond their shape, keyed by field path: each minimum at most its maximum,
 * and like the law's grid, no category's minimum or maximum above the higher category's of the same nature.
 * The year must not be a shipped one (those are fixed in `bounds.ts`).
 */
export function legalBoundsErrors(bounds: YearBounds): Record<string, string> {
  const errors: Record<string, string> = {};
  const lbm = legalBoundsMessages;
  if (isShippedYear(bounds.year)) errors.year = lbm.shippedYear(bounds.year);
  for (const type of CLASSIFIED_ESTABLISHMENT_TYPES) {
    const { min, max } = bounds.tariffs[type];
    if (min > max) {
      errors[`tariffs.${type}.max`] = lbm.minAboveMax(formatEuros(min), formatEuros(max));
      continue;
    }
    const higher = higherCategoryOf(type);
    if (!higher) continue;
    const above = bounds.tariffs[higher];
    const label = establishmentTypeInfo[higher].label;
    if (min > above.min) {
      errors[`tariffs.${type}.min`] = lbm.aboveHigher(
        'minimum',
        formatEuros(min),
        label,
        formatEuros(above.min),
      );
    }
    if (max > above.max) {
      errors[`tariffs.${type}.max`] = lbm.aboveHigher(
        'maximum',
        formatEuros(max),
        label,
        formatEuros(above.max),
      );
    }
  }
  if (bounds.noneRate.min > bounds.noneRate.max) {
    errors['noneRate.max'] = lbm.minAboveMax(
      formatBasisPoints(bounds.noneRate.min),
      formatBasisPoints(bounds.noneRate.max),
    );
  }
  return errors;
}

/** Body of `POST /pricings/bounds` and `PUT /pricings/bounds/:year`, and the form's resolver: shape and rules. */
export const legalBoundsPayloadSchema = legalBoundsShapeSchema.superRefine((bounds, ctx) => {
  for (const [path, message] of Object.entries(legalBoundsErrors(bounds))) {
    ctx.addIssue({ code: 'custom', path: path.split('.'), message });
  }
});
export type LegalBoundsPayload = z.output<typeof legalBoundsPayloadSchema>;

/** A year of the legal grid as `GET /pricings/bounds` lists it: shipped with the product or entered. */
export const legalBoundsEntrySchema = legalBoundsShapeSchema.extend({
  shipped: z.boolean(),
  /** How many pricings use the year (an entered year in use cannot be changed nor deleted). */
  pricings: z.number().int().min(0),
});
export type LegalBoundsEntry = z.infer<typeof legalBoundsEntrySchema>;

export const legalBoundsYearParamsSchema = z.object({ year: intParam({ min: 2000, max: 2100 }) });
