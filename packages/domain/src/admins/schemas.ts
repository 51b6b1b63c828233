import { z } from 'zod';
import { roleSchema } from '../identity/roles';
import { usernameField } from '../identity/schemas';
import { pageParams, sortParam } from '../lists/query';
import { emailField, optionalText, orNull } from '../validation/fields';

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
