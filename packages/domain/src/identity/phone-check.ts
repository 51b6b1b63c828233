import { isValidPhoneNumber } from 'libphonenumber-js/min';

// Reached only through `loadPhoneRule` (phone-rule.ts), as a chunk of its own in the web app.

/** libphonenumber's validity with its "min" metadata: possible and valid for the number's country. */
export function checkPhone(value: string): boolean {
  return isValidPhoneNumber(value);
}
