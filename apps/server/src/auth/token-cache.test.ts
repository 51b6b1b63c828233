import { describe, expect, it } from 'vitest';
import { createVerifiedTokenCache } from './token-cache';
import { createTokenService } from './tokens';

describe('verified token cache', () => {
  it('keeps at most maxEntries, forgetting the least recently used first', () => {
    const cache = createVerifiedTokenCache<number>({ maxEntries: 2, maxAgeMs: 60_000 });
    cache.set('a', 1, 1e12, 0);
    cache.set('b', 2, 1e12, 0);
    expect(cache.get('a', 1)).toBe(1); // 'b' is now the least recently used
    cache.set('c', 3, 1e12, 1);
    expect(cache.size).toBe(2);
    expect(cache.get('b', 2)).toBeUndefined();
    expect(cache.get('a', 2)).toBe(1);
    expect(cache.get('c', 2)).toBe(3);
  });

  it('forgets an entry after maxAgeMs, or at the token’s own expiry when sooner', () => {
    const cache = createVerifiedTokenCache<string>({ maxEntries: 10, maxAgeMs: 60_000 });
    cache.set('long', 'x', 1e12, 0);
    cache.set('short', 'y', 5_000, 0);
    expect(cache.get('long', 59_999)).toBe('x');
    expect(cache.get('long', 60_000)).toBeUndefined();
    expect(cache.get('short', 4_999)).toBe('y');
    expect(cache.get('short', 5_000)).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('remembers nothing when turned off', () => {
    const cache = createVerifiedTokenCache<number>({ maxEntries: 0, maxAgeMs: 60_000 });
    cache.set('a', 1, 1e12, 0);
    expect(cache.get('a', 0)).toBeUndefined();
  });
});

describe('token service with the cache', () => {
  const user = { id: 7, username: 'claire', role: 'host' as const, tokenVersion: 3 };

  it('answers a remembered token’s claims, then token_expired once the token expires', async () => {
    let now = Date.parse('2026-03-15T10:00:00Z');
    const tokens = createTokenService({
      secret: 's'.repeat(40),
      sessionTtlSeconds: 30,
      now: () => new Date(now),
    });
    const token = await tokens.sign(user);
    const first = await tokens.verify(token, 'session');
    expect(first).toMatchObject({ user: { id: 7 }, ver: 3, purpose: 'session' });
    expect(await tokens.verify(token, 'session')).toBe(first);
    now += 31_000;
    await expect(tokens.verify(token, 'session')).rejects.toMatchObject({ code: 'token_expired' });
  });

  it('does not answer a remembered session token for a link purpose', async () => {
    const now = Date.parse('2026-03-15T10:00:00Z');
    const tokens = createTokenService({
      secret: 's'.repeat(40),
      sessionTtlSeconds: 3600,
      now: () => new Date(now),
    });
    const token = await tokens.sign(user);
    await tokens.verify(token, 'session');
    await expect(tokens.verify(token, 'reset')).rejects.toMatchObject({ code: 'link_invalid' });
  });
});
