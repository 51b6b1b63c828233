import type { LinkPurpose } from '@sejour/domain';
import { decodeJwt } from 'jose';

export type LinkProblemKind = 'expired' | 'used' | 'invalid';

export type LinkState =
  | { ok: true; token: string; userId: number; username: string }
  | { ok: false; problem: LinkProblemKind };

/**
 * What the page can tell of the link's token before calling the server: its purpose, its account and
 * whether it has expired. The server decides the rest (signature, single use).
 */
export function readLinkToken(token: string | null, purpose: LinkPurpose, now = Date.now()): LinkState {
  if (!token) return { ok: false, problem: 'invalid' };
  try {
    const payload = decodeJwt(token) as {
      purpose?: string;
      exp?: number;
      user?: { id?: unknown; username?: unknown };
    };
    const id = payload.user?.id;
    if (payload.purpose !== purpose || typeof id !== 'number') return { ok: false, problem: 'invalid' };
    if (typeof payload.exp !== 'number' || payload.exp * 1000 <= now)
      return { ok: false, problem: 'expired' };
    return { ok: true, token, userId: id, username: String(payload.user?.username ?? '') };
  } catch {
    return { ok: false, problem: 'invalid' };
  }
}

/** The server's refusals that mean "this link no longer works", as the problem page names them. */
export const LINK_ERROR_CODES: Record<string, LinkProblemKind> = {
  link_expired: 'expired',
  link_used: 'used',
  link_invalid: 'invalid',
};

/** Whether a token is a link's (it has a purpose) rather than a session's. */
export function isLinkToken(token: string | null): boolean {
  if (!token) return false;
  try {
    return typeof decodeJwt(token).purpose === 'string';
  } catch {
    return false;
  }
}
