import { z } from 'zod';
import { monthSchema } from '../calendar/months';
import { REGIMES } from '../deliberation/forfait';
import { nullableEstablishmentTypeSchema } from '../establishments/types';
import { MONTH_STATES } from './calendar';
import { forfaitPeriodSummarySchema } from './forfait';
import { declarationYearSchema } from './schemas';

/** One month of an establishment's year, as the establishment screen shows it. */
export const monthSummarySchema = z.object({
  month: monthSchema,
  state: z.enum(MONTH_STATES),
  declarationId: z.number().int().nullable(),
  totalAmount: z.number().int().nullable(),
  /** The grid row the month is taxed with: its classification's (decision 0149); `null` when not specified. */
  type: nullableEstablishmentTypeSchema,
});
export type MonthSummary = z.infer<typeof monthSummarySchema>;

/** A platform-only attestation: the establishment was let only through platforms that collected the tax. */
export const platformAttestationSchema = z.object({
  year: z.number().int(),
  createdAt: z.string(),
});
export type PlatformAttestation = z.infer<typeof platformAttestationSchema>;

/** `GET establishments/{id}/months?year=`: the twelve months of a year and the year's attestation. */
export const establishmentYearSchema = z.object({
  /** What the declaration form needs to know of the establishment. */
  establishment: z.object({
    id: z.number().int(),
    name: z.string(),
    type: nullableEstablishmentTypeSchema,
    capacityMaxPerson: z.number().int().nullable(),
    /** `yyyy-mm-dd`: the months before its month are `not_due`. */
    openingDate: z.string().nullable(),
  }),
  year: z.number().int(),
  months: z.array(monthSummarySchema),
  /**
   * The regime of the year's deliberation for this establishment. Au forfait, every month reads `forfait` and
   * `forfaitPeriods` lists the collection periods to declare; au réel the list is empty.
   */
  regime: z.enum(REGIMES),
  forfaitPeriods: z.array(forfaitPeriodSummarySchema),
  attestation: platformAttestationSchema.nullable(),
});
export type EstablishmentYear = z.infer<typeof establishmentYearSchema>;

/** A platform-only attestation states how a year was let: a year to come has not been let yet. */
export function attestationFutureYearMessage(currentYear: number): string {
  return `L’attestation « plateformes uniquement » porte sur une année écoulée ou en cours (${currentYear} au plus) : une année à venir n’a pas encore été louée.`;
}

export const yearQuerySchema = z.object({ year: z.coerce.number().pipe(declarationYearSchema) });
export const yearBodySchema = z.object({ year: declarationYearSchema });
