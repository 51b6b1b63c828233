import { parsePhoneNumberFromString } from 'libphonenumber-js';

// Apart from `phone.ts`: a list that shows numbers needs the parser, not the phone field's typing formatter
// and country list. Lists download it through `usePhoneFormat`.

/** A stored international number for display ("+33 6 12 34 56 78"); anything unparsable as written. */
export function formatPhone(international: string | null | undefined): string {
  if (!international) return '';
  return parsePhoneNumberFromString(international)?.formatInternational() ?? international;
}
