import { formatEuros } from '@sejour/domain';
import type { ReactNode } from 'react';
import { t } from '../../i18n';
import { formatDate, formatDateTime, formatNumber, formatPlainAmount, formatPlainNumber } from '../format';
import { fromHundredths } from '../hundredths';

/** What a cell holds: sorted, searched and exported as such; shown in French. */
export type CellValue = string | number | boolean | Date | null | undefined;

/** How a column's values read: numbers and amounts (in cents) align right; dates are ISO strings or Dates. */
export type ColumnType = 'text' | 'number' | 'money' | 'date' | 'datetime' | 'boolean';

export interface Column<T> {
  /** Unique; also the sort field sent to the API (`sort=id:asc`) and the default property read from a row. */
  id: string;
  header: string;
  /** The cell's value; by default `row[id]`. */
  value?: (row: T) => CellValue;
  /** Custom rendering; by default the value in French. */
  cell?: (row: T) => ReactNode;
  type?: ColumnType;
  /** Default true. */
  sortable?: boolean;
  /** The user may show or hide it; `hidden` makes it start hidden. */
  optional?: boolean;
  hidden?: boolean;
  /** In the CSV export (default true), or the value to export instead. */
  csv?: boolean | ((row: T) => CellValue);
  align?: 'left' | 'center' | 'right';
  width?: number | string;
  /**
   * Stays in view at the row's end while a table wider than its box scrolls (a row's actions, its total). At
   * most one per table, the last column.
   */
  keepInView?: boolean;
}

function isCellValue(value: unknown): value is CellValue {
  return (
    value === null ||
    value === undefined ||
    value instanceof Date ||
    ['string', 'number', 'boolean'].includes(typeof value)
  );
}

export function cellValue<T>(column: Column<T>, row: T): CellValue {
  if (column.value) return column.value(row);
  const raw =
    row !== null && typeof row === 'object' ? (row as Record<string, unknown>)[column.id] : undefined;
  return isCellValue(raw) ? raw : String(raw);
}

/** How a boolean reads ("Oui" / "Non" from `ui.json`). */
export interface BooleanWords {
  yes: string;
  no: string;
}

export function booleanWords(): BooleanWords {
  return { yes: t('ui:table.yes'), no: t('ui:table.no') };
}

export function columnAlign<T>(column: Column<T>): 'left' | 'center' | 'right' {
  return column.align ?? (column.type === 'number' || column.type === 'money' ? 'right' : 'left');
}

/** The value as a French reader sees it on screen. */
export function displayValue(
  value: CellValue,
  type: ColumnType = 'text',
  words: BooleanWords = booleanWords(),
) {
  if (value === null || value === undefined || value === '') return '';
  if (typeof value === 'boolean') return value ? words.yes : words.no;
  if (type === 'money' && typeof value === 'number') return formatEuros(value);
  if (typeof value === 'number') return formatNumber(value);
  if (type === 'datetime') return formatDateTime(value);
  if (type === 'date' || value instanceof Date) return formatDate(value);
  return value;
}

/** The value in a CSV file: numbers without grouping ("1234,5"), amounts in euros ("12,50"), dates dd/mm/yyyy. */
export function exportValue(
  value: CellValue,
  type: ColumnType = 'text',
  words: BooleanWords = booleanWords(),
) {
  if (type === 'money' && typeof value === 'number') {
    return formatPlainAmount(fromHundredths(value));
  }
  if (typeof value === 'number') return formatPlainNumber(value);
  return displayValue(value, type, words);
}

const collator = /*#__PURE__*/ new Intl.Collator('fr', { numeric: true, sensitivity: 'base' });

/** Ascending order of two cell values; empty values last. */
export function compareValues(a: CellValue, b: CellValue): number {
  const emptyA = a === null || a === undefined || a === '';
  const emptyB = b === null || b === undefined || b === '';
  if (emptyA || emptyB) return emptyA === emptyB ? 0 : emptyA ? 1 : -1;
  if (a instanceof Date && b instanceof Date) return a.getTime() - b.getTime();
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  if (typeof a === 'boolean' && typeof b === 'boolean') return Number(a) - Number(b);
  return collator.compare(String(a), String(b));
}
