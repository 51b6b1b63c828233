import { loadedPhone } from './phone-loader';

// The domain's phone rule (`identity/phone-rule.ts`) imports libphonenumber statically; in this app the library
// comes with the phone field's module instead, downloaded when a phone is about to be used. The build hands the
// rule this module in the library's place (`phoneRuleLibraryPlugin`, vite.config.ts), so the screens whose
// contracts or forms carry the rule do not download the library with their first visit.

/**
 * libphonenumber's `isValidPhoneNumber`, from the phone field's module. A form checks its schema once its phone
 * field's value is final, which waits for that module (`FieldRegistration.pendingValue`); a check before it has
 * arrived is a mistake, and throws rather than let a number through unchecked.
 */
export function isValidPhoneNumber(value: string): boolean {
  const phone = loadedPhone();
  if (!phone) throw new Error('The phone rule ran before the phone field loaded its library (loadPhone).');
  return phone.isValidPhoneNumber(value);
}
