import { type CsvValue, csvFile, csvNumber, TABLE_CSV_SEPARATOR } from '@sejour/domain';
import { CSV_DEFAULT_FILE_NAME } from '../constants';
import { saveFile } from '../save-file';
import {
  type BooleanWords,
  booleanWords,
  type CellValue,
  type Column,
  cellValue,
  exportValue,
} from './columns';

function csvCell<T>(column: Column<T>, row: T, words: BooleanWords): CsvValue {
  const value: CellValue = typeof column.csv === 'function' ? column.csv(row) : cellValue(column, row);
  const text = exportValue(value, column.type, words);
  // Numbers we formatted ourselves ("-12,5") are not formulas; any text from the data may be.
  return typeof value === 'number' ? csvNumber(text) : text;
}

/**
 * The CSV text of rows: UTF-8 byte order mark, comma separator, CRLF line breaks, a header line of
 * the column titles, values in French (`1234,5`, `31/01/2026`, `Oui`), quotes where needed, formulas
 * neutralised (the product's one CSV writer, `@sejour/domain`). Columns with `csv: false` are left out.
 */
export function toCsv<T>(
  rows: readonly T[],
  columns: readonly Column<T>[],
  words: BooleanWords = booleanWords(),
): string {
  const exported = columns.filter((c) => c.csv !== false);
  return csvFile(
    exported.map((c) => c.header),
    rows.map((row) => exported.map((c) => csvCell(c, row, words))),
    TABLE_CSV_SEPARATOR,
    { finalLineBreak: false },
  );
}

/** `data.csv` by default; a name without `.csv` gets it. */
export function csvFileName(name: string = CSV_DEFAULT_FILE_NAME): string {
  const base = name.trim() || CSV_DEFAULT_FILE_NAME;
  return base.toLowerCase().endsWith('.csv') ? base : `${base}.csv`;
}

/** Makes the browser download the text as a file. */
export function downloadCsv(content: string, name?: string): void {
  saveFile(content, csvFileName(name), 'text/csv;charset=utf-8');
}
