import { z } from 'zod';
import { booleanParam, pageParams, sortParam } from '../lists/query';
import { emailField, optionalText, orNull } from '../validation/fields';
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
