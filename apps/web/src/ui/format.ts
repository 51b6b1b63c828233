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

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})(?:$|T)/;
const pad = (n: number) => String(n).padStart(2, '0');

/**
 * "31/01/2026". An ISO calendar date string (`2026-01-31`) is shown as written, without time zone
 * arithmetic; a `Date` or a timestamp string is shown in the local time zone.
 */
export function formatDate(value: Date | string): string {
  if (typeof value === 'string') {
    const match = ISO_DATE.exec(value);
    if (match && value.length === 10) return `${match[3]}/${match[2]}/${match[1]}`;
    return formatDate(new Date(value));
  }
  if (Number.isNaN(value.getTime())) return '';
  return `${pad(value.getDate())}/${pad(value.getMonth() + 1)}/${value.getFullYear()}`;
}

/** "31/01/2026 14:05". */
export function formatDateTime(value: Date | string): string {
  const date = typeof value === 'string' ? new Date(value) : value;
  if (Number.isNaN(date.getTime())) return '';
  return `${formatDate(date)} ${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** Lower case, no accents: "Évian" matches "evian". */
export function searchable(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();
}
