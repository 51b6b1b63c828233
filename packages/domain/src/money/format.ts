import { BASIS_POINTS_PER_UNIT, type BasisPoints, type Cents } from './cents';

/**
 * French display of amounts: "1 234,56 €". Intl writes a narrow no-break space (U+202F) between thousands
 * and a no-break space (U+00A0) before "€", so an amount never wraps across lines; compare with these
 * characters (or with this formatter) in tests, never with plain spaces.
 */
export const euroFormatter = new Intl.NumberFormat('fr-FR', {
  style: 'currency',
  currency: 'EUR',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/** "4,4 %": a rate in basis points as a French percentage (no-break space before "%"). */
export const percentFormatter = new Intl.NumberFormat('fr-FR', {
  style: 'percent',
  maximumFractionDigits: 2,
});

/**
 * Dividing by 100 is for display only: any safe integer of cents divided by 100 is the double nearest to
 * the decimal amount, and Intl rounds it back to exactly two decimals.
 */
export function formatEuros(cents: Cents): string {
  return euroFormatter.format(cents / 100);
}

const integerFormatter = new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 0 });

/** "12 400": a count with French thousands separators (narrow no-break spaces). */
export function formatInteger(value: number): string {
  return integerFormatter.format(value);
}

export function formatBasisPoints(rate: BasisPoints): string {
  return percentFormatter.format(rate / BASIS_POINTS_PER_UNIT);
}

/** Spaces a French user may type or paste between groups of thousands. */
const GROUP = '[ \\u00a0\\u202f]';
const DECIMAL = new RegExp(`^([+-]?)(\\d{1,3}(?:${GROUP}\\d{3})+|\\d+)(?:[.,](\\d*))?$`);

/**
 * Parses a French or dotted decimal ("1 234,56", "1234.56", "12", "-0,5") into an integer scaled by
 * 10^fractionDigits, exactly (string digits, no float). Returns null when the text is not such a number
 * or has more decimals than allowed: a silent rounding of typed money would be a surprise.
 */
function parseScaledDecimal(text: string, fractionDigits: number, suffix: string): number | null {
  let value = text.trim();
  if (value.endsWith(suffix)) value = value.slice(0, -suffix.length).trim();
  const match = DECIMAL.exec(value);
  if (!match) return null;
  const [, sign, whole = '', fraction = ''] = match;
  if (fraction.length > fractionDigits) return null;
  const digits = whole.replace(/\D/g, '') + fraction.padEnd(fractionDigits, '0');
  const result = Number(digits) * (sign === '-' ? -1 : 1);
  if (!Number.isSafeInteger(result)) return null;
  return result === 0 ? 0 : result;
}

/** "1 234,56 €" → 123456; "abc" or "1,234" (three decimals) → null. */
export function parseEurosToCents(text: string): Cents | null {
  return parseScaledDecimal(text, 2, '€');
}

/** "4,4 %" or "4.4" → 440 basis points; at most two decimals of a percent. */
export function parsePercentToBasisPoints(text: string): BasisPoints | null {
  return parseScaledDecimal(text, 2, '%');
}
