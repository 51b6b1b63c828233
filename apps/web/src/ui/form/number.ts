import { NUMBER_DECIMALS } from '../constants';

export interface NumberRules {
  /** Default true; false drops any minus sign. */
  allowNegative?: boolean;
  /** Default true; false asks for a whole number: a decimal typed stays as typed and the field says so. */
  allowDecimal?: boolean;
  /** Decimal places kept (default 9). */
  decimals?: number;
}

/**
 * What a number input keeps of typed text: digits, one dot, a leading minus; a comma becomes a
 * dot; any other character is dropped; decimals beyond the limit are cut.
 */
export function filterNumberText(text: string, rules: NumberRules = {}): string {
  const decimals = rules.decimals ?? NUMBER_DECIMALS;
  const kept = text.replace(/,/g, '.').replace(/[^\d.-]/g, '');
  const negative = (rules.allowNegative ?? true) && kept.startsWith('-');
  const unsigned = kept.replace(/-/g, '');
  const dot = unsigned.indexOf('.');
  let body = unsigned;
  if (dot >= 0) {
    const fraction = unsigned
      .slice(dot + 1)
      .replace(/\./g, '')
      .slice(0, decimals);
    body = decimals > 0 ? `${unsigned.slice(0, dot)}.${fraction}` : unsigned.slice(0, dot);
  }
  return `${negative ? '-' : ''}${body}`;
}

/** The value of filtered text: null when empty, NaN when not yet a number ("-", "."); never rounded. */
export function parseNumberText(text: string): number | null {
  if (text === '') return null;
  if (!/\d/.test(text)) return Number.NaN;
  const value = Number(text.endsWith('.') ? text.slice(0, -1) : text);
  if (!Number.isFinite(value)) return Number.NaN;
  return Object.is(value, -0) ? 0 : value;
}

/** The text shown for a value. */
export function numberText(value: number | null | undefined): string {
  if (value === null || value === undefined || Number.isNaN(value)) return '';
  return String(value);
}
