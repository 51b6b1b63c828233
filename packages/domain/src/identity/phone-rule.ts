import { safeString } from '../validation/fields';
import { validationMessages as m } from '../validation/messages';

// libphonenumber's metadata weighs ~30 KiB gzip: the web app downloads it when a screen first needs a phone
// checked, not with every screen whose API contracts carry this rule (docs/decisions/0117-phone-on-demand.md).

type PhoneCheck = (value: string) => boolean;

let check: PhoneCheck | undefined;
let loading: Promise<PhoneCheck> | undefined;

/**
 * Loads the phone rule's library and metadata, once. The server awaits it before it takes a request; the web
 * app calls it when a phone field is about to be used. A failed download is tried again on the next call.
 */
export function loadPhoneRule(): Promise<PhoneCheck> {
  loading ??= import('./phone-check').then(
    (module) => {
      check = module.checkPhone;
      return check;
    },
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

/** Whether `loadPhoneRule` has finished: phones are then checked synchronously. */
export function phoneRuleLoaded(): boolean {
  return check !== undefined;
}

/**
 * Whether a number is valid (possible and valid for its country, libphonenumber's "min" metadata). Until the
 * rule is loaded, a promise of the answer: a synchronous parse then throws rather than let a number through.
 */
export function isValidPhone(value: string): boolean | Promise<boolean> {
  return check ? check(value) : loadPhoneRule().then((loaded) => loaded(value));
}

/**
 * A phone number in international form (what the phone field yields), or empty. Before `loadPhoneRule` has
 * finished, only an async parse (`safeParseAsync`, which waits for the rule) can check a non-empty number.
 */
export const phoneField = safeString()
  .trim()
  .max(250)
  .refine((v) => v === '' || isValidPhone(v), { error: m.phone() });
