import { afterEach, describe, expect, it, vi } from 'vitest';
import { earlyReads } from '../api/early-requests';
import { declarationsKeys } from '../declarations/api';
import { establishmentsKeys } from '../establishments/api';
import { homeKeys } from '../home/api';
import { announceSessionChange } from '../session/token-storage';
import { meQueryKey } from '../session/useMe';
import { DEFAULT_PAGE_SIZE } from '../ui/constants';
import { queryClient } from './query-client';
import { preloadFirstVisit } from './router';

const base64url = (value: unknown) =>
  btoa(JSON.stringify(value)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');

function signIn(role: string) {
  const payload = { exp: Math.floor(Date.now() / 1000) + 3600, ver: 1, user: { id: 3, username: 'h', role } };
  localStorage.setItem('token', `${base64url({ alg: 'HS256' })}.${base64url(payload)}.signature`);
  localStorage.setItem('tokendata', JSON.stringify(payload));
  announceSessionChange();
}

function answerEveryRead() {
  return vi.spyOn(globalThis, 'fetch').mockImplementation(
    async () =>
      new Response(JSON.stringify({ success: true, data: { id: 42 } }), {
        headers: { 'Content-Type': 'application/json' },
      }),
  );
}

const requested = (fetch: ReturnType<typeof answerEveryRead>) =>
  fetch.mock.calls.map(([url]) => String(url)).sort();
const cached = () =>
  queryClient
    .getQueryCache()
    .getAll()
    .map((query) => query.queryKey);

afterEach(() => {
  vi.restoreAllMocks();
  queryClient.clear();
  localStorage.clear();
  announceSessionChange();
});

describe('a first visit’s reads', () => {
  it('start in the query cache before the first render, as the early requests asked for them', async () => {
    signIn('host');
    const fetch = answerEveryRead();
    await preloadFirstVisit('/home');
    expect(cached()).toEqual(expect.arrayContaining([establishmentsKeys.own, meQueryKey, homeKeys.host]));
    // The same addresses the entry asked for before the app arrived: the client takes those answers.
    expect(requested(fetch)).toEqual(
      earlyReads('/home', 'host')
        .map(({ url }) => url)
        .sort(),
    );
  });

  it('follow the route’s parameters and the person’s role', async () => {
    signIn('admin');
    const fetch = answerEveryRead();
    await preloadFirstVisit('/declarations/42');
    expect(cached()).toEqual([declarationsKeys.detail(42)]);
    expect(requested(fetch)).toEqual(earlyReads('/declarations/42', 'admin').map(({ url }) => url));

    queryClient.clear();
    await preloadFirstVisit('/home');
    expect(cached()).toEqual([meQueryKey]);
    queryClient.clear();
    await preloadFirstVisit('/declarations/new');
    expect(cached()).toEqual([]);
  });

  it('follow the address’s query string: an admin’s list of declarations as filtered, sorted and paged', async () => {
    signIn('admin');
    answerEveryRead();
    await preloadFirstVisit('/declarations?year=2026&sort=totalAmount:asc&page=3');
    const listed = {
      year: '2026',
      sort: 'totalAmount:asc',
      limit: DEFAULT_PAGE_SIZE,
      offset: 2 * DEFAULT_PAGE_SIZE,
    };
    expect(cached()).toEqual(
      expect.arrayContaining([
        ['declarations', listed],
        ['declarations', 'total', { year: '2026' }],
        declarationsKeys.totals({ year: '2026' }),
      ]),
    );

    // Another tab reads nothing first; a host sent to an admin's screen reads nothing.
    queryClient.clear();
    await preloadFirstVisit('/declarations?vue=missing');
    expect(cached().filter(([key]) => key === 'declarations')).toEqual([]);
    queryClient.clear();
    signIn('host');
    await preloadFirstVisit('/declarations');
    expect(cached().filter(([key]) => key === 'declarations')).toEqual([]);
  });

  it('are not started without a session', async () => {
    const fetch = answerEveryRead();
    await preloadFirstVisit('/home');
    expect(fetch).not.toHaveBeenCalled();
    expect(cached()).toEqual([]);
  });
});
