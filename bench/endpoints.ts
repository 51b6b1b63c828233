import { hash, verify } from '@node-rs/argon2';
import { SignJWT } from 'jose';
import { type BareRoute, startBaseline } from './baseline';
import { type Comparison, compare, download, lightDuring } from './load';
import type { Product } from './product';
import { recordStatements, type Statement } from './record';
import { BENCH_ADMIN } from './seed';

export const ESTABLISHMENTS_URL = '/api/establishments?limit=50&offset=1000';
export const RESUME_URL = '/api/resume?year=2026&semester=1';
export const NOTICES_URL = '/api/resume/notices.pdf?year=2026&semester=1';
const RESUME_CSV_URL = '/api/resume/export.csv?year=2026&semester=1';
const ACCOUNTING_CSV_URL = '/api/resume/accounting.csv?year=2026&semester=1';

/** The product's password hashing (apps/server/src/auth/passwords.ts), restated to print what one hash costs. */
const ARGON2 = { memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

/** The resume's baseline: every statement the product ran, side by side, and all their rows sent. */
export function resumeBaseline(statements: Statement[]): BareRoute {
  return {
    handle: async (run) => ({
      success: true,
      data: (await Promise.all(statements.map(run))).map((r) => r.rows),
    }),
  };
}

/** What the summary reads from this section. */
export interface EndpointFigures {
  lines: string[];
  resume: Comparison;
  /** The combined notices PDF, measured once the worker is up, and the light request's p99 alone and during it. */
  pdf: { seconds: number; aloneP99: number; duringP99: number };
}

/**
 * The establishments list, the resume of a semester and the login under load, each against a bare baseline
 * replaying the product's own SQL; then one resume request timed alone, the combined PDF of the notices, and
 * the resume's and the accounting's CSVs, each with a light request probing the server meanwhile.
 */
export async function benchEndpoints(
  product: Product,
  options: { seconds: number },
): Promise<EndpointFigures> {
  const { database, address, headers } = product;
  const out: string[] = [];
  const get = (path: string) => async () => {
    const response = await fetch(`${address}${path}`, { headers });
    if (!response.ok) throw new Error(`${path} answered ${response.status}`);
    return response.text();
  };
  const establishments = await recordStatements(get(ESTABLISHMENTS_URL));
  const resume = await recordStatements(get(RESUME_URL));
  const [lookup] = await recordStatements(() =>
    fetch(`${address}/api/users/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'host1', password: BENCH_ADMIN.password }),
    }),
  );
  if (!lookup) throw new Error('the login ran no statement');
  out.push(
    `  Statements the product ran: establishments list ${establishments.length}, resume ${resume.length}; ` +
      `the login baseline replays the login's first (the account lookup) and skips the limiter's bookkeeping`,
  );

  const secret = new TextEncoder().encode('a bench secret of at least thirty-two bytes');
  const routes: Record<string, BareRoute> = {
    '/establishments': {
      handle: async (run) => {
        const [page, count] = await Promise.all(establishments.map(run));
        return { success: true, data: page?.rows, meta: { total: count?.rows[0], limit: 50, offset: 1000 } };
      },
    },
    '/resume': resumeBaseline(resume),
    '/login': {
      method: 'POST',
      handle: async (run, body) => {
        const { username, password } = body as { username: string; password: string };
        const { rows } = await run({ sql: lookup.sql, params: [username, ...lookup.params.slice(1)] });
        const user = rows[0] as Record<string, unknown> | undefined;
        const passwordHash = Object.values(user ?? {}).find(
          (v): v is string => typeof v === 'string' && v.startsWith('$argon2id$'),
        );
        if (!passwordHash || !(await verify(passwordHash, password))) throw new Error('wrong password');
        const token = await new SignJWT({ sub: username })
          .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
          .setIssuedAt()
          .setExpirationTime('1h')
          .sign(secret);
        return { success: true, data: token };
      },
    },
  };
  const baseline = await startBaseline(database, routes);
  const load = { seconds: options.seconds, headers };
  out.push(
    ...(
      await compare(
        `GET ${ESTABLISHMENTS_URL}`,
        { url: `${address}${ESTABLISHMENTS_URL}`, ...load },
        { url: `${baseline.address}/establishments`, seconds: options.seconds },
      )
    ).lines,
  );
  const resumeLoad = await compare(
    `GET ${RESUME_URL}`,
    { url: `${address}${RESUME_URL}`, ...load },
    { url: `${baseline.address}/resume`, seconds: options.seconds },
  );
  out.push(...resumeLoad.lines);

  const started = performance.now();
  await hash('a password to time', ARGON2);
  out.push(
    `  Password hash: argon2id, ${ARGON2.memoryCost / 1024} MiB, ${ARGON2.timeCost} passes, parallelism ` +
      `${ARGON2.parallelism}; one hash took ${(performance.now() - started).toFixed(0)} ms here`,
  );
  // One account and one address per connection, as many people logging in at once: the login limits count
  // per account and per address, and are not what is measured here.
  const loginLoad = (url: string, proxied: boolean) => {
    let connection = 0;
    return {
      url,
      seconds: options.seconds,
      method: 'POST' as const,
      headers: { 'content-type': 'application/json' },
      setupClient: (client: { setHeaders(h: object): void; setBody(b: string): void }) => {
        connection++;
        client.setHeaders({
          'content-type': 'application/json',
          ...(proxied ? { 'x-forwarded-for': `10.0.${connection >> 8}.${connection & 255}` } : {}),
        });
        client.setBody(JSON.stringify({ username: `host${connection}`, password: BENCH_ADMIN.password }));
      },
    };
  };
  // On a loaded machine the login's comparison can fail (an answer other than 2xx): say so and go on, so the
  // figures above and the resume timed alone are still printed.
  try {
    out.push(
      ...(
        await compare(
          'POST /api/users/login',
          loginLoad(`${address}/api/users/login`, true),
          loginLoad(`${baseline.address}/login`, false),
        )
      ).lines,
    );
  } catch (error) {
    out.push(`  POST /api/users/login: not measured (${error instanceof Error ? error.message : error})`);
  }
  await baseline.close();

  const times: number[] = [];
  for (let i = 0; i < 5; i++) {
    const once = performance.now();
    await get(RESUME_URL)();
    times.push(performance.now() - once);
  }
  times.sort((a, b) => a - b);
  out.push(
    `  GET ${RESUME_URL} alone, 5 times: min ${times[0]?.toFixed(0)} ms, median ${times[2]?.toFixed(0)} ms, ` +
      `max ${times[4]?.toFixed(0)} ms`,
  );
  // Once to start the offload worker (a one-time cost), then measured with the light request probing.
  const first = await download(`${address}${NOTICES_URL}`, headers);
  out.push(`  GET ${NOTICES_URL} first (the worker starting): ${first.time} s`);
  const {
    result: pdf,
    line,
    aloneP99,
    duringP99,
  } = await lightDuring(address, () => download(`${address}${NOTICES_URL}`, headers));
  out.push(
    `  GET ${NOTICES_URL}: ${(pdf.bytes / 1048576).toFixed(1)} MB in ${pdf.time} s (${pdf.cpu} s CPU of ` +
      `the process, the offload worker's included), ${pdf.rss}`,
    `    ${line}`,
  );
  for (const url of [RESUME_CSV_URL, ACCOUNTING_CSV_URL]) {
    const { result: csv, line } = await lightDuring(address, () => download(`${address}${url}`, headers));
    out.push(
      `  GET ${url}: ${String(csv.lines - 1)} rows, ${(csv.bytes / 1048576).toFixed(1)} MB in ${csv.time} s ` +
        `(${csv.cpu} s CPU of the process, the offload worker's included), ${csv.rss}`,
      `    ${line}`,
    );
  }
  return {
    lines: out,
    resume: resumeLoad,
    pdf: { seconds: Number(pdf.time), aloneP99, duringP99 },
  };
}
