import { z } from 'zod';
import { monthSchema, semesterSchema } from '../calendar/months';
import { declarationYearSchema } from '../declarations/schemas';
import { nullableEstablishmentTypeSchema } from '../establishments/types';
import { optionalSiretField } from '../reports/schemas';
import { emailField, intParam, optionalText, text } from '../validation/fields';
import { validationMessages as m } from '../validation/messages';

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
});
export type ResumeRow = z.infer<typeof resumeRowSchema>;

export const resumeProviderSchema = z.object({
  userId: z.number().int(),
  providerName: z.string(),
  company: z.string().nullable(),
  paymentReference: z.string(),
  rows: z.array(resumeRowSchema),
  totals: resumeAmountsSchema,
});
export type ResumeProvider = z.infer<typeof resumeProviderSchema>;

export const resumeSchema = z.object({
  year: z.number().int(),
  semester: semesterSchema,
  providers: z.array(resumeProviderSchema),
  /** Every provider of the semester, whatever the page. */
  totals: resumeAmountsSchema,
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

/** The payment delay, in days: at least a day to pay, at most a year. */
export const DUE_DAYS_BOUNDS = { min: 1, max: 365 } as const;

/** The collectivity, as its notices present it: settings an admin edits. */
export const collectivitySettingsSchema = z.object({
  name: text({ max: 200 }),
  address: text({ max: 500 }),
  siret: optionalSiretField,
  email: z.union([z.literal(''), emailField]),
  phone: optionalText(50),
  /** Days the host has to pay, counted from the notice's issue date (and never before the semester's end). */
  dueDays: z
    .number({ error: m.number() })
    .int({ error: m.number() })
    .min(DUE_DAYS_BOUNDS.min, { error: m.min(DUE_DAYS_BOUNDS.min) })
    .max(DUE_DAYS_BOUNDS.max, { error: m.max(DUE_DAYS_BOUNDS.max) }),
  /** Where and how to pay, printed on every notice. */
  paymentInstructions: text({ max: 1000 }),
});
export type CollectivitySettings = z.output<typeof collectivitySettingsSchema>;
export type CollectivitySettingsInput = z.input<typeof collectivitySettingsSchema>;

export const DEFAULT_COLLECTIVITY_SETTINGS: CollectivitySettings = {
  name: 'Communauté de communes',
  address: 'Adresse à compléter dans les paramètres',
  siret: '',
  email: '',
  phone: '',
  dueDays: 30,
  paymentInstructions:
    'Paiement par virement ou en ligne (PayFiP) en indiquant la référence de paiement, ou auprès de la régie de recettes de la collectivité.',
};
