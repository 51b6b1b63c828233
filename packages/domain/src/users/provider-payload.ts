import { isValidPhoneNumber } from 'libphonenumber-js/min';
import { z } from 'zod';
import { emailField, optionalPostalCode, optionalText, orNull, safeString, text } from '../validation/fields';
import { validationMessages as m } from '../validation/messages';
import { usernameField } from './schemas';

// A module of its own: the phone rule brings libphonenumber's metadata (~30 KiB gzip), which only the screens
// that write a provider need, not those that list or pick providers (docs/decisions/0114).

/** A phone number in international form (what the phone field yields), or empty. */
export const phoneField = safeString()
  .trim()
  .max(250)
  .refine((v) => v === '' || isValidPhoneNumber(v), { error: m.phone() });

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
