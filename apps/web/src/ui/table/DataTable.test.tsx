import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { currentUrl, renderUi } from '../../../test/render';
import type { Column } from './columns';
import { DataTable } from './DataTable';
import { useTableState } from './useTableState';

interface Row {
  id: number;
  name: string;
  city: string;
  nights: number;
}

const rows: Row[] = Array.from({ length: 25 }, (_, i) => ({
  id: i + 1,
  name: `Hôtel ${String(i + 1).padStart(2, '0')}`,
  city: i % 2 ? 'Metz' : 'Épinal',
  nights: (i * 7) % 10,
}));

const columns: Column<Row>[] = [
  { id: 'name', header: 'Nom' },
  { id: 'city', header: 'Ville' },
  { id: 'nights', header: 'Nuitées', type: 'number' },
  { id: 'id', header: 'Numéro', optional: true, hidden: true },
];

const header = (name: string) => screen.getByRole('columnheader', { name: new RegExp(`^${name}`) });
const bodyRows = () => within(screen.getAllByRole('rowgroup')[1]!).getAllByRole('row');
const firstCells = () => bodyRows().map((r) => within(r).getAllByRole('cell')[0]?.textContent);

afterEach(() => vi.restoreAllMocks());

describe('DataTable', () => {
  it('says "Missing table options columns" without columns', () => {
    renderUi(<DataTable label="Vide" columns={[]} data={rows} />);
    expect(screen.getByText('Missing table options columns')).toBeInTheDocument();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('says "Aucune données" without rows, or the given text', () => {
    const { rerender } = renderUi(<DataTable label="T" columns={columns} data={[]} />);
    expect(screen.getByRole('cell', { name: 'Aucune données' })).toBeInTheDocument();
    rerender(<DataTable label="T" columns={columns} data={[]} emptyText="Aucun hébergeur" />);
    expect(screen.getByRole('cell', { name: 'Aucun hébergeur' })).toBeInTheDocument();
  });

  it('shows why the rows could not be read instead of "Aucune données"', () => {
    renderUi(
      <DataTable
        label="T"
        columns={columns}
        data={undefined}
        error="Impossible de se connecter au serveur"
      />,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('Impossible de se connecter au serveur');
    expect(screen.queryByText('Aucune données')).toBeNull();
  });

  it('shows 10 rows a page by default, all of them when the page size is null', () => {
    const { unmount } = renderUi(<DataTable label="T" columns={columns} data={rows} />);
    expect(bodyRows()).toHaveLength(10);
    expect(screen.getByText('1–10 sur 25')).toBeInTheDocument();
    unmount();
    renderUi(<DataTable label="T" columns={columns} data={rows} pageSize={null} />);
    expect(bodyRows()).toHaveLength(25);
    expect(screen.queryByRole('navigation', { name: 'Pagination' })).toBeNull();
  });

  it('pages with "Prec." / "Suiv." and page buttons, in the URL', async () => {
    const user = userEvent.setup();
    renderUi(<DataTable label="T" columns={columns} data={rows} />);
    const nav = screen.getByRole('navigation', { name: 'Pagination' });
    expect(within(nav).getByRole('button', { name: 'Prec.' })).toBeDisabled();
    await user.click(within(nav).getByRole('button', { name: 'Suiv.' }));
    expect(currentUrl()).toBe('/?page=2');
    expect(firstCells()[0]).toBe('Hôtel 11');
    await user.click(within(nav).getByRole('button', { name: 'Page 3' }));
    expect(bodyRows()).toHaveLength(5);
    expect(within(nav).getByRole('button', { name: 'Page 3' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('button', { name: 'Suiv.' })).toBeDisabled();
  });

  it('jumps 5 pages with an ellipsis', async () => {
    const user = userEvent.setup();
    const many = Array.from({ length: 200 }, (_, i) => ({ ...rows[0]!, id: i, name: `H${i}` }));
    renderUi(<DataTable label="T" columns={columns} data={many} />, { url: '/?page=10' });
    await user.click(screen.getByRole('button', { name: 'Avancer de 5 pages (page 15)' }));
    expect(currentUrl()).toBe('/?page=15');
    await user.click(screen.getByRole('button', { name: 'Reculer de 5 pages (page 10)' }));
    expect(currentUrl()).toBe('/?page=10');
  });

  it('sorts: ascending, descending, ascending again without multi-sort', async () => {
    const user = userEvent.setup();
    renderUi(<DataTable label="T" columns={columns} data={rows} pageSize={null} />);
    const name = () => within(header('Nom')).getByRole('button');
    expect(header('Nom')).toHaveAttribute('aria-sort', 'none');
    await user.click(name());
    expect(header('Nom')).toHaveAttribute('aria-sort', 'ascending');
    expect(firstCells()[0]).toBe('Hôtel 01');
    expect(currentUrl()).toBe('/?sort=name%3Aasc');
    await user.click(name());
    expect(header('Nom')).toHaveAttribute('aria-sort', 'descending');
    expect(firstCells()[0]).toBe('Hôtel 25');
    await user.click(name());
    expect(header('Nom')).toHaveAttribute('aria-sort', 'ascending');
    await user.click(within(header('Ville')).getByRole('button'));
    expect(header('Nom')).toHaveAttribute('aria-sort', 'none');
    expect(header('Ville')).toHaveAttribute('aria-sort', 'ascending');
    // French collation: "Épinal" before "Metz".
    expect(bodyRows()[0]).toHaveTextContent('Épinal');
  });

  it('multi-sort: columns add up; the third click removes one', async () => {
    const user = userEvent.setup();
    renderUi(<DataTable label="T" columns={columns} data={rows} pageSize={null} multiSort />);
    await user.click(within(header('Ville')).getByRole('button'));
    await user.click(within(header('Nuitées')).getByRole('button'));
    await user.click(within(header('Nuitées')).getByRole('button'));
    expect(currentUrl()).toBe('/?sort=city%3Aasc%2Cnights%3Adesc');
    expect(header('Ville')).toHaveAttribute('aria-sort', 'ascending');
    expect(header('Nuitées')).toHaveAttribute('aria-sort', 'descending');
    const cells = bodyRows().map((r) =>
      within(r)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    );
    expect(cells[0]?.slice(1)).toEqual(['Épinal', '8']);
    await user.click(within(header('Nuitées')).getByRole('button'));
    expect(header('Nuitées')).toHaveAttribute('aria-sort', 'none');
    expect(currentUrl()).toBe('/?sort=city%3Aasc');
  });

  it('reads its state back from the URL (bookmark, Back)', () => {
    renderUi(<DataTable label="T" columns={columns} data={rows} />, { url: '/?sort=name%3Adesc&page=2' });
    expect(header('Nom')).toHaveAttribute('aria-sort', 'descending');
    expect(firstCells()[0]).toBe('Hôtel 15');
  });

  it('shows optional columns on demand', async () => {
    const user = userEvent.setup();
    renderUi(<DataTable label="T" columns={columns} data={rows} />);
    expect(screen.queryByRole('columnheader', { name: /Numéro/ })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Colonnes' }));
    await user.click(await screen.findByRole('checkbox', { name: 'Numéro' }));
    expect(screen.getByRole('columnheader', { name: /Numéro/ })).toBeInTheDocument();
    expect(currentUrl()).toBe('/?cols=id');
  });

  it('searches the shown values, ignoring case and accents', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderUi(<DataTable label="T" columns={columns} data={rows} searchable />);
    await user.type(screen.getByRole('searchbox', { name: 'Rechercher' }), 'epinal');
    act(() => vi.advanceTimersByTime(300));
    expect(screen.getByText('1–10 sur 13')).toBeInTheDocument();
    expect(currentUrl()).toBe('/?q=epinal');
    vi.useRealTimers();
  });

  it('opens a row through a real link, and by clicking the row', async () => {
    const user = userEvent.setup();
    renderUi(<DataTable label="T" columns={columns} data={rows} rowLink={(r) => `/users/${r.id}`} />);
    const link = screen.getByRole('link', { name: 'Hôtel 02' });
    expect(link).toHaveAttribute('href', '/users/2');
    await user.click(within(bodyRows()[3]!).getByText('Metz'));
    expect(currentUrl()).toBe('/users/4');
  });

  it('exports every row of every page as CSV', async () => {
    const user = userEvent.setup();
    let blob: Blob | undefined;
    vi.spyOn(URL, 'createObjectURL').mockImplementation((b) => {
      blob = b as Blob;
      return 'blob:csv';
    });
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      expect(this.download).toBe('data.csv');
    });
    renderUi(<DataTable label="T" columns={columns} data={rows} />);
    await user.click(screen.getByRole('button', { name: 'Exporter en CSV' }));
    // The CSV writer is loaded on the first export.
    await waitFor(() => expect(click).toHaveBeenCalledOnce());
    const text = await blob!.text();
    const buffer = new Uint8Array(await blob!.arrayBuffer());
    expect([...buffer.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = text.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]).toBe('Nom,Ville,Nuitées');
    expect(lines).toHaveLength(26);
  });
});

function ServerTable(props: { onQuery: (q: Record<string, unknown>) => void }) {
  const state = useTableState({ filters: ['year'] });
  props.onQuery(state.query);
  return (
    <DataTable
      label="Serveur"
      columns={columns}
      data={rows.slice(0, 10)}
      total={95}
      state={state}
      toolbar={
        <button type="button" onClick={() => state.setFilter('year', 2026)}>
          2026
        </button>
      }
    />
  );
}

describe('DataTable, server-side mode', () => {
  it('sends sort, page and filters as the list query; the total comes from the server', async () => {
    const user = userEvent.setup();
    const onQuery = vi.fn();
    renderUi(<ServerTable onQuery={onQuery} />, { url: '/?page=3' });
    expect(onQuery).toHaveBeenLastCalledWith(expect.objectContaining({ limit: 10, offset: 20 }));
    expect(screen.getByText('21–30 sur 95')).toBeInTheDocument();
    // The rows are shown as given, not sorted or paged again.
    expect(firstCells()[0]).toBe('Hôtel 01');
    await user.click(within(header('Nom')).getByRole('button'));
    expect(onQuery).toHaveBeenLastCalledWith(expect.objectContaining({ sort: 'name:asc', offset: 0 }));
    expect(firstCells()[0]).toBe('Hôtel 01');
    await user.click(screen.getByRole('button', { name: '2026' }));
    expect(onQuery).toHaveBeenLastCalledWith({
      year: '2026',
      sort: 'name:asc',
      limit: 10,
      offset: 0,
      q: undefined,
    });
    fireEvent.click(screen.getByRole('button', { name: 'Page 10' }));
    expect(onQuery).toHaveBeenLastCalledWith(expect.objectContaining({ offset: 90 }));
  });

  it('says "plus de" when the server stopped counting, and pages up to what it counted', () => {
    const page = rows.slice(0, 10);
    renderUi(<DataTable label="Serveur" columns={columns} data={page} total={10000} totalIsLowerBound />, {
      url: '/?page=2',
    });
    // The thousands separator is a narrow no-break space, which the matcher normalises to a space.
    expect(screen.getByText('11–20 sur plus de 10 000')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Page 1000' })).toBeInTheDocument();
  });
});
