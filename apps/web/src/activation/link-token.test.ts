import { describe, expect, it } from 'vitest';
import { isLinkToken, readLinkToken } from './link-token';

function token(payload: object) {
  const part = (value: object) =>
    btoa(JSON.stringify(value)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
  return `${part({ alg: 'HS256', typ: 'JWT' })}.${part(payload)}.c2ln`;
}
const now = Date.UTC(2026, 2, 15, 10, 0, 0);
const exp = now / 1000 + 3600;
const user = { id: 7, username: 'rosalie', role: 'host' };

describe('reading a link’s token', () => {
  it('gives the account of a link of the right purpose', () => {
    const t = token({ user, ver: 0, purpose: 'reset', jti: 'j', exp });
    expect(readLinkToken(t, 'reset', now)).toEqual({ ok: true, token: t, userId: 7, username: 'rosalie' });
  });

  it('tells an expired link, another purpose, a session and garbage apart', () => {
    expect(readLinkToken(token({ user, ver: 0, purpose: 'reset', exp: now / 1000 }), 'reset', now)).toEqual({
      ok: false,
      problem: 'expired',
    });
    expect(readLinkToken(token({ user, ver: 0, purpose: 'activate', exp }), 'reset', now)).toMatchObject({
      problem: 'invalid',
    });
    expect(readLinkToken(token({ user, ver: 0, exp }), 'reset', now)).toMatchObject({ problem: 'invalid' });
    expect(readLinkToken('garbage', 'reset', now)).toMatchObject({ problem: 'invalid' });
    expect(readLinkToken(null, 'activate', now)).toMatchObject({ problem: 'invalid' });
  });

  it('knows a link token from a session token', () => {
    expect(isLinkToken(token({ user, ver: 0, purpose: 'activate', exp }))).toBe(true);
    expect(isLinkToken(token({ user, ver: 0, exp }))).toBe(false);
    expect(isLinkToken('nope')).toBe(false);
  });
});
