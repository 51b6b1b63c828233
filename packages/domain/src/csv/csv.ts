/**
 * The one CSV writer of the product (`csvFile`, `csvFileStream`), in the browser (table exports, the import's
 * template) and on the server (streamed exports, the register's file made in a worker): CRLF
 * line breaks, a UTF-8 byte order mark so spreadsheets read accents, cells quoted where needed, and text that
 * a spreadsheet would run as a formula neutralised (OWASP "CSV injection").
 *
 * Two separators: the server's exports are meant for French spreadsheets, which split on `;` and read decimal
 * commas; the tables' own export keeps the comma the product's specification asks for.
 */
export const SPREADSHEET_CSV_SEPARATOR = ';';
export const TABLE_CSV_SEPARATOR = ',';
export type CsvSeparator = typeof SPREADSHEET_CSV_SEPARATOR | typeof TABLE_CSV_SEPARATOR;
export const CSV_NEWLINE = '\r\n';
export const CSV_BOM = '\uFEFF';

/** Characters that make a spreadsheet read a cell as a formula. */
const FORMULA_START = '=+\\-@\\t\\r';
/**
 * A formula start at the cell's start, or after anything a spreadsheet may split a cell on — `;`, `,`, tab, a
 * line break — when it reads the file with another separator than the one written (blanks in between too).
 */
const AFTER_SEPARATOR = new RegExp(`([;,\\t\\r\\n])([ \\u00a0]*)(?=[${FORMULA_START}])`, 'g');
const AT_START = new RegExp(`^([ \\u00a0]*)(?=[${FORMULA_START}])`);

/** Any character a formula may start with: text without one has nothing to neutralise. */
const ANY_FORMULA_START = new RegExp(`[${FORMULA_START}]`);

/** Text starting like a formula, at the start or after a separator, gets an apostrophe there: it stays text. */
export function neutraliseFormula(text: string): string {
  // Most cells (names, months, labels) hold no such character: they skip the two replacements.
  if (!ANY_FORMULA_START.test(text)) return text;
  return text.replace(AFTER_SEPARATOR, "$1$2'").replace(AT_START, "$1'");
}

/** A number already written as a spreadsheet reads it ("-1234,56"): never neutralised. */
export interface CsvNumber {
  readonly csvNumber: string;
}

/** What a cell may hold: text (neutralised), a number, an already formatted number, or nothing. */
export type CsvValue = string | number | CsvNumber | null | undefined;

const PLAIN_NUMBER = /^-?\d+(?:,\d+)?$/;

/** Marks "1234,56" as a number; anything else stays text (and is neutralised like any text). */
export function csvNumber(text: string): CsvValue {
  return PLAIN_NUMBER.test(text) ? { csvNumber: text } : text;
}

const plainNumber = new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 20, useGrouping: false });

/**
 * A number as a French spreadsheet reads it. An integer is its digits, as `String` writes them (what the French
 * format writes too, without its cost per cell: an export writes hundreds of thousands); any other number (a
 * fraction, -0, beyond 2^53) goes through the French format.
 */
function numberText(value: number): string {
  return Number.isSafeInteger(value) && !Object.is(value, -0) ? String(value) : plainNumber.format(value);
}

/** Text holding anything a spreadsheet of either separator could split on, a quote or a line break is quoted. */
const TEXT_NEEDS_QUOTES = /[";,\t\r\n]/;

const quoted = (text: string) => `"${text.replace(/"/g, '""')}"`;

/**
 * One cell: text neutralised and quoted when needed; numbers with a decimal comma, quoted only in a file
 * separated by commas (in a `;` file, "376,20" stays bare so that a spreadsheet reads a number).
 */
export function csvCell(value: CsvValue, separator: CsvSeparator = SPREADSHEET_CSV_SEPARATOR): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number' || typeof value === 'object') {
    const text = typeof value === 'number' ? numberText(value) : value.csvNumber;
    return text.includes(separator) ? quoted(text) : text;
  }
  const text = neutraliseFormula(value);
  return TEXT_NEEDS_QUOTES.test(text) || text !== text.trim() ? quoted(text) : text;
}

/** One line, with its line break; `;` unless told (the server's exports are for French spreadsheets). */
export function csvLine(
  cells: readonly CsvValue[],
  separator: CsvSeparator = SPREADSHEET_CSV_SEPARATOR,
): string {
  return cells.map((cell) => csvCell(cell, separator)).join(separator) + CSV_NEWLINE;
}

/** A row of a file: its cells, in the header's order. */
export type CsvRow = readonly CsvValue[];

/** Rows' lines, each with its break (`csvFile`'s rows; a file made piece by piece writes its pieces with it). */
export function csvLines(
  rows: Iterable<CsvRow>,
  separator: CsvSeparator = SPREADSHEET_CSV_SEPARATOR,
): string {
  let text = '';
  for (const row of rows) text += csvLine(row, separator);
  return text;
}

/**
 * The one CSV writer, for every export of the product: the byte order mark, the header line, then one line per
 * row, each ended by CRLF. `finalLineBreak: false` leaves the last line without its break (the tables' export,
 * as it always wrote it).
 */
export function csvFile(
  header: CsvRow,
  rows: Iterable<CsvRow>,
  separator: CsvSeparator = SPREADSHEET_CSV_SEPARATOR,
  options: { finalLineBreak?: boolean } = {},
): string {
  const text = csvFileHead(header, separator) + csvLines(rows, separator);
  return options.finalLineBreak === false ? text.slice(0, -CSV_NEWLINE.length) : text;
}

/** What a file starts with: the byte order mark and the header line. */
export function csvFileHead(header: CsvRow, separator: CsvSeparator = SPREADSHEET_CSV_SEPARATOR): string {
  return CSV_BOM + csvLine(header, separator);
}

/**
 * `csvFile`, streamed: the byte order mark and the header line first, then each batch of rows as one chunk (an
 * empty batch sends nothing). The rows are read batch by batch as the chunks are asked for, so an export of any
 * size holds one batch in memory; stopping early (a client that hangs up) stops the batches' source too.
 */
export async function* csvFileStream(
  header: CsvRow,
  batches: AsyncIterable<Iterable<CsvRow>> | Iterable<Iterable<CsvRow>>,
  separator: CsvSeparator = SPREADSHEET_CSV_SEPARATOR,
): AsyncGenerator<string> {
  yield csvFileHead(header, separator);
  for await (const batch of batches) {
    const text = csvLines(batch, separator);
    if (text) yield text;
  }
}

/** A whole file from its lines, header first, the last one without a line break (`csvFile`'s rules). */
export function csvDocument(rows: readonly CsvRow[], separator: CsvSeparator): string {
  return csvFile(rows[0] ?? [], rows.slice(1), separator, { finalLineBreak: false });
}

/** 123456 cents → "1234,56": a French decimal for a spreadsheet (no thousands separator, comma decimal). */
export function csvEuros(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)},${String(abs % 100).padStart(2, '0')}`;
}

/** An amount cell: `csvEuros`, written as a number (a negative amount is no formula). */
export function csvAmount(cents: number): CsvValue {
  return csvNumber(csvEuros(cents));
}
