import { isValidPhoneNumber } from 'libphonenumber-js/min';
import { safeString } from '../validation/fields';
import { validationMessages as m } from '../validation/messages';

/**
 * Whether a number is valid: possible and valid for its country (libphonenumber's "min" metadata). The web
 * app ships this library with its phone field rather than with every screen whose contracts carry the rule
 * (docs/decisions/0133-phone-rule-synchronous.md): that is its bundler's business, not this module's.
 */
export function isValidPhone(value: string): boolean {
  return isValidPhoneNumber(value);
}

/** A phone number in international form (what the phone field yields), or empty. */
export const phoneField = safeString()
  .trim()
  .max(250)
  .refine((v) => v === '' || isValidPhone(v), { error: m.phone() });
