import type { CountryCode } from 'libphonenumber-js';
import type { Validator } from '../form/validators';
import { onDemand } from '../on-demand';

/** The phone field's library: typing formatter, validity, country list (`phone.ts`). */
export type PhoneModule = typeof import('./phone');

const phone = onDemand(() => import('./phone'));

/**
 * Downloads the phone library, once; a failed download is tried again on the next call. The domain's phone
 * rule (the schema of the form around the field) checks with it too (phone-rule-library.ts).
 */
export function loadPhone(): Promise<PhoneModule> {
  return phone.load();
}

/** The phone library once downloaded, else undefined. */
export const loadedPhone = phone.loaded;

/**
 * The phone field's rule (`phoneValidator`), checked with the library. Validation waits for the library
 * before it runs the rules (the field's pending value, see `PhoneField`): before, there is nothing to check
 * and no error to show.
 */
export function phoneFieldValidator(country: () => CountryCode): Validator {
  return {
    kind: 'phone',
    check: (value, values) => phone.loaded()?.phoneValidator(country).check(value, values) ?? null,
  };
}
