import { z } from 'zod';
import { isoDateSchema } from '../calendar/dates';
import { type Nature, natureClassificationLabel, type Stars } from '../deliberation/natures';
import { checkNatureFields, natureFields } from '../establishments/nature';
import { capacityField, OPENING_YEAR_MAX, OPENING_YEAR_MIN } from '../establishments/schemas';
import { booleanParam, pageParams } from '../lists/query';
import { optionalSiretField } from '../reports/schemas';
import { intParam, optionalPostalCode, optionalText, orNull, text } from '../validation/fields';
import { validationMessages as m } from '../validation/messages';

/**
 * Change requests (demandes de modification): the identity and tax fields a host may not change themselves
 * are proposed to the admins, with the date from which they take effect; an admin accepts or refuses them.
 * Each kind is a set of fields that go together; one request of a kind may be pending at a time per
 * establishment (or per provider).
 */
export const ESTABLISHMENT_CHANGE_KINDS = [
  'establishment_address',
  'establishment_capacity',
  'establishment_classification',
] as const;
export const CHANGE_REQUEST_KINDS = [...ESTABLISHMENT_CHANGE_KINDS, 'provider_identity'] as const;
export type ChangeRequestKind = (typeof CHANGE_REQUEST_KINDS)[number];
export type EstablishmentChangeKind = (typeof ESTABLISHMENT_CHANGE_KINDS)[number];

/** The fields of each kind, in form order. */
export const CHANGE_REQUEST_FIELDS = {
  establishment_address: ['address', 'cp', 'city'],
  establishment_capacity: ['capacityMaxRoom', 'capacityMaxPerson'],
  establishment_classification: ['nature', 'stars', 'classifiedOn'],
  provider_identity: ['company', 'siret'],
} as const satisfies Record<ChangeRequestKind, readonly string[]>;
export type ChangeRequestField = (typeof CHANGE_REQUEST_FIELDS)[ChangeRequestKind][number];

export const CHANGE_REQUEST_STATUSES = ['pending', 'accepted', 'refused', 'withdrawn'] as const;
export type ChangeRequestStatus = (typeof CHANGE_REQUEST_STATUSES)[number];

export const changeRequestKindLabels: Record<ChangeRequestKind, string> = {
  establishment_address: 'Adresse',
  establishment_capacity: 'Capacité d’accueil',
  establishment_classification: 'Nature et classement',
  provider_identity: 'Raison sociale et SIRET',
};

export const changeRequestStatusLabels: Record<ChangeRequestStatus, string> = {
  pending: 'En attente',
  accepted: 'Acceptée',
  refused: 'Refusée',
  withdrawn: 'Retirée',
};

export const changeRequestFieldLabels: Record<ChangeRequestField, string> = {
  address: 'Adresse',
  cp: 'Code postal',
  city: 'Ville',
  capacityMaxRoom: 'Nombre de chambres',
  capacityMaxPerson: 'Nombre de personnes',
  nature: 'Nature',
  stars: 'Classement (étoiles)',
  classifiedOn: 'Date de la décision de classement',
  company: 'Raison sociale',
  siret: 'SIRET',
};

export const changeRequestMessages = {
  effectiveRange: () =>
    `La date d’effet doit être comprise entre le 01/01/${OPENING_YEAR_MIN} et le 31/12/${OPENING_YEAR_MAX}.`,
  natureRequired: () => 'Veuillez choisir la nature de l’hébergement.',
  kind: () => 'Veuillez choisir ce que vous souhaitez modifier.',
  reasonRequired: () => 'Veuillez indiquer le motif du refus.',
  hostsOnly: () => 'Seul l’hébergeur concerné peut demander ou retirer une modification.',
} as const;

/** The date from which the new values apply; empty or absent: the day the request is made. */
export const effectiveOnField = z
  .union([z.literal(''), z.null(), isoDateSchema], { error: m.date() })
  .transform((value) => (value === '' ? null : value))
  .pipe(
    z
      .string()
      .refine((v) => v >= `${OPENING_YEAR_MIN}-01-01` && v <= `${OPENING_YEAR_MAX}-12-31`, {
        error: changeRequestMessages.effectiveRange(),
      })
      .nullable(),
  );

/**
 * Body of `POST establishments/{id}/change-requests`: the kind and that kind's new values (the others are
 * ignored). A classification names a nature; its stars and decision date follow the nature's rules.
 */
export const establishmentChangeRequestSchema = z
  .object({
    kind: z.enum(ESTABLISHMENT_CHANGE_KINDS, { error: changeRequestMessages.kind() }),
    effectiveOn: effectiveOnField.optional().default(null),
    address: orNull(optionalText(300)).optional(),
    cp: optionalPostalCode.nullable().optional(),
    city: orNull(optionalText(100)).optional(),
    capacityMaxRoom: capacityField.optional(),
    capacityMaxPerson: capacityField.optional(),
    ...natureFields,
  })
  .superRefine((value, ctx) => {
    if (value.kind !== 'establishment_classification') return;
    if (!value.nature) {
      ctx.addIssue({ code: 'custom', path: ['nature'], message: changeRequestMessages.natureRequired() });
      return;
    }
    checkNatureFields({ ...value, type: null }, ctx);
  });
export type EstablishmentChangeRequestPayload = z.output<typeof establishmentChangeRequestSchema>;
export type EstablishmentChangeRequestInput = z.input<typeof establishmentChangeRequestSchema>;

/** Body of `POST account/change-requests`: a host's company name and SIRET. */
export const providerChangeRequestSchema = z.object({
  effectiveOn: effectiveOnField.optional().default(null),
  company: orNull(optionalText(200)).optional().default(null),
  siret: z
    .union([z.null(), optionalSiretField])
    .transform((value) => (value === '' ? null : value))
    .optional()
    .default(null),
});
export type ProviderChangeRequestPayload = z.output<typeof providerChangeRequestSchema>;
export type ProviderChangeRequestInput = z.input<typeof providerChangeRequestSchema>;

/** A value a request proposes (or found): text, a number, or nothing. */
export const changeValueSchema = z.union([z.string(), z.number(), z.null()]);
export type ChangeValue = z.infer<typeof changeValueSchema>;
export type ChangeValues = Record<string, ChangeValue>;

/** The proposed values of a kind, from a body: each of the kind's fields, `null` when left out. */
export function changeValuesOf(
  kind: ChangeRequestKind,
  body: Readonly<Record<string, unknown>>,
): ChangeValues {
  const values: ChangeValues = {};
  for (const field of CHANGE_REQUEST_FIELDS[kind]) {
    const value = body[field];
    values[field] = typeof value === 'string' || typeof value === 'number' ? value : null;
  }
  return values;
}

/** Whether the proposed values differ from the current ones (a request that changes nothing is refused). */
export function changesAnything(proposed: ChangeValues, current: ChangeValues): boolean {
  return Object.keys(proposed).some((field) => (proposed[field] ?? null) !== (current[field] ?? null));
}

/** A value as the screens and the mails show it. */
export function changeValueLabel(field: string, value: ChangeValue, values: ChangeValues = {}): string {
  if (value === null || value === '') return '—';
  if (field === 'nature') {
    const stars = typeof values.stars === 'number' ? (values.stars as Stars) : null;
    return natureClassificationLabel(value as Nature, stars);
  }
  if (field === 'stars') return `${value} étoile${Number(value) > 1 ? 's' : ''}`;
  if (field === 'classifiedOn' && typeof value === 'string') return value.split('-').reverse().join('/');
  return String(value);
}

export const changeRequestSchema = z.object({
  id: z.number().int(),
  kind: z.enum(CHANGE_REQUEST_KINDS),
  status: z.enum(CHANGE_REQUEST_STATUSES),
  /** The host who asked (the provider concerned, or the establishment's owner). */
  userId: z.number().int(),
  providerName: z.string(),
  establishmentId: z.number().int().nullable(),
  establishmentName: z.string().nullable(),
  /** The values proposed, and those in place when the request was made. */
  values: z.record(z.string(), changeValueSchema),
  previous: z.record(z.string(), changeValueSchema),
  effectiveOn: z.string(),
  /** The refusal's reason, shown to the host. */
  reason: z.string().nullable(),
  createDate: z.string(),
  decidedAt: z.string().nullable(),
  /** When an accepted request's values were applied (on its effective date); `null` until then. */
  appliedAt: z.string().nullable(),
});
export type ChangeRequest = z.infer<typeof changeRequestSchema>;

/** `GET change-requests`: a host's own, an admin's all; by status, establishment or provider. */
export const changeRequestListQuerySchema = z.object({
  ...pageParams,
  status: z.enum(CHANGE_REQUEST_STATUSES).optional(),
  establishmentId: intParam({ min: 1 }).optional(),
  userId: intParam({ min: 1 }).optional(),
  /** Only the provider's own requests (company name, SIRET), not their establishments'. */
  providerOnly: booleanParam,
});
export type ChangeRequestListQuery = z.output<typeof changeRequestListQuerySchema>;
export type ChangeRequestListQueryInput = z.input<typeof changeRequestListQuerySchema>;

/** Body of `POST change-requests/{id}/refuse`. */
export const refuseChangeRequestSchema = z.object({
  reason: text({ max: 1000 }),
});
export type RefuseChangeRequestPayload = z.output<typeof refuseChangeRequestSchema>;
