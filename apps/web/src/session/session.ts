import { type TokenData, tokenDataSchema } from '@sejour/domain';
import { decodeJwt } from 'jose';
import { TOKEN_DATA_KEY, TOKEN_KEY } from './token-storage';

export { TOKEN_DATA_KEY, TOKEN_KEY };

type Listener = () => void;
const listeners = new Set<Listener>();

function decode(token: string): TokenData | null {
  try {
    const parsed = tokenDataSchema.safeParse(decodeJwt(token));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

function readTokenData(): TokenData | null {
  const raw = localStorage.getItem(TOKEN_DATA_KEY);
  if (!raw) return null;
  try {
    const parsed = tokenDataSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

let snapshot: { token: string | null; data: TokenData | null } = {
  token: localStorage.getItem(TOKEN_KEY),
  data: readTokenData(),
};

function emit() {
  snapshot = { token: localStorage.getItem(TOKEN_KEY), data: readTokenData() };
  for (const listener of listeners) listener();
}

export const session = {
  /** Stores a token and its decoded payload; an undecodable token is refused (session cleared). */
  setToken(token: string): boolean {
    const data = decode(token);
    if (!data) {
      session.clear();
      return false;
    }
    localStorage.setItem(TOKEN_KEY, token);
    localStorage.setItem(TOKEN_DATA_KEY, JSON.stringify(data));
    emit();
    return true;
  },

  /** Logout: empties token and data. */
  clear(): void {
    localStorage.removeItem(TOKEN_KEY);
    localStorage.removeItem(TOKEN_DATA_KEY);
    emit();
  },

  token(): string | null {
    return snapshot.token;
  },

  data(): TokenData | null {
    return snapshot.data;
  },

  /** Logged in only if a token exists and now is before its `exp` (seconds since epoch). */
  isLoggedIn(now: number = Date.now()): boolean {
    return Boolean(snapshot.token && snapshot.data && now < snapshot.data.exp * 1000);
  },

  snapshot() {
    return snapshot;
  },

  subscribe(listener: Listener): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

// Another tab logging in or out changes this one too.
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key === TOKEN_KEY || event.key === TOKEN_DATA_KEY || event.key === null) emit();
  });
}
