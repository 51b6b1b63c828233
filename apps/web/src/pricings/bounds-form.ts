import {
  CLASSIFIED_ESTABLISHMENT_TYPES,
  type ClassifiedEstablishmentType,
  legalBoundsPayloadSchema,
  type YearBounds,
} from '@sejour/domain';
import { z } from 'zod';
import { fromHundredths, toHundredths } from '../ui/hundredths';

/** A year's bounds as typed: euros per person and night, NONE's rate in percent (`null` while empty). */
export interface BoundsFormValues {
  year: number | null;
  tariffs: Record<ClassifiedEstablishmentType, { min: number | null; max: number | null }>;
  noneRate: { min: number | null; max: number | null };
}

/** The form of a new year, started from the latest known one (the State revalues the grid by a few cents). */
export function boundsFormValues(from: YearBounds | undefined, year: number | null): BoundsFormValues {
  const tariffs = Object.fromEntries(
    CLASSIFIED_ESTABLISHMENT_TYPES.map((type) => {
      const range = from?.tariffs[type];
      return [
        type,
        { min: range ? fromHundredths(range.min) : null, max: range ? fromHundredths(range.max) : null },
      ];
    }),
  ) as BoundsFormValues['tariffs'];
  return {
    year,
    tariffs,
    noneRate: {
      min: from ? fromHundredths(from.noneRate.min) : null,
      max: from ? fromHundredths(from.noneRate.max) : null,
    },
  };
}

/** Euros and percent to cents and basis points, then the domain's rules (messages on the same field names). */
export const boundsFormSchema = z
  .custom<BoundsFormValues>()
  .transform((values) => ({
    year: values.year ?? undefined,
    tariffs: Object.fromEntries(
      CLASSIFIED_ESTABLISHMENT_TYPES.map((type) => [
        type,
        { min: toHundredths(values.tariffs[type].min), max: toHundredths(values.tariffs[type].max) },
      ]),
    ),
    noneRate: { min: toHundredths(values.noneRate.min), max: toHundredths(values.noneRate.max) },
  }))
  .pipe(legalBoundsPayloadSchema);
