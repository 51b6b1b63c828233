import { z } from 'zod';
import { phoneField } from '../identity/phone-rule';
import { userSchema } from '../identity/schemas';
import { emailField, optionalPostalCode, optionalText, orNull, safeString } from '../validation/fields';
import { validationMessages as m } from '../validation/messages';

/** How long the link confirming a new e-mail address works. */
export const EMAIL_CHANGE_TTL_HOURS = 24;

/**
 * Body of `PUT account/contact`: one's own contact details. The phone and postal address are written at once;
 * a new e-mail address only once confirmed through the link mailed to it (it is one's login and where the
 * password links go).
 */
export const contactRequestSchema = z.object({
  email: emailField,
  phone: orNull(phoneField).optional().default(null),
  address: orNull(optionalText(300)).optional().default(null),
  cp: optionalPostalCode.nullable().optional().default(null),
  city: orNull(optionalText(100)).optional().default(null),
});
export type ContactRequest = z.output<typeof contactRequestSchema>;
export type ContactRequestInput = z.input<typeof contactRequestSchema>;

/** The account, and the new e-mail address waiting for its confirmation, if any. */
export const contactResponseSchema = z.object({
  user: userSchema,
  pendingEmail: z.string().nullable(),
});
export type ContactResponse = z.infer<typeof contactResponseSchema>;

/** Body of `POST account/confirm-email`: the token of the mailed link. */
export const confirmEmailRequestSchema = z.object({
  token: safeString()
    .trim()
    .min(1, { error: m.required() })
    .max(200, { error: m.maxLength(200, 201) }),
});
export type ConfirmEmailRequest = z.infer<typeof confirmEmailRequestSchema>;
