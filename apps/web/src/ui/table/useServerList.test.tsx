import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderUi } from '../../../test/render';
import type { Column } from './columns';
import { DataTable } from './DataTable';
import { type ListParams, useServerList } from './useServerList';

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

/** A list fetcher over `people`, as a feature provides one. */
const fetchPeople = vi.fn(async (query: ListParams) => {
  const limit = Number(query.limit ?? 10);
  const offset = Number(query.offset ?? 0);
  const sorted = query.sort === 'username:desc' ? [...people].reverse() : people;
  return { data: sorted.slice(offset, offset + limit), meta: { total: people.length, limit, offset } };
});

function fakeApi() {
  fetchPeople.mockClear();
  return { mock: { calls: { at: (i: number) => [asText(fetchPeople.mock.calls.at(i)?.[0])] } } };
}

function People() {
  const list = useServerList<Person>('users', fetchPeople, {
    params: { archived: false },
    csvFileName: 'hebergeurs',
  });
  return (
    <DataTable label="Hébergeurs" columns={columns} {...list.tableProps} rowLink={(p) => `/users/${p.id}`} />
  );
}

afterEach(() => vi.restoreAllMocks());

describe('useServerList', () => {
  it('asks the API for the page, sort and filters of the URL, with the total from meta', async () => {
    const user = userEvent.setup();
    const fetch = fakeApi();
    renderUi(<People />, { url: '/users?page=2' });
    expect(await screen.findByRole('link', { name: 'user11' })).toBeInTheDocument();
    expect(String(fetch.mock.calls.at(-1)?.[0])).toBe('archived=false&limit=10&offset=10');
    expect(screen.getByText('11–20 sur 23')).toBeInTheDocument();
    await user.click(within(screen.getByRole('columnheader')).getByRole('button'));
    await user.click(within(screen.getByRole('columnheader')).getByRole('button'));
    expect(await screen.findByRole('link', { name: 'user23' })).toBeInTheDocument();
    expect(String(fetch.mock.calls.at(-1)?.[0])).toBe(
      'archived=false&sort=username%3Adesc&limit=10&offset=0',
    );
  });

  it('exports every page to CSV', async () => {
    const user = userEvent.setup();
    const fetch = fakeApi();
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
    expect(String(fetch.mock.calls.at(-1)?.[0])).toBe('archived=false&limit=500&offset=0');
    const lines = (await blob!.text()).split('\r\n');
    expect(lines).toHaveLength(24);
    // Blob.text() decodes the byte order mark away: it is there in the bytes.
    expect([...new Uint8Array(await blob!.arrayBuffer()).slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(lines[0]).toBe('Identifiant');
    expect((click.mock.contexts[0] as HTMLAnchorElement).download).toBe('hebergeurs.csv');
  });
});
