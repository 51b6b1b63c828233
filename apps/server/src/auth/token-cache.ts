/**
 * A bounded memory of session tokens whose signature was already verified, so a busy session does not pay
 * for an HMAC and a JSON parse on every request. It remembers only what the signature proves (the claims):
 * the caller still compares the account's token version on every request, so a revoked session is refused
 * at once. An entry lives at most `maxAgeMs` and never past the token's own `exp`, after which the full
 * verification runs again and answers `token_expired`.
 */
export interface VerifiedTokenCache<T> {
  get(token: string, nowMs: number): T | undefined;
  set(token: string, value: T, expiresAtMs: number, nowMs: number): void;
  readonly size: number;
}

export function createVerifiedTokenCache<T>(options: {
  maxEntries: number;
  maxAgeMs: number;
}): VerifiedTokenCache<T> {
  // A Map iterates in insertion order: deleting and re-inserting on a hit keeps the least recently used first.
  const entries = new Map<string, { value: T; until: number }>();
  return {
    get(token, nowMs) {
      const entry = entries.get(token);
      if (!entry) return undefined;
      entries.delete(token);
      if (nowMs >= entry.until) return undefined;
      entries.set(token, entry);
      return entry.value;
    },
    set(token, value, expiresAtMs, nowMs) {
      if (options.maxEntries <= 0) return;
      const until = Math.min(expiresAtMs, nowMs + options.maxAgeMs);
      if (until <= nowMs) return;
      entries.delete(token);
      entries.set(token, { value, until });
      while (entries.size > options.maxEntries) {
        const oldest = entries.keys().next().value as string;
        entries.delete(oldest);
      }
    },
    get size() {
      return entries.size;
    },
  };
}
