import { z } from 'zod';
import { phoneField } from '../identity/phone-rule';
import { usernameField } from '../identity/schemas';
import { booleanParam, pageParams, sortParam } from '../lists/query';
import { optionalSiretField } from '../reports/schemas';
import { emailField, optionalPostalCode, optionalText, orNull, text } from '../validation/fields';

export const PROVIDER_SORT_FIELDS = [
  'username',
  'lastname',
  'company',
  'email',
  'city',
  'activated',
  'createDate',
] as const;

/** `GET users`: providers, archived or not, searchable, sortable, paged. */
export const providerListQuerySchema = z.object({
  ...pageParams,
  archived: booleanParam,
  sort: sortParam(PROVIDER_SORT_FIELDS),
});
export type ProviderListQuery = z.output<typeof providerListQuerySchema>;

/** Body of `POST users` and `PUT users/{id}`: a provider (hébergeur), role host. */
export const providerPayloadSchema = z.object({
  username: usernameField,
  email: emailField,
  firstname: text({ max: 100 }),
  lastname: text({ max: 100 }),
  company: orNull(optionalText(200)).optional().default(null),
  phone: orNull(phoneField).optional().default(null),
  address: orNull(optionalText(300)).optional().default(null),
  city: orNull(optionalText(100)).optional().default(null),
  cp: optionalPostalCode.nullable().optional().default(null),
  /** Left out, the stored SIRET is kept (the providers' form does not show it; a change request sets it). */
  siret: z
    .union([z.null(), optionalSiretField])
    .transform((value) => (value === '' ? null : value))
    .optional(),
});
export type ProviderPayload = z.output<typeof providerPayloadSchema>;
export type ProviderPayloadInput = z.input<typeof providerPayloadSchema>;
