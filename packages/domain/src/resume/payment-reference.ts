import type { Semester } from '../calendar/months';

/**
 * The payment reference of a notice: an ISO 11649 structured creditor reference ("RF" + two check digits +
 * the reference), which banks and the public treasury's payment pages check as they would an IBAN. The body —
 * "TS", year, semester, provider id — makes it unique per provider and semester and stable across calls (it is
 * derived, never stored); the check digits catch a mistyped character.
 */
export function paymentReference(userId: number, year: number, semester: Semester): string {
  const body = `TS${year}S${semester}P${String(userId).padStart(7, '0')}`;
  return `RF${checkDigits(body)}${body}`;
}

/** ISO 11649 / ISO 7064 mod 97-10: letters count as 10–35, "RF00" moved to the end. */
function checkDigits(body: string): string {
  const remainder = mod97(`${body}RF00`);
  return String(98 - remainder).padStart(2, '0');
}

function mod97(text: string): number {
  let remainder = 0;
  for (const char of text.toUpperCase()) {
    const value = /[0-9]/.test(char) ? char : String(char.charCodeAt(0) - 55);
    for (const digit of value) remainder = (remainder * 10 + Number(digit)) % 97;
  }
  return remainder;
}

/** True when a reference's check digits match its body (what a bank verifies). */
export function isValidPaymentReference(reference: string): boolean {
  const compact = reference.replace(/\s+/g, '').toUpperCase();
  if (!/^RF\d{2}[0-9A-Z]{1,21}$/.test(compact)) return false;
  return mod97(`${compact.slice(4)}${compact.slice(0, 4)}`) === 1;
}
