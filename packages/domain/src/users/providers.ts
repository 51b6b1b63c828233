import { z } from 'zod';
import { booleanParam, pageParams, sortParam } from '../lists/query';
import { emailField, optionalPostalCode, optionalText, orNull, text } from '../validation/fields';
import { phoneField } from './phone-rule';
import { roleSchema } from './roles';
import { usernameField } from './schemas';

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
});
export type ProviderPayload = z.output<typeof providerPayloadSchema>;
export type ProviderPayloadInput = z.input<typeof providerPayloadSchema>;

/** Body of `POST admins` and `PUT admins/{id}`. */
export const adminPayloadSchema = z.object({
  username: usernameField,
  email: emailField,
  firstname: orNull(optionalText(100)).optional().default(null),
  lastname: orNull(optionalText(100)).optional().default(null),
  role: roleSchema.exclude(['host']),
});
export type AdminPayload = z.output<typeof adminPayloadSchema>;
export type AdminPayloadInput = z.input<typeof adminPayloadSchema>;

export const ADMIN_SORT_FIELDS = ['username', 'lastname', 'email', 'role', 'createDate'] as const;
export const adminListQuerySchema = z.object({ ...pageParams, sort: sortParam(ADMIN_SORT_FIELDS) });
export type AdminListQuery = z.output<typeof adminListQuerySchema>;
