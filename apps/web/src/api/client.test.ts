import { accountApi, activationApi, authApi, providersApi } from '@sejour/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { session } from '../session/session';
import { ApiError, call, callList } from './client';

/** The network is the boundary: a fake `fetch` answers one envelope and records the requests. */
function answer(status: number, body: unknown) {
  return vi
    .spyOn(globalThis, 'fetch')
    .mockImplementation(
      async () =>
        new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } }),
    );
}

afterEach(() => {
  vi.restoreAllMocks();
  localStorage.clear();
});

describe('call', () => {
  it('builds the URL from the contract’s path and params, sends the body, answers the data', async () => {
    const fetch = answer(200, { success: true, data: 'the-token' });
    const token = await call(activationApi.activate, { params: { id: 42 }, body: { password: 'secret-42' } });
    expect(token).toBe('the-token');
    const [url, init] = fetch.mock.calls[0] ?? [];
    expect(url).toBe('/api/users/42/activate-account');
    expect(init?.method).toBe('POST');
    expect(init?.body).toBe(JSON.stringify({ password: 'secret-42' }));
  });

  it('a write without a body sends an empty JSON object; a read sends none', async () => {
    const fetch = answer(200, { success: true, data: null });
    await call(activationApi.askActivation, { params: { id: 3 } });
    expect(fetch.mock.calls[0]?.[1]?.body).toBe('{}');
    await call(authApi.me);
    expect(fetch.mock.calls[1]?.[1]?.body).toBeUndefined();
  });

  it('callList: the query string from the query, the rows and the meta', async () => {
    const meta = { total: 31, limit: 10, offset: 20 };
    const fetch = answer(200, { success: true, data: [], meta });
    const page = await callList(providersApi.list, {
      query: { archived: true, q: 'lac', limit: 10, offset: 20, sort: undefined },
    });
    expect(page).toEqual({ data: [], meta });
    expect(fetch.mock.calls[0]?.[0]).toBe('/api/users?archived=true&q=lac&limit=10&offset=20');
  });
});

describe('ApiError', () => {
  it('carries the envelope’s code, message and field errors', async () => {
    answer(409, {
      success: false,
      code: 'username_taken',
      message: 'Ce nom d’utilisateur est déjà utilisé.',
      errors: { username: 'Ce nom d’utilisateur est déjà utilisé.' },
    });
    const error = await call(accountApi.updateSelf, { body: { username: 'x', email: 'x@y.fr' } }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      code: 'username_taken',
      status: 409,
      errors: { username: expect.any(String) },
    });
  });

  it('a code outside the catalogue becomes internal_error; an unreachable server network_error', async () => {
    answer(502, { success: false, code: 'bad_gateway', message: 'Bad gateway' });
    expect(await call(authApi.me).catch((e: ApiError) => e.code)).toBe('internal_error');
    vi.restoreAllMocks();
    vi.spyOn(globalThis, 'fetch').mockRejectedValue(new TypeError('Failed to fetch'));
    expect(await call(authApi.me).catch((e: ApiError) => e.code)).toBe('network_error');
  });

  it('an invalid session logs out', async () => {
    const clear = vi.spyOn(session, 'clear');
    answer(401, { success: false, code: 'token_invalid', message: 'Votre session n’est pas valide.' });
    await call(authApi.me).catch(() => undefined);
    expect(clear).toHaveBeenCalled();
  });
});
