import { afterEach, describe, expect, it } from 'vitest';
import { hasUnexpiredSession, storeToken, TOKEN_DATA_KEY, TOKEN_KEY } from '../session/token-storage';
import { startsOnLogin } from './Boot';

const base64url = (value: unknown) =>
  btoa(JSON.stringify(value)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
const tokenFor = (payload: unknown) => `${base64url({ alg: 'HS256' })}.${base64url(payload)}.signature`;
const payload = {
  exp: Math.floor(Date.now() / 1000) + 3600,
  ver: 1,
  user: { id: 3, username: 'henri', role: 'host' },
};

afterEach(() => localStorage.clear());

describe('the first visit', () => {
  it('starts on the login form at /login, and at the root without a session', () => {
    expect(startsOnLogin({ pathname: '/login', search: '' })).toBe(true);
    expect(startsOnLogin({ pathname: '/', search: '' })).toBe(true);
    expect(startsOnLogin({ pathname: '/account', search: '' })).toBe(false);
    expect(startsOnLogin({ pathname: '/login', search: '?token=abc' })).toBe(false);
    storeToken(tokenFor(payload));
    expect(startsOnLogin({ pathname: '/', search: '' })).toBe(false);
    expect(startsOnLogin({ pathname: '/login/', search: '' })).toBe(true);
  });

  it('stores the token and its payload where the app’s session reads them', () => {
    const token = tokenFor(payload);
    expect(storeToken(token)).toBe(true);
    expect(localStorage.getItem(TOKEN_KEY)).toBe(token);
    expect(JSON.parse(localStorage.getItem(TOKEN_DATA_KEY) ?? 'null')).toEqual(payload);
    expect(hasUnexpiredSession()).toBe(true);
    expect(hasUnexpiredSession((payload.exp + 1) * 1000)).toBe(false);
    expect(storeToken('not a token')).toBe(false);
  });
});
