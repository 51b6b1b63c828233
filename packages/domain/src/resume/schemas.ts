import { z } from 'zod';
import { monthSchema, semesterSchema } from '../calendar/months';
import { declarationYearSchema } from '../declarations/schemas';
import { COMPONENT_KINDS } from '../deliberation/components';
import { nullableEstablishmentTypeSchema } from '../establishments/types';
import { intParam } from '../validation/fields';
import { componentTotalsSchema, exemptionsByReasonTotalsSchema } from './components';

const optionalId = z.preprocess(
  (v) => (v === '' || v === undefined ? undefined : Number(v)),
  intParam({ min: 1 }).optional(),
);

/** `GET resume?year=&semester=[&userId=]`, paged by provider. */
export const resumeQuerySchema = z.object({
  year: z.coerce.number().pipe(declarationYearSchema),
  semester: z.coerce.number().pipe(semesterSchema),
  userId: optionalId,
  limit: intParam({ min: 1, max: 500 }).default(50),
  offset: intParam({ min: 0 }).default(0),
});
export type ResumeQuery = z.output<typeof resumeQuerySchema>;
export type ResumeQueryInput = z.input<typeof resumeQuerySchema>;

/** `GET resume/notices.pdf` and the exports: one semester, optionally one provider. */
export const semesterQuerySchema = resumeQuerySchema.pick({ year: true, semester: true, userId: true });
export type SemesterQuery = z.output<typeof semesterQuerySchema>;

/**
 * What is summed, for a line, a provider or the whole semester. Only done declarations count as due. The
 * person-nights add up: `nightsCount` = `taxableNights` + `exemptedNights` + `platformNightsCount`.
 */
export const resumeAmountsSchema = z.object({
  /** Every person-night: taxable, exempted and booked through a platform that collected the tax. */
  nightsCount: z.number().int(),
  exemptedNights: z.number().int(),
  taxableNights: z.number().int(),
  platformNightsCount: z.number().int(),
  ccAmount: z.number().int(),
  moselleAmount: z.number().int(),
  totalAmount: z.number().int(),
});
export type ResumeAmounts = z.infer<typeof resumeAmountsSchema>;

export const resumeRowSchema = resumeAmountsSchema.extend({
  establishmentId: z.number().int(),
  establishmentName: z.string(),
  type: nullableEstablishmentTypeSchema,
  /** Months with a declaration marked done (what is due). */
  doneMonths: z.array(monthSchema),
  /** Months with a declaration not marked done ("en cours"): shown, not counted. */
  draftMonths: z.array(monthSchema),
  /** Past months with nothing declared (and no platform-only attestation). */
  missingMonths: z.array(monthSchema),
  /** Months covered by a platform-only attestation. */
  attestedMonths: z.array(monthSchema),
  /** The sum of the drafts, apart. */
  draftTotalAmount: z.number().int(),
  /** Each component's part of the done declarations. */
  components: componentTotalsSchema,
  /** Their exempted person-nights by reason; null when one of them was made before reasons were recorded. */
  exemptionsByReason: exemptionsByReasonTotalsSchema,
});
export type ResumeRow = z.infer<typeof resumeRowSchema>;

export const resumeProviderSchema = z.object({
  userId: z.number().int(),
  providerName: z.string(),
  company: z.string().nullable(),
  paymentReference: z.string(),
  rows: z.array(resumeRowSchema),
  totals: resumeAmountsSchema,
  componentTotals: componentTotalsSchema,
});
export type ResumeProvider = z.infer<typeof resumeProviderSchema>;

export const resumeSchema = z.object({
  year: z.number().int(),
  semester: semesterSchema,
  providers: z.array(resumeProviderSchema),
  /** Every provider of the semester, whatever the page. */
  totals: resumeAmountsSchema,
  /** Each component's part of `totals`. */
  componentTotals: componentTotalsSchema,
  /** The components to show, in the law's order: the departmental one, and the others collected in the period. */
  shownComponents: z.array(z.enum(COMPONENT_KINDS)),
  providerCount: z.number().int(),
  /** The day the notices are issued (today) and their due date, never already past that day. */
  issuedOn: z.string(),
  dueDate: z.string(),
  /** The semester is not over: its notices are provisional. */
  provisional: z.boolean(),
});
export type Resume = z.infer<typeof resumeSchema>;

/** `GET resume/semesters`: a host's own semesters; an admin names a provider (or gets every provider's). */
export const semestersQuerySchema = z.object({ userId: optionalId });
export type SemestersQuery = z.output<typeof semestersQuerySchema>;

/** A semester in which a provider has declarations: what is due (done ones) and what is in progress. */
export const providerSemesterSchema = z.object({
  year: z.number().int(),
  semester: semesterSchema,
  declarationCount: z.number().int(),
  doneCount: z.number().int(),
  /** The sum of the declarations marked done: what the notice asks for. */
  totalAmount: z.number().int(),
  draftTotalAmount: z.number().int(),
  /** The due date of the notice issued today. */
  dueDate: z.string(),
  /** The semester is not over: its notice is provisional. */
  provisional: z.boolean(),
  /** The notice's reference when the list is one provider's. */
  paymentReference: z.string().nullable(),
});
export type ProviderSemester = z.infer<typeof providerSemesterSchema>;
