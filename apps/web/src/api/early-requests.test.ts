import { authApi, declarationsApi, establishmentsApi, homeApi, pathOf, pricingsApi } from '@sejour/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { announceSessionChange } from '../session/token-storage';
import { buildUrl, call, callList } from './client';
import { earlyReads, monthReads, startEarlyRequests, takeEarlyResponse } from './early-requests';

const HOST_TOKEN = `x.${btoa(JSON.stringify({ user: { id: 3, username: 'h', role: 'host' } }))}.y`;

function signIn(role: string) {
  localStorage.setItem('token', HOST_TOKEN);
  localStorage.setItem(
    'tokendata',
    JSON.stringify({ exp: 9e9, ver: 1, user: { id: 3, username: 'h', role } }),
  );
  announceSessionChange();
}

const ok = (data: unknown) =>
  new Response(JSON.stringify({ success: true, data }), { headers: { 'Content-Type': 'application/json' } });

afterEach(() => {
  vi.restoreAllMocks();
  localStorage.clear();
});

describe('earlyReads', () => {
  it('lists the reads the screens make first, written as the client writes them', () => {
    // Should a screen change what it asks for, its early read would go unused: these tie both together.
    const urls = (pathname: string, role: string) => earlyReads(pathname, role).map(({ url }) => url);
    expect(urls('/home', 'host')).toEqual([
      buildUrl(establishmentsApi.list.path, { sort: 'name:asc', limit: 500 }),
      buildUrl(authApi.me.path),
      buildUrl(homeApi.host.path),
    ]);
    expect(urls('/declarations/42/', 'admin')).toEqual([
      buildUrl(pathOf(declarationsApi.get.path, { id: 42 })),
    ]);
    expect(urls('/declarations', 'admin')).toEqual([]);
    expect(urls('/declarations/forfait/new', 'host')).toEqual([
      buildUrl(establishmentsApi.list.path, { sort: 'name:asc', limit: 500 }),
    ]);
  });
});

describe('early requests', () => {
  it('are taken by the client once, with the session they were sent with', async () => {
    signIn('host');
    const fetch = vi.spyOn(globalThis, 'fetch').mockImplementation(async () => ok({ id: 3 }));
    startEarlyRequests('/home');
    expect(fetch).toHaveBeenCalledTimes(3);
    expect(fetch.mock.calls[1]?.[1]?.headers).toMatchObject({ Authorization: HOST_TOKEN });

    await expect(call(authApi.me)).resolves.toEqual({ id: 3 });
    expect(fetch).toHaveBeenCalledTimes(3);
    // Once only: a later read asks the server again.
    await call(authApi.me);
    expect(fetch).toHaveBeenCalledTimes(4);
    await callList(establishmentsApi.list, { query: { sort: 'name:asc', limit: 500 } });
    expect(fetch).toHaveBeenCalledTimes(4);
  });

  it('are not taken for another session, and not started without one', () => {
    vi.spyOn(globalThis, 'fetch').mockImplementation(async () => ok(null));
    startEarlyRequests('/home');
    expect(globalThis.fetch).not.toHaveBeenCalled();
    signIn('host');
    startEarlyRequests('/home');
    expect(takeEarlyResponse(buildUrl(homeApi.host.path), 'another-token')).toBeUndefined();
    expect(takeEarlyResponse(buildUrl(homeApi.host.path), HOST_TOKEN)).toBeUndefined();
  });

  it("start the month's pricing and deliberation once a declaration's answer arrives, as the screen asks", async () => {
    signIn('admin');
    const fetch = vi
      .spyOn(globalThis, 'fetch')
      .mockImplementation(async (url) =>
        String(url).startsWith('/api/declarations/42')
          ? ok({ id: 42, year: 2026, month: 3, regime: 'REEL' })
          : ok({}),
      );
    startEarlyRequests('/declarations/42');
    await expect(call(declarationsApi.get, { params: { id: 42 } })).resolves.toMatchObject({ month: 3 });
    const month = { year: 2026, month: 3 };
    expect(fetch.mock.calls.map(([url]) => url)).toEqual([
      buildUrl(pathOf(declarationsApi.get.path, { id: 42 })),
      buildUrl(pricingsApi.inForce.path, month),
      buildUrl(declarationsApi.deliberation.path, month),
    ]);
    await call(pricingsApi.inForce, { query: month });
    await call(declarationsApi.deliberation, { query: month });
    expect(fetch).toHaveBeenCalledTimes(3);
    // Au forfait, or an answer that is not a declaration: nothing more.
    expect(monthReads({ year: 2026, month: 3, regime: 'FORFAIT' })).toEqual([]);
    expect(monthReads(null)).toEqual([]);
  });
});
