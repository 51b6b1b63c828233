import { z } from 'zod';
import { monthSchema, semesterSchema } from '../calendar/months';
import { COMPONENT_KINDS, componentUnitSchema } from '../deliberation/components';
import { exemptionsByReasonSchema } from '../deliberation/exemptions';
import { REGIMES } from '../deliberation/forfait';
import { nullableEstablishmentTypeSchema } from '../establishments/types';
import { booleanParam, pageParams, sortParam } from '../lists/query';
import { centsSchema } from '../money/schemas';
import { checkDeclarationFigures, countSchema, declarationFiguresShape } from '../tax/figures';
import { intField, intParam, safeString } from '../validation/fields';
import { validationMessages as m } from '../validation/messages';
import { declarationForfaitSchema, forfaitPeriodRefSchema } from './forfait';

export const DECLARATION_YEAR_MIN = 2000;
export const DECLARATION_YEAR_MAX = 2100;

export const declarationYearSchema = z
  .number({ error: m.number() })
  .int({ error: m.number() })
  .min(DECLARATION_YEAR_MIN, { error: m.min(DECLARATION_YEAR_MIN) })
  .max(DECLARATION_YEAR_MAX, { error: m.max(DECLARATION_YEAR_MAX) });

/**
 * What the host types for a month. Direct bookings only: person-nights booked and paid through a platform that
 * collected the tax itself are declared apart (`platformNightsCount`) and never charged to the host.
 * Money travels in cents. For NONE the totals (`nightsCount`, `exemptedCount`) are the sums of the two bands
 * (the server derives them); the capacity rule needs the establishment (`plausibilityErrors`).
 */
const declarationFormShape = {
  ...declarationFiguresShape,
  personCount: countSchema.default(0),
  nightsCount: countSchema.default(0),
  exemptedCount: countSchema.default(0),
  platformNightsCount: countSchema.default(0),
};

/** The names of a month's figures, as the host types them (the audit log compares a declaration by them). */
export const DECLARATION_FIGURE_KEYS = Object.keys(
  declarationFormShape,
) as (keyof typeof declarationFormShape)[];

/** The month's figures alone, as the declaration form types them (the reasons come from the register). */
export const declarationFiguresFormSchema = z
  .object(declarationFormShape)
  .superRefine(checkDeclarationFigures);

/**
 * Exempted person-nights by legal reason, optional: the register fills them, a host may type them. Their sum
 * must be the exempted total, which for an unclassified let is the bands' — the server checks it once it has
 * derived the totals (`exemptionsTotalError`). Left out, the declaration keeps its exempted total alone.
 */
const exemptionsShape = { exemptionsByReason: exemptionsByReasonSchema.optional() };

/** Body of `PUT declarations/{id}`: the month's figures. */
export const declarationUpdateSchema = z
  .object({ ...declarationFormShape, ...exemptionsShape })
  .superRefine(checkDeclarationFigures);
export type DeclarationUpdate = z.output<typeof declarationUpdateSchema>;
export type DeclarationUpdateInput = z.input<typeof declarationUpdateSchema>;

/** Body of `POST declarations`: an establishment, a month, and its figures. */
export const declarationCreateSchema = z
  .object({
    establishmentId: intField({ min: 1 }),
    year: declarationYearSchema,
    month: monthSchema,
    ...declarationFormShape,
    ...exemptionsShape,
  })
  .superRefine(checkDeclarationFigures);
export type DeclarationCreate = z.output<typeof declarationCreateSchema>;
export type DeclarationCreateInput = z.input<typeof declarationCreateSchema>;

/** `POST declarations/nothing`: a month closed or without guests, declared at zero and marked done at once. */
export const nothingToDeclareSchema = z.object({
  establishmentId: intField({ min: 1 }),
  year: declarationYearSchema,
  month: monthSchema,
});
export type NothingToDeclare = z.output<typeof nothingToDeclareSchema>;

const unitTariffsSchema = z.object({
  cc: centsSchema,
  moselle: centsSchema,
  /** Every component that was on with its unit; absent on declarations computed before components. */
  components: z.array(componentUnitSchema).optional(),
});
/** A band of an unclassified let: its unit tariffs and whether the cap was charged (absent on older rows). */
const bandTariffsSchema = unitTariffsSchema.extend({ capped: z.boolean().optional() });

/** A declaration as the API answers it. Amounts in cents; tariffs are the copy the amounts were computed with. */
export const declarationSchema = z.object({
  id: z.number().int(),
  establishmentId: z.number().int(),
  establishmentName: z.string(),
  /** The type the amounts were computed with (the establishment's type at the last computation). */
  type: nullableEstablishmentTypeSchema,
  userId: z.number().int(),
  providerName: z.string(),
  year: z.number().int(),
  month: monthSchema,
  done: z.boolean(),
  doneAt: z.string().nullable(),
  personCount: z.number().int(),
  nightsCount: z.number().int(),
  exemptedCount: z.number().int(),
  nightsCountInf: z.number().int(),
  nightsCountSup: z.number().int(),
  nightsCountInfMin: z.number().int(),
  nightsCountSupMin: z.number().int(),
  prixInf: z.number().int(),
  prixSup: z.number().int(),
  prixInfMin: z.number().int(),
  prixSupMin: z.number().int(),
  platformNightsCount: z.number().int(),
  /** Person-nights charged (declared minus exempted), direct bookings only. */
  taxableNights: z.number().int(),
  ccAmount: z.number().int(),
  moselleAmount: z.number().int(),
  totalAmount: z.number().int(),
  /**
   * The additional components, the departmental one included (its amount is `moselleAmount`), each with its
   * label, rate (basis points of the base tariff), unit per person-night (classified types) and amount.
   */
  components: z.array(
    z.object({
      kind: z.enum(COMPONENT_KINDS),
      label: z.string(),
      rate: z.number().int().nullable(),
      unit: z.number().int().nullable(),
      amount: z.number().int(),
    }),
  ),
  /** Exempted person-nights by legal reason; null when the declaration recorded its total alone. */
  exemptionsByReason: exemptionsByReasonSchema.nullable(),
  pricingId: z.number().int().nullable(),
  tariffs: z
    .union([
      unitTariffsSchema,
      z.object({ inf: bandTariffsSchema, sup: bandTariffsSchema, cap: centsSchema.optional() }),
    ])
    .nullable(),
  /** Au réel (nights declared month by month) or au forfait (capacity × nights open, per collection period). */
  regime: z.enum(REGIMES),
  /** The forfait's figures and rule; null au réel. */
  forfait: declarationForfaitSchema.nullable(),
  /** Name of the residence register file, when one is attached. */
  filename: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Declaration = z.infer<typeof declarationSchema>;

export const DECLARATION_SORT_FIELDS = [
  'period',
  'establishment',
  'provider',
  'type',
  'city',
  'nightsCount',
  'totalAmount',
  'done',
  'updatedAt',
] as const;
export type DeclarationSortField = (typeof DECLARATION_SORT_FIELDS)[number];

const optionalInt = <T extends z.ZodType<number>>(schema: T) =>
  z.preprocess((v) => (v === '' || v === undefined ? undefined : Number(v)), schema.optional());

/** `GET declarations`: server-side filters, sort and paging (admins: all; a host: their own). */
export const declarationListQuerySchema = z.object({
  ...pageParams,
  year: optionalInt(declarationYearSchema),
  semester: optionalInt(semesterSchema),
  month: optionalInt(monthSchema),
  userId: optionalInt(intParam({ min: 1 })),
  establishmentId: optionalInt(intParam({ min: 1 })),
  type: z.enum([...nullableEstablishmentTypeSchema.unwrap().options, 'unset']).optional(),
  city: safeString().trim().max(100).optional(),
  done: booleanParam,
  sort: sortParam(DECLARATION_SORT_FIELDS),
});
export type DeclarationListQuery = z.output<typeof declarationListQuerySchema>;
export type DeclarationListQueryInput = z.input<typeof declarationListQuerySchema>;

/** Sums of the filtered set, shown under the list (the whole set, not the page). */
export const declarationTotalsSchema = z.object({
  count: z.number().int(),
  nightsCount: z.number().int(),
  taxableNights: z.number().int(),
  platformNightsCount: z.number().int(),
  ccAmount: z.number().int(),
  moselleAmount: z.number().int(),
  totalAmount: z.number().int(),
});
export type DeclarationTotals = z.infer<typeof declarationTotalsSchema>;

/**
 * `GET declarations/missing`: establishments × months of a year with nothing declared, and the collection
 * periods of the year declared au forfait whose deadline passed with nothing declared (admins).
 */
export const missingListQuerySchema = z.object({
  year: z.coerce.number().pipe(declarationYearSchema),
  semester: optionalInt(semesterSchema),
  month: optionalInt(monthSchema),
  userId: optionalInt(intParam({ min: 1 })),
  type: declarationListQuerySchema.shape.type,
  city: declarationListQuerySchema.shape.city,
  limit: pageParams.limit,
  offset: pageParams.offset,
  total: pageParams.total,
});
export type MissingListQuery = z.output<typeof missingListQuerySchema>;

export const missingDeclarationSchema = z.object({
  establishmentId: z.number().int(),
  establishmentName: z.string(),
  userId: z.number().int(),
  providerName: z.string(),
  year: z.number().int(),
  /** Au forfait, the month the collection period starts. */
  month: monthSchema,
  /** A month with nothing declared (REEL), or a forfait period whose deadline passed undeclared (FORFAIT). */
  regime: z.enum(REGIMES),
  forfaitPeriod: forfaitPeriodRefSchema.nullable(),
});
export type MissingDeclaration = z.infer<typeof missingDeclarationSchema>;
