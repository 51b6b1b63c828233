import { QueryClient } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderUi } from '../../../test/render';
import type { Column } from './columns';
import { DataTable } from './DataTable';
import { type ListParams, prefetchServerList, useServerList } from './useServerList';

interface Person {
  id: number;
  username: string;
}

const people: Person[] = Array.from({ length: 23 }, (_, i) => ({ id: i + 1, username: `user${i + 1}` }));
const columns: Column<Person>[] = [{ id: 'username', header: 'Identifiant' }];

/** The query as a query string, to read what the table asked for. */
function asText(query: ListParams | undefined): string {
  const entries = Object.entries(query ?? {}).filter(([, v]) => v !== undefined && v !== null && v !== '');
  return new URLSearchParams(entries.map(([k, v]) => [k, String(v)])).toString();
}

/** A list fetcher over `people`, as a feature provides one: like the API, `total=false` skips the count. */
const fetchPeople = vi.fn(async (query: ListParams) => {
  const limit = Number(query.limit ?? 10);
  const offset = Number(query.offset ?? 0);
  const sorted = query.sort === 'username:desc' ? [...people].reverse() : people;
  const total = query.total === false ? null : people.length;
  return { data: sorted.slice(offset, offset + limit), meta: { total, limit, offset } };
});

/** What the table asked for so far, as query strings. */
function asked(): string[] {
  return fetchPeople.mock.calls.map(([query]) => asText(query));
}

const PEOPLE_LIST = { params: { archived: false } };

function People() {
  const list = useServerList<Person>('users', fetchPeople, { ...PEOPLE_LIST, csvFileName: 'hebergeurs' });
  return (
    <DataTable label="Hébergeurs" columns={columns} {...list.tableProps} rowLink={(p) => `/users/${p.id}`} />
  );
}

afterEach(() => vi.restoreAllMocks());

describe('useServerList', () => {
  it('asks the API for the page, sort and filters of the URL, and counts the total once per filters', async () => {
    const user = userEvent.setup();
    fetchPeople.mockClear();
    renderUi(<People />, { url: '/users?page=2' });
    expect(await screen.findByRole('link', { name: 'user11' })).toBeInTheDocument();
    expect(await screen.findByText('11–20 sur 23')).toBeInTheDocument();
    expect(asked().sort()).toEqual([
      'archived=false&limit=1&offset=0',
      'archived=false&limit=10&offset=10&total=false',
    ]);
    await user.click(within(screen.getByRole('columnheader')).getByRole('button'));
    await user.click(within(screen.getByRole('columnheader')).getByRole('button'));
    expect(await screen.findByRole('link', { name: 'user23' })).toBeInTheDocument();
    expect(asked().at(-1)).toBe('archived=false&sort=username%3Adesc&limit=10&offset=0&total=false');
    // Sorting changed the page, not the set of rows: nothing was counted again.
    expect(asked().filter((query) => !query.includes('total=false'))).toHaveLength(1);
    expect(screen.getByText('1–10 sur 23')).toBeInTheDocument();
  });

  it('takes the reads a first visit started from the address before it rendered, asking each once', async () => {
    fetchPeople.mockClear();
    // As the app's cache: an answer stays fresh a while, so a screen mounting on it does not ask again.
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: 30_000 } } });
    const started = prefetchServerList(
      queryClient,
      'users',
      fetchPeople,
      PEOPLE_LIST,
      new URLSearchParams('page=2&sort=username:desc'),
    );
    expect(started).toEqual({ archived: false, sort: 'username:desc', limit: 10, offset: 10 });
    renderUi(<People />, { url: '/users?page=2&sort=username:desc', queryClient });
    expect(await screen.findByRole('link', { name: 'user13' })).toBeInTheDocument();
    expect(await screen.findByText('11–20 sur 23')).toBeInTheDocument();
    expect(asked().sort()).toEqual([
      'archived=false&limit=1&offset=0',
      'archived=false&sort=username%3Adesc&limit=10&offset=10&total=false',
    ]);
  });

  it('exports every page to CSV', async () => {
    const user = userEvent.setup();
    fetchPeople.mockClear();
    let blob: Blob | undefined;
    vi.spyOn(URL, 'createObjectURL').mockImplementation((b) => {
      blob = b as Blob;
      return 'blob:csv';
    });
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    renderUi(<People />);
    await screen.findByRole('link', { name: 'user1' });
    await user.click(screen.getByRole('button', { name: 'Exporter en CSV' }));
    await waitFor(() => expect(click).toHaveBeenCalled());
    expect(asked().at(-1)).toBe('archived=false&limit=500&offset=0&total=false');
    const lines = (await blob!.text()).split('\r\n');
    expect(lines).toHaveLength(24);
    // Blob.text() decodes the byte order mark away: it is there in the bytes.
    expect([...new Uint8Array(await blob!.arrayBuffer()).slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(lines[0]).toBe('Identifiant');
    expect((click.mock.contexts[0] as HTMLAnchorElement).download).toBe('hebergeurs.csv');
  });
});
