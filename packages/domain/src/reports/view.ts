import { z } from 'zod';
import { defineRoute } from '../contracts/contract';
import { NATURES } from '../deliberation/natures';
import { establishmentTypeSchema } from '../establishments/types';
import { userSchema } from '../identity/schemas';
import { pageParams, sortParam } from '../lists/query';

/* What admins read of the reports, apart from the public form's payload and its phone rules (schemas.ts). */

/**
 * Who registers a new accommodation through the public forms: an individual (furnished let, guest rooms:
 * `/public-form`) or a professional (hotel, campsite, residence…: `/public-form-pro`, with company and SIRET).
 */
export const REPORT_KINDS = ['individual', 'pro'] as const;
export type ReportKind = (typeof REPORT_KINDS)[number];

export const REPORT_STATUSES = ['new', 'accepted', 'rejected'] as const;
export type ReportStatus = (typeof REPORT_STATUSES)[number];

/** The declarant and accommodation as stored and shown to admins (no consent, no honeypot). */
export const reportContentSchema = z.object({
  kind: z.enum(REPORT_KINDS),
  firstname: z.string(),
  lastname: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  company: z.string().nullable(),
  siret: z.string().nullable(),
  name: z.string(),
  address: z.string(),
  cp: z.string(),
  city: z.string(),
  type: establishmentTypeSchema,
  /**
   * What the declarant said the accommodation is, when they chose it: `type` is then the row it gives. Reports
   * received before natures were asked have none.
   */
  nature: z.enum(NATURES).nullable().optional(),
  stars: z.number().int().nullable().optional(),
  classifiedOn: z.string().nullable().optional(),
  typePrecision: z.string().nullable(),
  capacityMaxRoom: z.number().int().nullable(),
  capacityMaxPerson: z.number().int().nullable(),
  numero: z.string().nullable(),
  openingDate: z.string(),
  /**
   * The company's postal address (professionals); reports received before it was asked have none. "Same as
   * the establishment" is kept to show what the declarant chose; the address is then the establishment's.
   */
  companySameAddress: z.boolean().optional(),
  companyAddress: z.string().nullable().optional(),
  companyCp: z.string().nullable().optional(),
  companyCity: z.string().nullable().optional(),
});
export type ReportContent = z.infer<typeof reportContentSchema>;

/** A received report, as the admins' queue shows it. */
export const reportSchema = reportContentSchema.extend({
  id: z.number().int(),
  status: z.enum(REPORT_STATUSES),
  createDate: z.string(),
  decidedAt: z.string().nullable(),
  decidedBy: z.string().nullable(),
  rejectReason: z.string().nullable(),
  providerId: z.number().int().nullable(),
  establishmentId: z.number().int().nullable(),
});
export type Report = z.infer<typeof reportSchema>;

/** One report beside the providers that already have its e-mail or its company. */
export const reportDetailSchema = reportSchema.extend({
  matches: z.array(userSchema),
  /** Whether another establishment already has the report's registration number. */
  numeroTaken: z.boolean(),
});
export type ReportDetail = z.infer<typeof reportDetailSchema>;

export const REPORT_SORT_FIELDS = ['createDate', 'name', 'lastname', 'status'] as const;

export const reportListQuerySchema = z.object({
  ...pageParams,
  status: z.enum(REPORT_STATUSES).optional(),
  sort: sortParam(REPORT_SORT_FIELDS),
  kind: z.enum(REPORT_KINDS).optional(),
});
export type ReportListQuery = z.output<typeof reportListQuerySchema>;
export type ReportListQueryInput = z.input<typeof reportListQuerySchema>;

/** The admins' list of reports. */
export const reportListRoute = defineRoute({
  method: 'GET',
  path: '/reports',
  summary: 'Les demandes reçues par les formulaires publics (nouvelles, acceptées, refusées)',
  tags: ['reports'],
  access: 'admin',
  query: reportListQuerySchema,
  response: z.array(reportSchema),
  envelope: 'list',
  errors: [],
});
