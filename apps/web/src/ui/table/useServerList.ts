import type { ListMeta } from '@sejour/domain';
import { keepPreviousData, type UseQueryResult, useQuery } from '@tanstack/react-query';
import { api, type Query } from '../../api/client';
import type { DataTableProps } from './DataTable';
import { type TableState, type TableStateOptions, useTableState } from './useTableState';

/** Rows asked per call when exporting a whole list (the API's largest page). */
const EXPORT_PAGE_SIZE = 500;

export interface ServerListOptions extends TableStateOptions {
  /** Fixed parameters of the list (e.g. `{ archived: true }`), sent with the table's own. */
  params?: Query;
  /** CSV file name (default `data`). */
  csvFileName?: string;
  enabled?: boolean;
}

export interface ServerList<T> {
  state: TableState;
  query: UseQueryResult<{ data: T[]; meta?: ListMeta }>;
  /** Everything `DataTable` needs for server-side mode: spread it, then add `label` and `columns`. */
  tableProps: Required<Pick<DataTableProps<T>, 'state' | 'total' | 'loading' | 'csv'>> & {
    data: T[] | undefined;
  };
}

/**
 * A list endpoint of design §4 behind a server-side table: the URL's sort, page, search and filters become
 * `?sort=&limit=&offset=&q=&…`, the total comes from `meta`, the previous page stays shown while the next
 * one loads, and the CSV export fetches every page with the current sort and filters.
 */
export function useServerList<T>(path: string, options: ServerListOptions = {}): ServerList<T> {
  const state = useTableState(options);
  const params: Query = { ...options.params, ...state.query };
  const query = useQuery({
    queryKey: [path, params],
    queryFn: async ({ signal }) => {
      const { data, meta } = await api.get<T[]>(path, params, signal);
      return { data, meta };
    },
    placeholderData: keepPreviousData,
    enabled: options.enabled ?? true,
  });

  const fetchAll = async (): Promise<T[]> => {
    const rows: T[] = [];
    for (;;) {
      const page = await api.get<T[]>(path, { ...params, limit: EXPORT_PAGE_SIZE, offset: rows.length });
      rows.push(...page.data);
      if (page.data.length === 0 || rows.length >= (page.meta?.total ?? rows.length)) return rows;
    }
  };

  return {
    state,
    query,
    tableProps: {
      state,
      data: query.data?.data,
      total: query.data?.meta?.total ?? query.data?.data.length ?? 0,
      loading: query.isFetching,
      csv: { fileName: options.csvFileName, rows: fetchAll },
    },
  };
}
