import { describe, expect, it } from 'vitest';
import { arrivingTokenAction } from './arriving-token';
import { searchWithoutToken } from './token-param';

/** An unsigned token with this payload: the page reads payloads only, the server checks signatures. */
function tokenOf(payload: object): string {
  const part = (value: object) =>
    btoa(JSON.stringify(value)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
  return `${part({ alg: 'HS256', typ: 'JWT' })}.${part(payload)}.c2lnbmF0dXJl`;
}

const exp = Math.floor(Date.now() / 1000) + 3600;
const henri = { exp, ver: 0, user: { id: 7, username: 'henri', role: 'host' } };
const henriToken = tokenOf(henri);
const opened = { token: henriToken, user: henri.user, loggedIn: true };

describe('a token found in the address', () => {
  it('with no session open, is stored', () => {
    const token = tokenOf({ ...henri, user: { id: 9, username: 'zoe', role: 'host' } });
    expect(arrivingTokenAction(token, { token: null, user: null, loggedIn: false })).toEqual({
      action: 'store',
    });
    expect(arrivingTokenAction(token, { ...opened, loggedIn: false })).toEqual({ action: 'store' });
  });

  it('of the person signed in (a newer token), is stored; the very token in use changes nothing', () => {
    expect(arrivingTokenAction(tokenOf({ ...henri, exp: exp + 60 }), opened)).toEqual({ action: 'store' });
    expect(arrivingTokenAction(henriToken, opened)).toEqual({ action: 'none' });
  });

  it('of another person, while one is signed in, is asked about, naming both', () => {
    const zoe = tokenOf({ ...henri, user: { id: 9, username: 'zoe', role: 'admin' } });
    expect(arrivingTokenAction(zoe, opened)).toEqual({ action: 'ask', current: 'henri', next: 'zoe' });
  });

  it('of an e-mail link (a purpose), is stored as before, whoever is signed in', () => {
    const link = tokenOf({
      ...henri,
      purpose: 'reset',
      jti: 'x',
      user: { id: 9, username: 'zoe', role: 'host' },
    });
    expect(arrivingTokenAction(link, opened)).toEqual({ action: 'store' });
  });

  it('that is no token, or names nobody, leaves the open session alone', () => {
    expect(arrivingTokenAction('pas-un-jeton', opened)).toEqual({ action: 'keep' });
    expect(arrivingTokenAction(tokenOf({ exp }), opened)).toEqual({ action: 'keep' });
  });
});

describe('the address without its token', () => {
  it('keeps the other parameters', () => {
    expect(searchWithoutToken('?token=abc')).toBe('');
    expect(searchWithoutToken('?year=2026&token=abc&tab=2')).toBe('?year=2026&tab=2');
  });
});
