// Mantine's stylesheets of the components below, loaded with this module (app/mantine-components.css).
import '@mantine/core/styles/Table.css';
import { Alert, Anchor, Group, Loader, Table, Text } from '@mantine/core';
import { formatInteger } from '@sejour/domain';
import { CircleAlert } from 'lucide-react';
import { type MouseEvent, memo, type ReactNode, useCallback, useMemo, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from '../../i18n';
import { CardsBox, cardsTableClass } from './Cards';
import { type Column, cellValue, columnAlign, displayValue } from './columns';
import classes from './DataTable.module.css';
import { searchRows, sortRows } from './rows';
import { SortHeader } from './SortHeader';
import { ariaSort, nextSorting } from './sorting';
import { TablePagination } from './TablePagination';
import { TableToolbar } from './TableToolbar';
import { type TableState, useTableState } from './useTableState';

export interface DataTableProps<T> {
  /** The table's accessible name (a visually hidden caption). */
  label: string;
  columns: readonly Column<T>[];
  data: readonly T[] | undefined;
  /**
   * Server-side mode: the total number of rows (`meta.total`). `data` is then the current page, already
   * sorted, filtered and paged by the API from `state.query`. Without it, the table does all that itself.
   */
  total?: number;
  /**
   * Server-side mode: the API stopped counting at `total` and the list holds more (`meta.totalIsLowerBound`):
   * the range reads "sur plus de 10 000" and the pager stops at the counted pages.
   */
  totalIsLowerBound?: boolean;
  /** The state from `useTableState` (needed in server mode, to build the query); by default the table's own. */
  state?: TableState;
  /** Default 10; `null` for unlimited. Used when `state` is not given. */
  pageSize?: number | null;
  /** Several sorted columns at once (default false): the third click then removes a column's sort. */
  multiSort?: boolean;
  /** A search box above the table (client mode: over the shown values; server mode: the `q` parameter). */
  searchable?: boolean;
  /** Default "Aucune données". */
  emptyText?: string;
  loading?: boolean;
  /** Why the rows could not be read (the server's message, or that it cannot be reached): shown instead of "no data". */
  error?: string | null;
  rowKey?: (row: T) => string | number;
  /** The detail page of a row: the cell of `linkColumn` (default the first column) becomes a real link. */
  rowLink?: (row: T) => string;
  linkColumn?: string;
  /** CSV export of all the rows (not just the page); `rows` fetches them in server mode. `false`: no export. */
  csv?: false | { fileName?: string; rows?: () => Promise<readonly T[]> | readonly T[] };
  /** The screen's own filters, shown in the tool bar. */
  toolbar?: ReactNode;
}

const EMPTY: readonly never[] = [];

/** Mantine's classes of a body row and cell (its stylesheet is imported above), and their static names. */
const ROW_CLASS = `${Table.classes.tr} mantine-Table-tr`;
const CELL_CLASS = `${Table.classes.td} mantine-Table-td`;

const INTERACTIVE = 'a, button, input, select, textarea, label, [role="button"], [role="checkbox"]';

export function DataTable<T>(props: DataTableProps<T>) {
  const { t } = useTranslation('ui');
  const navigate = useNavigate();
  const own = useTableState({ pageSize: props.pageSize, inUrl: true });
  const state = props.state ?? own;
  const server = props.total !== undefined;
  const [exporting, setExporting] = useState(false);
  const words = useMemo(() => ({ yes: t('table.yes'), no: t('table.no') }), [t]);
  const { columns } = props;
  const data = props.data ?? EMPTY;
  const pageSize = state.pageSize;

  const shownColumns = state.shownColumns;
  // Kept from one render to the next while the columns stay, so that the rows need not render again.
  const { optional, shown, visible } = useMemo(() => {
    const optional = columns.filter((c) => c.optional);
    const shown = shownColumns ?? optional.filter((c) => !c.hidden).map((c) => c.id);
    return { optional, shown, visible: columns.filter((c) => !c.optional || shown.includes(c.id)) };
  }, [columns, shownColumns]);
  const search = state.search;
  const sorting = state.sorting;
  const allRows = useMemo(
    () => (server ? data : sortRows(searchRows(data, columns, search, words), columns, sorting)),
    [server, data, columns, search, sorting, words],
  );

  const openRow = useCallback(
    (event: MouseEvent<HTMLTableRowElement>, link: string) => {
      if ((event.target as HTMLElement).closest(INTERACTIVE) || window.getSelection()?.toString()) return;
      void navigate(link);
    },
    [navigate],
  );

  if (columns.length === 0) {
    return (
      <Alert color="red" role="alert">
        {t('table.missingColumns')}
      </Alert>
    );
  }

  // Without a key, a row keeps the key of its place in `data` whatever the sort (as React needs).
  const positions = new Map(data.map((row, index) => [row, index]));
  const filteredCount = server ? (props.total ?? 0) : allRows.length;
  const pageCount = pageSize ? Math.max(1, Math.ceil(filteredCount / pageSize)) : 1;
  const page = Math.min(state.page, pageCount);
  const rows = server || !pageSize ? allRows : allRows.slice((page - 1) * pageSize, page * pageSize);
  const linkColumn = props.linkColumn ?? visible[0]?.id;
  const from = pageSize ? (page - 1) * pageSize + 1 : 1;
  const to = from + rows.length - 1;

  const exportCsv = async () => {
    setExporting(true);
    try {
      const csv = props.csv || undefined;
      // The CSV module is downloaded on the first export, not with every list.
      const [all, { downloadCsv, toCsv }] = await Promise.all([
        csv?.rows ? csv.rows() : allRows,
        import('./csv'),
      ]);
      downloadCsv(toCsv(all, visible, words), csv?.fileName);
    } finally {
      setExporting(false);
    }
  };

  return (
    <div className={classes.root}>
      <TableToolbar
        search={props.searchable ? { value: state.search, onChange: state.setSearch } : undefined}
        columns={
          optional.length > 0
            ? { all: optional, shown, onChange: (ids) => state.setShownColumns(ids) }
            : undefined
        }
        onExport={props.csv === false ? undefined : exportCsv}
        exporting={exporting}
      >
        {props.toolbar}
      </TableToolbar>
      <CardsBox minWidth={480}>
        <Table
          className={cardsTableClass}
          striped
          highlightOnHover={Boolean(props.rowLink)}
          aria-busy={props.loading || undefined}
        >
          <caption className={classes.visuallyHidden}>{props.label}</caption>
          <Table.Thead>
            <Table.Tr>
              {visible.map((c) => {
                const sortable = c.sortable !== false;
                return (
                  <Table.Th
                    key={c.id}
                    scope="col"
                    aria-sort={sortable ? ariaSort(state.sorting, c.id) : undefined}
                    data-sortable={sortable || undefined}
                    data-sticky-end={c.keepInView || undefined}
                    style={{ textAlign: columnAlign(c), width: c.width }}
                  >
                    {sortable ? (
                      <SortHeader
                        header={c.header}
                        columnId={c.id}
                        sorting={state.sorting}
                        onSort={() =>
                          state.setSorting(nextSorting(state.sorting, c.id, props.multiSort ?? false))
                        }
                      />
                    ) : (
                      c.header
                    )}
                  </Table.Th>
                );
              })}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody className={props.loading && rows.length > 0 ? classes.stale : undefined}>
            {rows.length === 0 ? (
              <Table.Tr>
                <Table.Td colSpan={visible.length} className={classes.empty}>
                  {props.error && !props.loading ? (
                    <Alert color="red" role="alert" icon={<CircleAlert size={18} aria-hidden />}>
                      {props.error}
                    </Alert>
                  ) : props.loading ? (
                    <Group justify="center" gap="xs">
                      <Loader size="sm" />
                      <span>{t('table.loading')}</span>
                    </Group>
                  ) : (
                    (props.emptyText ?? t('table.empty'))
                  )}
                </Table.Td>
              </Table.Tr>
            ) : (
              rows.map((row) => (
                <BodyRow
                  key={props.rowKey ? props.rowKey(row) : positions.get(row)}
                  row={row}
                  columns={visible}
                  link={props.rowLink?.(row)}
                  linkColumn={linkColumn}
                  hover={Boolean(props.rowLink)}
                  words={words}
                  onOpen={openRow}
                />
              ))
            )}
          </Table.Tbody>
        </Table>
      </CardsBox>
      {pageSize !== null && filteredCount > 0 && (
        <Group justify="space-between" mt="sm" gap="sm">
          <Text size="sm" c="dimmed" aria-live="polite">
            {filteredCount > 0 &&
              (server && props.totalIsLowerBound
                ? t('table.rangeAtLeast', { from, to, total: formatInteger(filteredCount) })
                : t('table.range', { from, to, total: filteredCount }))}
          </Text>
          <TablePagination page={page} pageCount={pageCount} onChange={state.setPage} />
        </Group>
      )}
    </div>
  );
}

interface BodyRowProps<T> {
  row: T;
  columns: readonly Column<T>[];
  link: string | undefined;
  linkColumn: string | undefined;
  hover: boolean;
  words: { yes: string; no: string };
  onOpen: (event: MouseEvent<HTMLTableRowElement>, link: string) => void;
}

/**
 * A row of the table's body: a plain `<tr>` and `<td>`s with Mantine's own classes and data attributes (those
 * `Table.Tr` and `Table.Td` give them under `<Table striped>`), the same markup at a fraction of the work: a
 * cell was three components (the kit's, Mantine's, its `Box`: props, context and styles each), a page some
 * 300, the list's first render on a phone. Memoised: when a screen's other reads land (a count, totals) the
 * table renders again with the same rows, which then stay as they are.
 */
const BodyRow = memo(function BodyRow<T>(props: BodyRowProps<T>) {
  const { row, link, words, onOpen } = props;
  return (
    <tr
      className={link ? `${ROW_CLASS} ${classes.linkRow}` : ROW_CLASS}
      data-with-row-border
      data-striped="odd"
      data-hover={props.hover || undefined}
      onClick={link ? (event) => onOpen(event, link) : undefined}
    >
      {props.columns.map((c) => {
        const content = c.cell ? c.cell(row) : displayValue(cellValue(c, row), c.type, words);
        return (
          <td
            key={c.id}
            className={CELL_CLASS}
            // The card layout's "label: value" (Cards.module.css), as `CardCell` gives it.
            data-label={c.header || undefined}
            data-sticky-end={c.keepInView || undefined}
            style={{ textAlign: columnAlign(c) }}
          >
            {link && c.id === props.linkColumn ? (
              <Anchor component={Link} to={link}>
                {content}
              </Anchor>
            ) : (
              content
            )}
          </td>
        );
      })}
    </tr>
  );
}) as <T>(props: BodyRowProps<T>) => ReactNode;
