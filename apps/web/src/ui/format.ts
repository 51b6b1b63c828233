/** French display of numbers and dates, shared by table cells and CSV export. */

const numberFormat = /*#__PURE__*/ new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 9 });
const plainNumberFormat = /*#__PURE__*/ new Intl.NumberFormat('fr-FR', {
  maximumFractionDigits: 9,
  useGrouping: false,
});

/** "1 234,5" (narrow no-break space between thousands), for the screen. */
export function formatNumber(value: number): string {
  return numberFormat.format(value);
}

/** "1234,5": no group separator, so a spreadsheet in French reads it back as a number. */
export function formatPlainNumber(value: number): string {
  return plainNumberFormat.format(value);
}

const plainAmountFormat = /*#__PURE__*/ new Intl.NumberFormat('fr-FR', {
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
  useGrouping: false,
});

/** "1234,50": an amount in euros with its two decimals, for a spreadsheet. */
export function formatPlainAmount(euros: number): string {
  return plainAmountFormat.format(euros);
}

/**
 * "31/01/2026" and "31/01/2026 14:05": the domain's one date formatter (a calendar date as written, an instant in
 * the browser's time zone).
 */
export { formatDate, formatDateTime } from '@sejour/domain';

/** Lower case, no accents: "Évian" matches "evian". */
export function searchable(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();
}
