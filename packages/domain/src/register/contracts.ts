import { z } from 'zod';
import { monthSchema } from '../calendar/months';
import { defineRoute } from '../contracts/contract';
import { declarationYearSchema } from '../declarations/schemas';
import { exemptionsByReasonSchema } from '../deliberation/exemptions';
import { nullableEstablishmentTypeSchema } from '../establishments/types';
import { idParamsSchema } from '../validation/fields';
import { registerStaySchema, stayInputSchema } from './stays';

/** The most stays one import may carry: several years of a busy establishment. */
export const STAY_IMPORT_MAX = 20_000;

const optionalMonth = z.preprocess(
  (v) => (v === '' || v === undefined ? undefined : Number(v)),
  monthSchema.optional(),
);

/** A month, or a whole year when `month` is left out. */
export const registerPeriodQuerySchema = z.object({
  year: z.coerce.number().pipe(declarationYearSchema),
  month: optionalMonth,
});
export type RegisterPeriodQuery = z.output<typeof registerPeriodQuerySchema>;

/** One month (the figures of a declaration are monthly). */
export const registerMonthQuerySchema = z.object({
  year: z.coerce.number().pipe(declarationYearSchema),
  month: z.preprocess((v) => (v === '' || v === undefined ? undefined : Number(v)), monthSchema),
});

/**
 * `POST establishments/{id}/stays/import`: every stay of a file. A stay the schema refuses refuses the whole
 * file; a stay with a night in a month declared done is left out and reported by its line, the others written.
 * `lines` are the file's line numbers of the stays (same order), so a report names the line the host sees in
 * their spreadsheet.
 */
export const stayImportSchema = z.object({
  stays: z
    .array(stayInputSchema)
    .min(1, { error: 'Le fichier ne contient aucun séjour.' })
    .max(STAY_IMPORT_MAX, {
      error: `Un import compte au plus ${STAY_IMPORT_MAX} séjours : découpez le fichier.`,
    }),
  lines: z.array(z.number().int().min(1).max(10_000_000)).max(STAY_IMPORT_MAX).optional(),
  /** Checks everything (months already done included), says what would be written, and writes nothing. */
  dryRun: z.boolean().default(false),
});
export type StayImport = z.output<typeof stayImportSchema>;
export type StayImportInput = z.input<typeof stayImportSchema>;

const yearMonthSchema = z.object({ year: z.number().int(), month: monthSchema });

/** A line of the file left out of an import, and why (French, for the host). */
export const skippedStaySchema = z.object({ line: z.number().int(), message: z.string() });
export type SkippedStay = z.infer<typeof skippedStaySchema>;

export const stayImportResultSchema = z.object({
  /** Stays written (0 for a dry run). */
  created: z.number().int(),
  /** Stays that are (or, on a dry run, would be) written. */
  accepted: z.number().int(),
  /** Stays left out because they have a night in a month declared done, by the file's line number. */
  skipped: z.array(skippedStaySchema),
  /** The months the import changes (those of the accepted stays), in order. */
  months: z.array(yearMonthSchema),
  /**
   * Stays the register already holds between the first and the last of those months (before this import): an
   * import adds, it never replaces, so a file imported twice would count its stays twice.
   */
  existing: z.number().int(),
});
export type StayImportResult = z.infer<typeof stayImportResultSchema>;

/** `GET establishments/{id}/register`: a month's figures computed from the register, and the stays used. */
export const registerMonthSchema = z.object({
  year: z.number().int(),
  month: monthSchema,
  type: nullableEstablishmentTypeSchema,
  /** The pricing's threshold per night that split the bands (unclassified lets), in cents. */
  threshold: z.number().int(),
  figures: z.object({
    personCount: z.number().int(),
    nightsCount: z.number().int(),
    exemptedCount: z.number().int(),
    nightsCountInf: z.number().int(),
    nightsCountInfMin: z.number().int(),
    prixInf: z.number().int(),
    prixInfMin: z.number().int(),
    nightsCountSup: z.number().int(),
    nightsCountSupMin: z.number().int(),
    prixSup: z.number().int(),
    prixSupMin: z.number().int(),
    platformNightsCount: z.number().int(),
  }),
  /**
   * Exempted person-nights by legal reason (the low-rent threshold applied); null when a stay exempted persons
   * without a reason.
   */
  exemptionsByReason: exemptionsByReasonSchema.nullable(),
  /** The stays with a night in the month, each with its nights there. */
  stays: z.array(registerStaySchema.extend({ monthNights: z.number().int(), monthRent: z.number().int() })),
  /** The month is declared and done: its stays are frozen. */
  locked: z.boolean(),
});
export type RegisterMonth = z.infer<typeof registerMonthSchema>;

const tags = ['register'];

/** The host's register: stays of an establishment, their import and export, and a month computed from them. */
/** What a stay's creation or change may be refused for: a done month, a night not let, the year's bound. */
const STAY_WRITE_ERRORS = [
  'not_found',
  'stay_locked',
  'establishment_closed',
  'establishment_ceased',
  'stays_limit_reached',
] as const;

export const registerApi = {
  list: defineRoute({
    method: 'GET',
    path: '/establishments/:id/stays',
    summary: 'Les séjours du registre d’un établissement pour un mois ou une année',
    tags,
    access: 'user',
    owns: 'establishment',
    params: idParamsSchema,
    query: registerPeriodQuerySchema,
    response: z.array(registerStaySchema),
    errors: ['not_found'],
  }),
  create: defineRoute({
    method: 'POST',
    path: '/establishments/:id/stays',
    summary:
      'Ajouter un séjour au registre (refusé sur un mois déclaré terminé, une nuit de fermeture ou après la cessation)',
    tags,
    access: 'user',
    owns: 'establishment',
    params: idParamsSchema,
    body: stayInputSchema,
    response: registerStaySchema,
    status: 201,
    errors: STAY_WRITE_ERRORS,
  }),
  update: defineRoute({
    method: 'PUT',
    path: '/stays/:id',
    summary:
      'Modifier un séjour du registre (refusé sur un mois déclaré terminé, une nuit de fermeture ou après la cessation)',
    tags,
    access: 'user',
    owns: 'stay',
    params: idParamsSchema,
    body: stayInputSchema,
    response: registerStaySchema,
    errors: STAY_WRITE_ERRORS,
  }),
  remove: defineRoute({
    method: 'DELETE',
    path: '/stays/:id',
    summary: 'Supprimer un séjour du registre (refusé sur un mois déclaré terminé)',
    tags,
    access: 'user',
    owns: 'stay',
    params: idParamsSchema,
    response: z.null(),
    errors: ['not_found', 'stay_locked'],
  }),
  import: defineRoute({
    method: 'POST',
    path: '/establishments/:id/stays/import',
    summary:
      'Importer des séjours (les séjours d’un mois terminé sont écartés et signalés ; un essai à blanc vérifie sans rien écrire)',
    tags,
    access: 'user',
    owns: 'establishment',
    params: idParamsSchema,
    body: stayImportSchema,
    response: stayImportResultSchema,
    errors: ['not_found', 'stays_limit_reached'],
    bodyLimit: 12 * 1024 * 1024,
  }),
  month: defineRoute({
    method: 'GET',
    path: '/establishments/:id/register',
    summary: 'Les chiffres d’un mois calculés depuis le registre, et les séjours utilisés',
    tags,
    access: 'user',
    owns: 'establishment',
    params: idParamsSchema,
    query: registerMonthQuerySchema,
    response: registerMonthSchema,
    errors: ['not_found', 'no_pricing_for_period'],
  }),
  exportCsv: defineRoute({
    method: 'GET',
    path: '/establishments/:id/stays/export.csv',
    summary: 'Le registre d’un mois ou d’une année en CSV (UTF-8 avec BOM, colonnes en français)',
    tags,
    access: 'user',
    owns: 'establishment',
    params: idParamsSchema,
    query: registerPeriodQuerySchema,
    response: z.string(),
    produces: 'text/csv',
    errors: ['not_found'],
  }),
  exportPdf: defineRoute({
    method: 'GET',
    path: '/establishments/:id/stays/export.pdf',
    summary: 'Le registre d’un mois ou d’une année en PDF',
    tags,
    access: 'user',
    owns: 'establishment',
    params: idParamsSchema,
    query: registerPeriodQuerySchema,
    response: z.unknown(),
    produces: 'application/pdf',
    errors: ['not_found'],
  }),
} as const;
