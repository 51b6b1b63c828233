import { payloadOf } from './token-storage';

/** What the app does with a `?token=` found in the address, given the session already open in the browser. */
export type ArrivingTokenAction =
  | { action: 'none' }
  | { action: 'store' }
  | { action: 'ask'; current: string; next: string }
  | { action: 'keep' };

/**
 * A token in the address is stored as the session — unless it would silently put the browser of one person
 * in another's account (a link crafted by someone else: login CSRF). So, with a session open for another
 * user, the person is asked first. E-mail links (a token with a `purpose`) are stored as before: their page
 * needs them, and what they do is choose a password for the account they name.
 */
export function arrivingTokenAction(token: string, open: OpenSession): ArrivingTokenAction {
  if (token === open.token) return { action: 'none' };
  if (!open.loggedIn || !open.user) return { action: 'store' };
  const payload = payloadOf(token) as {
    purpose?: unknown;
    user?: { id?: unknown; username?: unknown };
  } | null;
  // Not a token at all, or one naming nobody: it must not end the session that is open.
  if (!payload) return { action: 'keep' };
  if (typeof payload.purpose === 'string') return { action: 'store' };
  const id = payload.user?.id;
  const username = payload.user?.username;
  if (typeof id !== 'number' || typeof username !== 'string') return { action: 'keep' };
  if (id === open.user.id) return { action: 'store' };
  return { action: 'ask', current: open.user.username, next: username };
}

/** The session stored in this browser, as far as the choice above needs it. */
export interface OpenSession {
  token: string | null;
  user: { id: number; username: string } | null;
  /** A token that has not expired yet. */
  loggedIn: boolean;
}

/**
 * Takes the token out of the address bar and out of this history entry (a copied address, a shared screen,
 * the back button must not carry it), without a navigation: the router keeps the location it has read.
 */
export function dropTokenFromAddress(): void {
  const url = new URL(window.location.href);
  if (!url.searchParams.has('token')) return;
  url.searchParams.delete('token');
  window.history.replaceState(window.history.state, '', `${url.pathname}${url.search}${url.hash}`);
}
