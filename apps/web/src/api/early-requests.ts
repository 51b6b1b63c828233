import { TOKEN_DATA_KEY, TOKEN_KEY } from '../session/token-storage';

/**
 * The first API reads of an address, started by the entry as soon as it runs, before the app's code (router,
 * queries, the screen) has downloaded and rendered: on a phone that is a second or more, during which the
 * answers come back. The API client takes an answer from here instead of asking again (`takeEarlyResponse`),
 * once. Only reads whose address does not depend on what the screen shows first are listed; a read listed
 * here that the app no longer makes only costs one unused request.
 */
interface Early {
  response: Promise<Response>;
  token: string;
  started: number;
}

const early = new Map<string, Early>();

/** An answer older than this is not taken: the app asks again (a first render takes seconds, not this). */
const FRESH_MS = 30_000;

/** Exactly as the API client writes them (`buildUrl`): the answer is found by its URL. */
const OWN_ESTABLISHMENTS = '/api/establishments?sort=name%3Aasc&limit=500';

/** A first read, and the reads its answer's data leads to (started when it arrives). */
export interface EarlyRead {
  url: string;
  followUps?: (data: unknown) => string[];
}

/** The reads of `pathname` for a person of `role`, as the app's first render asks for them. */
export function earlyReads(pathname: string, role: string): EarlyRead[] {
  const path = pathname.replace(/\/+$/, '') || '/';
  const host = role === 'host';
  const reads: EarlyRead[] = [];
  // The shell's side bar lists a host's own establishments on every screen.
  if (host) reads.push({ url: OWN_ESTABLISHMENTS });
  if (path === '/home' && host) reads.push({ url: '/api/users/me' }, { url: '/api/home/host' });
  const declaration = path.match(/^\/declarations\/(\d+)$/);
  if (declaration) reads.push({ url: `/api/declarations/${declaration[1]}`, followUps: monthReads });
  return reads;
}

/** Starts the address's first reads with the stored session (nothing without one). */
export function startEarlyRequests(pathname: string): void {
  const token = localStorage.getItem(TOKEN_KEY);
  if (!token) return;
  let role = '';
  try {
    role = String(JSON.parse(localStorage.getItem(TOKEN_DATA_KEY) ?? 'null')?.user?.role ?? '');
  } catch {
    return;
  }
  const headers = { Accept: 'application/json', 'Accept-Language': 'fr', Authorization: token };
  const start = (url: string) => {
    const response = fetch(url, { headers });
    // Not left unhandled meanwhile: the client that takes it reports a failure as it would its own.
    response.catch(() => undefined);
    early.set(url, { response, token, started: Date.now() });
    return response;
  };
  for (const { url, followUps } of earlyReads(pathname, role)) {
    const response = start(url);
    if (!followUps) continue;
    // A copy of the answer, read here; the client still takes the original.
    void response
      .then((answer) => (answer.ok ? answer.clone().json() : null))
      .then((body) => {
        for (const next of followUps(body?.data)) void start(next);
      })
      .catch(() => undefined);
  }
}

/**
 * The reads the declaration's screen makes once the declaration is there: the month's pricing and
 * deliberation (a declaration au forfait has a screen of its own, which reads neither). Started as soon as
 * the declaration's answer arrives, they are not left for after the screen's first render.
 */
export function monthReads(declaration: unknown): string[] {
  const { year, month, regime } = (declaration ?? {}) as {
    year?: unknown;
    month?: unknown;
    regime?: unknown;
  };
  if (!Number.isInteger(year) || !Number.isInteger(month) || regime === 'FORFAIT') return [];
  const query = `?year=${year}&month=${month}`;
  return [`/api/pricings/in-force${query}`, `/api/declarations/deliberation${query}`];
}

/** The answer started early for `url` with this token, once; undefined when there is none (or a stale one). */
export function takeEarlyResponse(url: string, token: string | undefined): Promise<Response> | undefined {
  const found = early.get(url);
  if (!found) return undefined;
  early.delete(url);
  if (found.token !== token || Date.now() - found.started > FRESH_MS) return undefined;
  return found.response;
}
