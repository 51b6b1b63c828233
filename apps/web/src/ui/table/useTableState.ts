import { useCallback, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { DEFAULT_PAGE_SIZE } from '../constants';
import type { SortingState } from './sorting';
import { sortingFromParam, sortingToParam } from './sorting';

/** The API list query: `sort`, `limit`, `offset`, `q` and the list's own filters. */
export type ListQuery = Record<string, string | number | undefined>;

export interface TableState {
  sorting: SortingState;
  setSorting: (sorting: SortingState) => void;
  /** From 1. */
  page: number;
  setPage: (page: number) => void;
  /** `null`: every row on one page. */
  pageSize: number | null;
  setPageSize: (size: number | null) => void;
  search: string;
  setSearch: (text: string) => void;
  filters: Record<string, string>;
  setFilter: (name: string, value: string | number | boolean | null | undefined) => void;
  /** Optional columns the user chose to show, or `null` for the columns' defaults. */
  shownColumns: string[] | null;
  setShownColumns: (ids: string[] | null) => void;
  /** The query to send to a list endpoint for this state. */
  query: ListQuery;
}

export interface TableStateOptions {
  /** Prefix of the URL parameters, for two tables on one screen. */
  prefix?: string;
  /** Default 10; `null` for unlimited. */
  pageSize?: number | null;
  defaultSort?: SortingState;
  /** Names of the list's filters kept in the URL (e.g. `['year', 'month']`). */
  filters?: readonly string[];
  /** Keep the state in the URL (default) so the list can be bookmarked and Back works; `false`: in memory. */
  inUrl?: boolean;
}

type Writer = (update: (params: URLSearchParams) => void, options?: { replace?: boolean }) => void;

function useParams(inUrl: boolean): [URLSearchParams, Writer] {
  const [urlParams, setUrlParams] = useSearchParams();
  const [memory, setMemory] = useState(() => new URLSearchParams());
  const params = inUrl ? urlParams : memory;
  // The parameters as last written, not as of the last render: two writes before the next render (the
  // search box's delayed write, then a filter picked at once) must add up, not undo each other.
  const latest = useRef(urlParams);
  const rendered = useRef(urlParams);
  if (rendered.current !== urlParams) {
    // The address changed (a write arrived, Back, a link): it is the latest again.
    rendered.current = urlParams;
    latest.current = urlParams;
  }
  const write = useCallback<Writer>(
    (update, options) => {
      if (!inUrl) {
        setMemory((previous) => {
          const next = new URLSearchParams(previous);
          update(next);
          return next;
        });
        return;
      }
      const next = new URLSearchParams(latest.current);
      update(next);
      latest.current = next;
      setUrlParams(next, { replace: options?.replace ?? false, preventScrollReset: true });
    },
    [inUrl, setUrlParams],
  );
  return [params, write];
}

function positiveInt(text: string | null): number | null {
  if (!text || !/^\d+$/.test(text)) return null;
  const n = Number(text);
  return n >= 1 ? n : null;
}

function defaultPageSize(options: TableStateOptions): number | null {
  return options.pageSize === undefined ? DEFAULT_PAGE_SIZE : options.pageSize;
}

/** A table's state as its URL parameters have it (the prefix's own), before any default but the page size. */
function readTable(params: URLSearchParams, options: TableStateOptions) {
  const key = (name: string) => `${options.prefix ?? ''}${name}`;
  const sizeParam = params.get(key('size'));
  return {
    sortParam: params.get(key('sort')),
    pageSize: sizeParam === 'all' ? null : (positiveInt(sizeParam) ?? defaultPageSize(options)),
    page: positiveInt(params.get(key('page'))) ?? 1,
    search: params.get(key('q')) ?? '',
    colsParam: params.get(key('cols')),
    filterEntries: (options.filters ?? []).map((name) => [name, params.get(key(name)) ?? ''] as const),
  };
}

function sortingOf(sortParam: string | null, defaultSort: SortingState | undefined): SortingState {
  return sortParam === null ? (defaultSort ?? []) : sortingFromParam(sortParam);
}

function filtersOf(entries: readonly (readonly [string, string])[]): Record<string, string> {
  return Object.fromEntries(entries.filter(([, value]) => value !== ''));
}

function queryOf(
  filters: Record<string, string>,
  sorting: SortingState,
  search: string,
  page: number,
  pageSize: number | null,
): ListQuery {
  return {
    ...filters,
    sort: sortingToParam(sorting) || undefined,
    q: search.trim() || undefined,
    limit: pageSize ?? undefined,
    offset: pageSize ? (page - 1) * pageSize : undefined,
  };
}

/**
 * The query a table kept in the URL asks its list for, from the URL's parameters alone: what `useTableState`
 * would send, known before the screen renders (a first visit starts the list's read with the screen's code).
 */
export function listQueryOf(params: URLSearchParams, options: TableStateOptions = {}): ListQuery {
  const { sortParam, pageSize, page, search, filterEntries } = readTable(params, options);
  return queryOf(filtersOf(filterEntries), sortingOf(sortParam, options.defaultSort), search, page, pageSize);
}

/**
 * A table's sort, page, page size, search, filters and shown columns, kept in the URL: a list can be
 * bookmarked, and Back returns to the previous page or sort. Searching replaces the history entry
 * rather than adding one per keystroke. Any change but paging goes back to page 1.
 */
export function useTableState(options: TableStateOptions = {}): TableState {
  const prefix = options.prefix ?? '';
  const key = (name: string) => `${prefix}${name}`;
  const [params, write] = useParams(options.inUrl ?? true);
  const defaultSize = defaultPageSize(options);
  const { sortParam, pageSize, page, search, colsParam, filterEntries } = readTable(params, options);
  const { defaultSort } = options;
  const sorting = useMemo(() => sortingOf(sortParam, defaultSort), [sortParam, defaultSort]);
  const shownColumns = useMemo(
    () => (colsParam === null ? null : colsParam.split(',').filter(Boolean)),
    [colsParam],
  );
  const filtersKey = JSON.stringify(filterEntries);
  // biome-ignore lint/correctness/useExhaustiveDependencies: filtersKey stands for filterEntries
  const filters = useMemo(() => filtersOf(filterEntries), [filtersKey]);

  const set = (next: URLSearchParams, name: string, value: string | null) => {
    if (value === null || value === '') next.delete(key(name));
    else next.set(key(name), value);
  };
  // The same function from one render to the next: a screen's filters, given it, need not render again when
  // only the list's rows or count arrive.
  const setFilter = useCallback<TableState['setFilter']>(
    (name, value) =>
      write((next) => {
        if (value === null || value === undefined || value === '') next.delete(`${prefix}${name}`);
        else next.set(`${prefix}${name}`, String(value));
        next.delete(`${prefix}page`);
      }),
    [write, prefix],
  );

  const state: Omit<TableState, 'query'> = {
    sorting,
    setSorting: (value) =>
      write((next) => {
        // An empty `sort=` means "no sort" when the list has a default one.
        const text = sortingToParam(value);
        if (text === '' && !options.defaultSort?.length) next.delete(key('sort'));
        else next.set(key('sort'), text);
        next.delete(key('page'));
      }),
    page,
    setPage: (value) => write((next) => set(next, 'page', value <= 1 ? null : String(value))),
    pageSize,
    setPageSize: (value) =>
      write((next) => {
        set(next, 'size', value === defaultSize ? null : value === null ? 'all' : String(value));
        next.delete(key('page'));
      }),
    search,
    setSearch: (text) =>
      write(
        (next) => {
          set(next, 'q', text.trim() === '' ? null : text);
          next.delete(key('page'));
        },
        { replace: true },
      ),
    filters,
    setFilter,
    shownColumns,
    setShownColumns: (ids) =>
      write((next) => set(next, 'cols', ids === null ? null : ids.join(',')), { replace: true }),
  };

  return { ...state, query: queryOf(filters, sorting, search, page, pageSize) };
}
