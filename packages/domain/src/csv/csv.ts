/**
 * The CSV the product writes, in the browser (table exports) and on the server (streamed exports): comma
 * separator, CRLF line breaks, a UTF-8 byte order mark so spreadsheets read accents, cells quoted where needed,
 * and text that a spreadsheet would run as a formula neutralised (OWASP "CSV injection").
 */
export const CSV_SEPARATOR = ',';
export const CSV_NEWLINE = '\r\n';
export const CSV_BOM = '\uFEFF';

/** Characters that make a spreadsheet read a cell as a formula. */
const FORMULA_START = /^[=+\-@\t\r]/;

/** A text cell starting like a formula gets a leading apostrophe, so it stays text. */
export function neutraliseFormula(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text;
}

const NEEDS_QUOTES = /[",\r\n]/;

/** One cell: numbers as given (already formatted by the caller), text neutralised and quoted when needed. */
export function csvCell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return String(value);
  const text = neutraliseFormula(value);
  return NEEDS_QUOTES.test(text) || text !== text.trim() ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One line, with its line break. */
export function csvLine(cells: ReadonlyArray<string | number | null | undefined>): string {
  return cells.map(csvCell).join(CSV_SEPARATOR) + CSV_NEWLINE;
}

/** "1234,56": cents as a French decimal for a spreadsheet (no thousands separator, comma decimal). */
export function csvEuros(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)},${String(abs % 100).padStart(2, '0')}`;
}
