import { z } from 'zod';
import { isoDateSchema } from '../calendar/dates';
import { natureSchema, starsSchema } from '../deliberation/natures';
import { booleanParam, pageParams, sortParam } from '../lists/query';
import {
  intParam,
  optionalPostalCode,
  optionalText,
  orNull,
  PG_INT_MAX,
  safeString,
  text,
} from '../validation/fields';
import { validationMessages as m } from '../validation/messages';
import { classificationEntrySchema } from './classification';
import { checkNatureFields, natureFields } from './nature';
import { ESTABLISHMENT_TYPES, establishmentTypeSchema } from './types';

export const NUMERO_LENGTH = 13;

/**
 * The registration number of a furnished let (numéro d'enregistrement): the commune's INSEE code (5 digits,
 * or 2A/2B and 3 digits in Corsica), then 6 digits, then 2 letters or digits. Compared upper-case.
 */
export const NUMERO_PATTERN = /^(?:\d{5}|2[AB]\d{3})\d{6}[A-Z0-9]{2}$/;

/**
 * Bounds of an opening date: an old hotel may have opened long before the product's first declarable year,
 * and nothing is declared after its last one.
 */
export const OPENING_YEAR_MIN = 1900;
export const OPENING_YEAR_MAX = 2100;

export const establishmentMessages = {
  numeroLength: (count: number) =>
    `Le numéro d’enregistrement comporte ${NUMERO_LENGTH} caractères (vous en utilisez actuellement ${count}).`,
  numeroFormat: () =>
    'Le numéro d’enregistrement doit comporter le code INSEE de la commune (5 chiffres, ou 2A/2B et 3 chiffres), 6 chiffres puis 2 lettres ou chiffres.',
  type: () => 'Veuillez choisir un type dans la liste.',
  owner: () => 'Veuillez choisir un hébergeur.',
  hostReadOnly: () => 'Seul un administrateur peut modifier ce champ.',
  openingRange: () =>
    `La date d’ouverture doit être comprise entre le 01/01/${OPENING_YEAR_MIN} et le 31/12/${OPENING_YEAR_MAX}.`,
} as const;

/**
 * The opening date (start of letting), `yyyy-mm-dd`. Empty (`''`, `null`) or absent means "not given": a new
 * establishment then opens on the day it is created, a change keeps the stored date
 * (docs/decisions/0125-opening-date.md).
 */
export const openingDateField = z
  .union([z.literal(''), z.null(), isoDateSchema], { error: m.date() })
  .transform((value) => (value === '' ? null : value))
  .pipe(z.string().refine(inOpeningRange, { error: establishmentMessages.openingRange() }).nullable());

/** An opening date that must be given (the public forms ask for it). */
export const openingDateSchema = isoDateSchema.refine(inOpeningRange, {
  error: establishmentMessages.openingRange(),
});

function inOpeningRange(value: string): boolean {
  return value >= `${OPENING_YEAR_MIN}-01-01` && value <= `${OPENING_YEAR_MAX}-12-31`;
}

export const numeroField = z
  .string()
  .trim()
  .transform((value) => value.replace(/\s+/g, '').toUpperCase())
  .superRefine((value, ctx) => {
    if (value.length !== NUMERO_LENGTH) {
      ctx.addIssue({ code: 'custom', message: establishmentMessages.numeroLength(value.length) });
    } else if (!NUMERO_PATTERN.test(value)) {
      ctx.addIssue({ code: 'custom', message: establishmentMessages.numeroFormat() });
    }
  });

/** A capacity: a whole number ≥ 0, or nothing (`''` or `null`). */
export const capacityField = z
  .union([z.literal(''), z.null(), z.number({ error: m.number() })])
  .transform((value) => (value === '' ? null : value))
  .pipe(
    z
      .number()
      .int({ error: m.integer() })
      .min(0, { error: m.min(0) })
      .max(1_000_000, { error: m.max(1_000_000) })
      .nullable(),
  );

/** One of the nine types, or nothing (`''` or `null`: not specified). */
export const establishmentTypeField = z
  .union([z.literal(''), z.null(), establishmentTypeSchema], { error: establishmentMessages.type() })
  .transform((value) => (value === '' ? null : value));

/**
 * Body of `POST establishments` and `PUT establishments/{id}`: the whole establishment. `userId` is its
 * owner, a provider chosen by an admin. A host sends it back unchanged: only the fields of
 * `HOST_EDITABLE_FIELDS` may differ from what is stored (docs/features/establishments.md). `nature`,
 * `stars` and `classifiedOn` may be left out; given a nature, the `type` is derived from it (see `./nature`).
 */
export const establishmentPayloadSchema = z
  .object({
    name: text({ max: 200 }),
    capacityMaxRoom: capacityField.optional().default(null),
    capacityMaxPerson: capacityField.optional().default(null),
    address: orNull(optionalText(300)).optional().default(null),
    city: orNull(optionalText(100)).optional().default(null),
    cp: optionalPostalCode.nullable().optional().default(null),
    type: establishmentTypeField.optional().default(null),
    typePrecision: orNull(optionalText(200)).optional().default(null),
    description: orNull(optionalText(5000)).optional().default(null),
    numero: z
      .union([z.literal(''), z.null(), numeroField])
      .transform((value) => (value === '' ? null : value))
      .optional()
      .default(null),
    /** A select gives the id as text: it is read as a number. */
    userId: z.coerce
      .number({ error: establishmentMessages.owner() })
      .int({ error: establishmentMessages.owner() })
      .positive({ error: establishmentMessages.owner() })
      .max(PG_INT_MAX, { error: establishmentMessages.owner() }),
    openingDate: openingDateField.optional().default(null),
    ...natureFields,
  })
  .superRefine(checkNatureFields);
export type EstablishmentPayload = z.output<typeof establishmentPayloadSchema>;
export type EstablishmentPayloadInput = z.input<typeof establishmentPayloadSchema>;
export type EstablishmentField = keyof EstablishmentPayload;

/**
 * What a host may change on their own establishment; everything else is an admin's. `image` is changed
 * through its own routes.
 */
export const HOST_EDITABLE_FIELDS = ['description', 'image'] as const;
export type HostEditableField = (typeof HOST_EDITABLE_FIELDS)[number];

export function isHostEditable(field: string): field is HostEditableField {
  return (HOST_EDITABLE_FIELDS as readonly string[]).includes(field);
}

/** The payload's fields a host may not change, in form order. */
// Pure: a bundle that does not read the list does not build the payload's schema for it.
export const HOST_READ_ONLY_FIELDS = /* @__PURE__ */ (
  Object.keys(establishmentPayloadSchema.shape) as EstablishmentField[]
).filter((field) => !isHostEditable(field));

export const establishmentOwnerSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  firstname: z.string().nullable(),
  lastname: z.string().nullable(),
  company: z.string().nullable(),
});
export type EstablishmentOwner = z.infer<typeof establishmentOwnerSchema>;

export const establishmentImageInfoSchema = z.object({
  filename: z.string(),
  mimeType: z.string(),
  size: z.number().int(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  /** Changes with each upload: part of the image's URL and ETag, so a new image is never served from cache. */
  version: z.string(),
});
export type EstablishmentImageInfo = z.infer<typeof establishmentImageInfoSchema>;

/** An establishment as the API shows it. */
export const establishmentSchema = z.object({
  id: z.number().int(),
  userId: z.number().int(),
  owner: establishmentOwnerSchema,
  name: z.string(),
  capacityMaxRoom: z.number().int().nullable(),
  capacityMaxPerson: z.number().int().nullable(),
  address: z.string().nullable(),
  city: z.string().nullable(),
  cp: z.string().nullable(),
  type: establishmentTypeSchema.nullable(),
  typePrecision: z.string().nullable(),
  description: z.string().nullable(),
  numero: z.string().nullable(),
  /** The first day of letting (`yyyy-mm-dd`); `null` when not known: every month is then due. */
  openingDate: z.string().nullable(),
  /** The first night no longer let (`yyyy-mm-dd`): a ceased establishment is archived from the lists. */
  ceasedOn: z.string().nullable(),
  image: establishmentImageInfoSchema.nullable(),
  createDate: z.string(),
  /** What it is in the law's words; `null` with a type: kept from before natures, to confirm by an admin. */
  nature: natureSchema.nullable(),
  stars: starsSchema.nullable(),
  /** The classification decision's date (`yyyy-mm-dd`), when known. */
  classifiedOn: z.string().nullable(),
  /** "Meublé de tourisme — 3 étoiles"; `null` without a nature. */
  natureLabel: z.string().nullable(),
});
export type Establishment = z.infer<typeof establishmentSchema>;

/** One establishment with what its deletion would take with it. */
export const establishmentDetailSchema = establishmentSchema.extend({
  declarationCount: z.number().int().min(0),
  /** The day today's classification decision lapses (five years after it); `null` when not classified or undated. */
  classificationLapsesOn: z.string().nullable(),
  /** Its classifications over time, the most recent record first (decision 0149). */
  classificationHistory: z.array(classificationEntrySchema),
});
export type EstablishmentDetail = z.infer<typeof establishmentDetailSchema>;

export const ESTABLISHMENT_SORT_FIELDS = [
  'name',
  'owner',
  'type',
  'city',
  'cp',
  'numero',
  'capacityMaxPerson',
  'createDate',
] as const;

/** `type=unset`: establishments whose type is not specified. */
export const ESTABLISHMENT_TYPE_UNSET = 'unset';

/** `GET establishments`: searched, filtered, sorted and paged by the server. */
export const establishmentListQuerySchema = z.object({
  ...pageParams,
  userId: intParam({ min: 1 }).optional(),
  type: z.enum([...ESTABLISHMENT_TYPES, ESTABLISHMENT_TYPE_UNSET]).optional(),
  city: safeString().trim().max(100).optional(),
  cp: safeString().trim().max(5).optional(),
  hasNumero: booleanParam,
  /** `true`: the ceased establishments only, archived from the list otherwise. */
  ceased: booleanParam,
  sort: sortParam(ESTABLISHMENT_SORT_FIELDS),
});
export type EstablishmentListQuery = z.output<typeof establishmentListQuerySchema>;
export type EstablishmentListQueryInput = z.input<typeof establishmentListQuerySchema>;
