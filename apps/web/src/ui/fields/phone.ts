import { validationMessages as m } from '@sejour/domain';
import nativeNames from 'countries-list/minimal/countries.native.min.json';
import {
  AsYouType,
  type CountryCode,
  getCountryCallingCode,
  isSupportedCountry,
  isValidPhoneNumber,
  ParseError,
  parsePhoneNumberWithError,
  validatePhoneNumberLength,
} from 'libphonenumber-js';
import { PHONE_INPUT_MAX_LENGTH, PHONE_NATIONAL_MAX_DIGITS, PHONE_NATIONAL_MIN_DIGITS } from '../constants';
import type { Validator } from '../form/validators';
import { searchable } from '../format';
import { countryFlag, countryName } from './phone-country';

// The phone library and its metadata (~45 KiB gzip with this module): the phone field loads this module when
// it is about to be used (phone-loader.ts), so that no screen downloads it on its first visit.

// The domain's phone rule checks with this module's library, once downloaded (phone-rule-library.ts).
export { isValidPhoneNumber };

/** A country of the phone picker: name, native name, emoji flag, dial code. */
export interface PhoneCountry {
  code: CountryCode;
  /** In French. */
  name: string;
  native: string;
  emoji: string;
  /** "+33" */
  dial: string;
}

let list: PhoneCountry[] | null = null;

/** "+33"; empty for a country the library does not know. */
export function dialCode(code: CountryCode): string {
  return isSupportedCountry(code) ? `+${getCountryCallingCode(code)}` : '';
}

/**
 * Every country the phone library knows, by French name. Built on first use. The native names are those of
 * `countries-list` (its names file alone, not the package's whole table).
 */
export function phoneCountries(): PhoneCountry[] {
  if (list) return list;
  const natives: Readonly<Record<string, string>> = nativeNames;
  list = Object.keys(natives)
    .filter((code): code is CountryCode => isSupportedCountry(code))
    .map((code) => ({
      code,
      name: countryName(code),
      native: natives[code] ?? '',
      emoji: countryFlag(code),
      dial: dialCode(code),
    }))
    .sort((a, b) => a.name.localeCompare(b.name, 'fr'));
  return list;
}

/** The countries matching a search on any of name, native name, code or dial code. */
export function searchCountries(search: string): PhoneCountry[] {
  const needle = searchable(search.trim());
  if (!needle) return phoneCountries();
  const digits = needle.replace(/[^\d]/g, '');
  return phoneCountries().filter(
    (c) =>
      searchable(c.name).includes(needle) ||
      searchable(c.native).includes(needle) ||
      c.code.toLowerCase() === needle ||
      (digits !== '' && c.dial.slice(1).startsWith(digits)),
  );
}

/** What a phone input yields. */
export interface PhoneValue {
  /** "+33 6 12 34 56 78" */
  international: string;
  /** "06 12 34 56 78" */
  national: string;
  countryCode: CountryCode;
  /** The country's format for this number, as an input mask: "99 99 99 99 99". */
  mask: string;
}

/** The phone value of typed text for a country (a leading "+" picks the country itself); null when empty. */
export function phoneValue(text: string, country: CountryCode): PhoneValue | null {
  const typed = text.trim();
  if (typed === '') return null;
  const typing = new AsYouType(country);
  typing.input(typed);
  const number = typing.getNumber();
  return {
    international: number ? number.formatInternational() : typed,
    national: number ? number.formatNational() : typed,
    countryCode: typing.getCountry() ?? country,
    mask: typing.getTemplate().replace(/x/g, '9'),
  };
}

/** The four parse errors of a phone number, and a number that parses but is not valid for its country. */
export type PhoneErrorKind = 'NOT_A_NUMBER' | 'TOO_SHORT' | 'TOO_LONG' | 'INVALID_COUNTRY' | 'INVALID';

/**
 * Why a phone number is refused, or null: an empty value passes; otherwise it must parse, have a
 * national number of 2 to 17 digits, be at most 250 characters, and be possible and valid for its country.
 */
export function phoneError(input: string, country?: CountryCode): PhoneErrorKind | null {
  if (input.trim() === '') return null;
  if (input.length > PHONE_INPUT_MAX_LENGTH) return 'TOO_LONG';
  try {
    const phone = parsePhoneNumberWithError(input, country ? { defaultCountry: country } : undefined);
    const digits = phone.nationalNumber.length;
    if (digits < PHONE_NATIONAL_MIN_DIGITS) return 'TOO_SHORT';
    if (digits > PHONE_NATIONAL_MAX_DIGITS) return 'TOO_LONG';
    if (!phone.isPossible()) {
      const reason = validatePhoneNumberLength(input, country);
      return reason === 'TOO_SHORT' || reason === 'TOO_LONG' ? reason : 'INVALID';
    }
    return phone.isValid() ? null : 'INVALID';
  } catch (error) {
    if (error instanceof ParseError) {
      const kind = error.message;
      return kind === 'NOT_A_NUMBER' ||
        kind === 'TOO_SHORT' ||
        kind === 'TOO_LONG' ||
        kind === 'INVALID_COUNTRY'
        ? kind
        : 'INVALID';
    }
    return 'INVALID';
  }
}

/** The phone rule, with the spec's message; `country()` is the country picked for numbers typed without "+". */
export function phoneValidator(country?: () => CountryCode): Validator {
  return {
    kind: 'phone',
    check: (value) => (typeof value === 'string' && phoneError(value, country?.()) ? m.phone() : null),
  };
}
