/**
 * Where the session lives in the browser, without any validation library: the login screen, shown before
 * the rest of the app is downloaded, stores the token here; `session.ts` reads it back and checks it.
 */

/** Browser storage keys: the signed token and its decoded payload (`public/before-paint.js` reads the token's). */
export const TOKEN_KEY = 'token';
export const TOKEN_DATA_KEY = 'tokendata';

/** The payload of a JWT (its middle part), unverified: the server checks the signature at every call. */
export function payloadOf(token: string): Record<string, unknown> | null {
  const part = token.split('.')[1];
  if (!part) return null;
  try {
    const base64 = part.replace(/-/g, '+').replace(/_/g, '/');
    const bytes = Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
    const payload: unknown = JSON.parse(new TextDecoder().decode(bytes));
    return payload && typeof payload === 'object' ? (payload as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/**
 * Tells this tab's readers that the session changed: `session.ts` listens to storage events (which the
 * browser sends only to the other tabs), so an already loaded app re-reads the stored session.
 */
export function announceSessionChange(): void {
  window.dispatchEvent(new StorageEvent('storage', { key: TOKEN_KEY, storageArea: localStorage }));
}

/** Stores a token and its payload; false (nothing stored) when the token cannot be decoded. */
export function storeToken(token: string): boolean {
  const payload = payloadOf(token);
  if (!payload) return false;
  localStorage.setItem(TOKEN_KEY, token);
  localStorage.setItem(TOKEN_DATA_KEY, JSON.stringify(payload));
  announceSessionChange();
  return true;
}

/** A stored session that has not expired yet (not validated: the app's `session` does that). */
export function hasUnexpiredSession(now: number = Date.now()): boolean {
  try {
    const data = JSON.parse(localStorage.getItem(TOKEN_DATA_KEY) ?? 'null') as { exp?: unknown } | null;
    return Boolean(localStorage.getItem(TOKEN_KEY)) && typeof data?.exp === 'number' && now < data.exp * 1000;
  } catch {
    return false;
  }
}

/** The stored session's account, read without validation (the entry decides with it before the app loads). */
export function storedUser(): { id: number; username: string } | null {
  try {
    const data = JSON.parse(localStorage.getItem(TOKEN_DATA_KEY) ?? 'null') as {
      user?: { id?: unknown; username?: unknown };
    } | null;
    const { id, username } = data?.user ?? {};
    return typeof id === 'number' && typeof username === 'string' ? { id, username } : null;
  } catch {
    return null;
  }
}
