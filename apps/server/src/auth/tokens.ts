import type { Role } from '@sejour/domain';
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import { AppError } from '../http/errors';

/** What a token is for: a session, or a one-use link sent by e-mail (design §5). */
export type TokenPurpose = 'session' | 'activate' | 'reset';

export interface TokenClaims {
  user: { id: number; username: string; role: Role };
  ver: number;
  purpose: TokenPurpose;
  exp: number;
  iat: number;
}

export interface TokenService {
  sign(
    user: { id: number; username: string; role: Role; tokenVersion: number },
    purpose?: TokenPurpose,
    ttlSeconds?: number,
  ): Promise<string>;
  /** Verifies signature, expiry and purpose; throws `token_expired` or `token_invalid`. */
  verify(token: string, purpose: TokenPurpose): Promise<TokenClaims>;
}

export function createTokenService(options: {
  secret: string;
  sessionTtlSeconds: number;
  now: () => Date;
}): TokenService {
  const key = new TextEncoder().encode(options.secret);
  return {
    async sign(user, purpose = 'session', ttlSeconds = options.sessionTtlSeconds) {
      const iat = Math.floor(options.now().getTime() / 1000);
      return new SignJWT({
        user: { id: user.id, username: user.username, role: user.role },
        ver: user.tokenVersion,
        ...(purpose === 'session' ? {} : { purpose }),
      })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setIssuedAt(iat)
        .setExpirationTime(iat + ttlSeconds)
        .sign(key);
    },
    async verify(token, purpose) {
      try {
        const { payload } = await jwtVerify(token, key, {
          algorithms: ['HS256'],
          currentDate: options.now(),
        });
        const claims = payload as unknown as Partial<TokenClaims>;
        const actualPurpose = claims.purpose ?? 'session';
        if (actualPurpose !== purpose || !claims.user || typeof claims.ver !== 'number') {
          throw new AppError('token_invalid');
        }
        return { ...(claims as TokenClaims), purpose: actualPurpose };
      } catch (error) {
        if (error instanceof AppError) throw error;
        if (error instanceof joseErrors.JWTExpired) throw new AppError('token_expired');
        throw new AppError('token_invalid');
      }
    },
  };
}

/** The token of an `Authorization` header, raw or `Bearer` (design §4). */
export function tokenFromHeader(header: string | undefined): string | undefined {
  if (!header) return undefined;
  const value = header.startsWith('Bearer ') ? header.slice(7) : header;
  return value.trim() || undefined;
}
