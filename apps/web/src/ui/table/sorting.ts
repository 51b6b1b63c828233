/** One sorted column; the first of a list sorts first. */
export interface ColumnSort {
  id: string;
  desc: boolean;
}

/** The columns a list is sorted by, in order (`sort=period:desc,name:asc`). */
export type SortingState = ColumnSort[];

/**
 * The sort cycle for a click on a column header: first click ascending, second descending,
 * third removes the sort with multi-sort on, otherwise ascending again. With multi-sort on, a new column
 * is added after the others; off, it replaces them.
 */
export function nextSorting(sorting: SortingState, columnId: string, multi: boolean): SortingState {
  const current = sorting.find((s) => s.id === columnId);
  if (!multi) {
    return [{ id: columnId, desc: current ? !current.desc : false }];
  }
  if (!current) return [...sorting, { id: columnId, desc: false }];
  if (!current.desc) return sorting.map((s) => (s.id === columnId ? { id: columnId, desc: true } : s));
  return sorting.filter((s) => s.id !== columnId);
}

/** `field:asc,field2:desc` — the API's `sort` parameter and the URL's. */
export function sortingToParam(sorting: SortingState): string {
  return sorting.map((s) => `${s.id}:${s.desc ? 'desc' : 'asc'}`).join(',');
}

export function sortingFromParam(param: string | null | undefined): SortingState {
  if (!param) return [];
  const sorting: SortingState = [];
  for (const part of param.split(',')) {
    const [id, direction = 'asc'] = part.split(':');
    if (!id || (direction !== 'asc' && direction !== 'desc') || sorting.some((s) => s.id === id)) continue;
    sorting.push({ id, desc: direction === 'desc' });
  }
  return sorting;
}

/** The `aria-sort` of a column header. */
export function ariaSort(sorting: SortingState, columnId: string): 'ascending' | 'descending' | 'none' {
  const current = sorting.find((s) => s.id === columnId);
  if (!current) return 'none';
  return current.desc ? 'descending' : 'ascending';
}
