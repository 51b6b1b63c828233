import type { ListMeta } from '@sejour/domain';
import {
  keepPreviousData,
  type QueryClient,
  queryOptions,
  type UseQueryResult,
  useQuery,
} from '@tanstack/react-query';
import type { DataTableProps } from './DataTable';
import { listQueryOf, type TableState, type TableStateOptions, useTableState } from './useTableState';

/** Rows asked per call when exporting a whole list (the API's largest page). */
const EXPORT_PAGE_SIZE = 500;

/** Query-string parameters of a list: the table's sort, page and search, and fixed filters. */
export type ListParams = Record<string, string | number | boolean | null | undefined>;

/**
 * Fetches one page of a list; the feature provides it (the kit knows no API), e.g.
 * `(query, signal) => callList(providersApi.list, { query, signal })`.
 */
export type ListFetcher<T> = (
  query: ListParams,
  signal?: AbortSignal,
) => Promise<{ data: T[]; meta: ListMeta }>;

export interface ServerListOptions extends TableStateOptions {
  /** Fixed parameters of the list (e.g. `{ archived: true }`), sent with the table's own. */
  params?: ListParams;
  /** CSV file name (default `data`). */
  csvFileName?: string;
  enabled?: boolean;
}

export interface ServerList<T> {
  state: TableState;
  query: UseQueryResult<{ data: T[]; meta?: ListMeta }>;
  /** Everything `DataTable` needs for server-side mode: spread it, then add `label` and `columns`. */
  tableProps: Required<
    Pick<DataTableProps<T>, 'state' | 'total' | 'totalIsLowerBound' | 'loading' | 'csv'>
  > & {
    data: T[] | undefined;
  };
}

/**
 * A list's two reads for one set of parameters. Turning a page or changing the sort does not change the total:
 * it is counted once per set of filters, by its own query, and the pages are asked without it (`total=false`)
 * — on a large table the count costs more than the page. Both share the feature's key, so the feature's
 * mutations refresh both.
 */
function listReads<T>(key: string, fetchPage: ListFetcher<T>, params: ListParams) {
  const { limit: _limit, offset: _offset, sort: _sort, ...filters } = params;
  return {
    page: queryOptions({
      queryKey: [key, params],
      queryFn: ({ signal }) => fetchPage({ ...params, total: false }, signal),
    }),
    total: queryOptions({
      queryKey: [key, 'total', filters],
      queryFn: async ({ signal }) =>
        (await fetchPage({ ...filters, limit: 1, offset: 0 }, signal)).meta ?? null,
    }),
  };
}

/**
 * Starts the reads `useServerList` makes for the list as `search` (the address's parameters) shows it: a
 * screen's first reads, before it renders. Answers the list's query (the filters, sort and page it asks).
 */
export function prefetchServerList<T>(
  queryClient: QueryClient,
  key: string,
  fetchPage: ListFetcher<T>,
  options: Omit<ServerListOptions, 'csvFileName' | 'enabled' | 'inUrl'>,
  search: URLSearchParams,
): ListParams {
  const params: ListParams = { ...options.params, ...listQueryOf(search, options) };
  const reads = listReads(key, fetchPage, params);
  void queryClient.prefetchQuery(reads.page);
  void queryClient.prefetchQuery(reads.total);
  return params;
}

/**
 * A paged list endpoint behind a server-side table: the URL's sort, page, search and filters become
 * `?sort=&limit=&offset=&q=&…`, the total comes from `meta` of a count asked once per set of filters, the previous page stays shown while the next
 * one loads, and the CSV export fetches every page with the current sort and filters.
 */
export function useServerList<T>(
  /** The list's query key (its feature's key, so that the feature's mutations refresh it). */
  key: string,
  fetchPage: ListFetcher<T>,
  options: ServerListOptions = {},
): ServerList<T> {
  const state = useTableState(options);
  const params: ListParams = { ...options.params, ...state.query };
  const enabled = options.enabled ?? true;
  const reads = listReads(key, fetchPage, params);
  const query = useQuery({ ...reads.page, placeholderData: keepPreviousData, enabled });
  const total = useQuery({ ...reads.total, placeholderData: keepPreviousData, enabled });

  const fetchAll = async (): Promise<T[]> => {
    const rows: T[] = [];
    for (;;) {
      const page = await fetchPage({ ...params, limit: EXPORT_PAGE_SIZE, offset: rows.length, total: false });
      rows.push(...page.data);
      if (page.data.length < EXPORT_PAGE_SIZE) return rows;
    }
  };

  return {
    state,
    query,
    tableProps: {
      state,
      data: query.data?.data,
      total: total.data?.total ?? query.data?.data.length ?? 0,
      totalIsLowerBound: total.data?.totalIsLowerBound ?? false,
      loading: query.isFetching,
      csv: { fileName: options.csvFileName, rows: fetchAll },
    },
  };
}
