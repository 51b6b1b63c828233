import { searchable } from '../format';
import {
  type BooleanWords,
  type CellValue,
  type Column,
  cellValue,
  compareValues,
  displayValue,
} from './columns';
import type { SortingState } from './sorting';

/**
 * A table's rows in the browser (client mode): the search over every column's shown text, hidden columns
 * included, then the sort. Server-mode lists get their rows already searched and sorted by the API.
 */

/** The rows whose shown text, in any column, contains `search` (accents and case ignored). */
export function searchRows<T>(
  rows: readonly T[],
  columns: readonly Column<T>[],
  search: string,
  words: BooleanWords,
): readonly T[] {
  const wanted = searchable(search.trim());
  if (!wanted) return rows;
  return rows.filter((row) =>
    columns.some((column) =>
      searchable(String(displayValue(cellValue(column, row), column.type, words))).includes(wanted),
    ),
  );
}

/**
 * The rows in the order of `sorting`: its first column, then the next on a tie; empty values last going up
 * (first going down); rows equal on every sorted column keep their order. A column that is unknown or not
 * sortable is skipped.
 */
export function sortRows<T>(
  rows: readonly T[],
  columns: readonly Column<T>[],
  sorting: SortingState,
): readonly T[] {
  const keys = sorting.flatMap((sort) => {
    const column = columns.find((c) => c.id === sort.id);
    return column && column.sortable !== false ? [{ column, sign: sort.desc ? -1 : 1 }] : [];
  });
  if (keys.length === 0) return rows;
  const values = rows.map((row, index) => ({
    row,
    index,
    cells: keys.map((key) => cellValue(key.column, row)),
  }));
  values.sort((a, b) => {
    for (let i = 0; i < keys.length; i += 1) {
      const order = compareValues(a.cells[i] as CellValue, b.cells[i] as CellValue);
      if (order !== 0) return order * (keys[i]?.sign ?? 1);
    }
    return a.index - b.index;
  });
  return values.map((value) => value.row);
}
