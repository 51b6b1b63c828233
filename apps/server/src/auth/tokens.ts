import type { LinkPurpose, Role } from '@sejour/domain';
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import { AppError } from '../http/errors';
import { createVerifiedTokenCache } from './token-cache';

/** What a token is for: a session, or a one-use link sent by e-mail. */
export type TokenPurpose = 'session' | LinkPurpose;

export interface TokenClaims {
  user: { id: number; username: string; role: Role };
  ver: number;
  purpose: TokenPurpose;
  exp: number;
  iat: number;
  /** Link tokens only: the id of their `link_tokens` row, which makes them single-use. */
  jti?: string;
}

/** A minute at most: long enough to spare the work on a busy session, short enough to bound the memory. */
const SESSION_CACHE = { maxEntries: 10_000, maxAgeMs: 60_000 };

type TokenUser = { id: number; username: string; role: Role; tokenVersion: number };

export interface TokenService {
  /** A session token (lifetime `TOKEN_TTL`). */
  sign(user: TokenUser, ttlSeconds?: number): Promise<string>;
  /** A link token: the caller records `jti` in `link_tokens` (src/account/link-tokens.ts). */
  signLink(user: TokenUser, link: { purpose: LinkPurpose; jti: string; expiresAt: Date }): Promise<string>;
  /**
   * Verifies signature, expiry and purpose; throws `token_expired` or `token_invalid` — for a link
   * purpose, `link_expired` or `link_invalid`, which the link pages explain.
   */
  verify(token: string, purpose: TokenPurpose): Promise<TokenClaims>;
}

export function createTokenService(options: {
  secret: string;
  sessionTtlSeconds: number;
  now: () => Date;
  /** Verified session tokens remembered (0 turns the memory off); see token-cache.ts. */
  cache?: { maxEntries: number; maxAgeMs: number };
}): TokenService {
  const key = new TextEncoder().encode(options.secret);
  const verified = createVerifiedTokenCache<TokenClaims>(options.cache ?? SESSION_CACHE);
  const claimsOf = (user: TokenUser) => ({
    user: { id: user.id, username: user.username, role: user.role },
    ver: user.tokenVersion,
  });
  return {
    async sign(user, ttlSeconds = options.sessionTtlSeconds) {
      const iat = Math.floor(options.now().getTime() / 1000);
      return new SignJWT(claimsOf(user))
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setIssuedAt(iat)
        .setExpirationTime(iat + ttlSeconds)
        .sign(key);
    },
    async signLink(user, link) {
      const iat = Math.floor(options.now().getTime() / 1000);
      return new SignJWT({ ...claimsOf(user), purpose: link.purpose })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setJti(link.jti)
        .setIssuedAt(iat)
        .setExpirationTime(Math.floor(link.expiresAt.getTime() / 1000))
        .sign(key);
    },
    async verify(token, purpose) {
      const isLink = purpose !== 'session';
      // Link tokens are single-use and rare: always verified in full.
      const nowMs = options.now().getTime();
      if (!isLink) {
        const known = verified.get(token, nowMs);
        if (known) return known;
      }
      const invalid = () => new AppError(isLink ? 'link_invalid' : 'token_invalid');
      try {
        const { payload } = await jwtVerify(token, key, {
          algorithms: ['HS256'],
          currentDate: options.now(),
          // jose checks `exp` only when present: a validly signed token without one would never expire.
          requiredClaims: ['exp'],
        });
        const claims = payload as unknown as Partial<TokenClaims>;
        const actualPurpose = claims.purpose ?? 'session';
        if (actualPurpose !== purpose || !claims.user || typeof claims.ver !== 'number') throw invalid();
        if (isLink && typeof claims.jti !== 'string') throw invalid();
        const result: TokenClaims = Object.freeze({ ...(claims as TokenClaims), purpose: actualPurpose });
        if (!isLink) verified.set(token, result, result.exp * 1000, nowMs);
        return result;
      } catch (error) {
        if (error instanceof AppError) throw error;
        if (error instanceof joseErrors.JWTExpired)
          throw new AppError(isLink ? 'link_expired' : 'token_expired');
        throw invalid();
      }
    },
  };
}

/** The token of an `Authorization` header, raw or `Bearer`. */
export function tokenFromHeader(header: string | undefined): string | undefined {
  if (!header) return undefined;
  const value = header.startsWith('Bearer ') ? header.slice(7) : header;
  return value.trim() || undefined;
}
