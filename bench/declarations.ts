import { declarationListQuerySchema } from '@sejour/domain';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { declarationCountQuery, declarationPageQuery } from '../apps/server/src/declarations/list';
import { startBaseline } from './baseline';
import { BENCH_ADMIN, DEFAULT_SIZES, openBenchDatabase, type SeedSizes, seed } from './seed';

export const LIST_URL =
  '/api/declarations?year=2026&done=true&sort=establishment:asc,period:desc&limit=50&offset=1000';

/**
 * The declarations list under load (autocannon over loopback) and the streamed CSV export, on a database the
 * seed fills. Prints; asserts nothing.
 */
export async function benchDeclarations(options: { sizes?: SeedSizes; seconds: number }): Promise<string[]> {
  const out: string[] = [];
  const database = await openBenchDatabase();
  let started = performance.now();
  await seed(database, options.sizes ?? DEFAULT_SIZES);
  const [{ n } = { n: 0 }] = (
    (await database.db.execute(sql`SELECT count(*)::int AS n FROM declarations`)) as unknown as {
      rows: { n: number }[];
    }
  ).rows;
  out.push(`  seeded ${n} declarations on ${database.kind} in ${seconds(started)} s`);

  const app = await buildApp({
    config: loadConfig({ LOG_LEVEL: 'silent', RATE_LIMIT_MAX: '100000000' }),
    database,
  });
  const address = await app.listen({ host: '127.0.0.1', port: 0 });
  const login = await fetch(`${address}/api/users/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(BENCH_ADMIN),
  });
  const token = ((await login.json()) as { data: string }).data;
  const admin = (await database.db.execute(
    sql`SELECT id FROM users WHERE username = ${BENCH_ADMIN.username}`,
  )) as unknown as {
    rows: { id: number }[];
  };

  const query = declarationListQuerySchema.parse(Object.fromEntries(new URL(LIST_URL, address).searchParams));
  const built = declarationPageQuery(database.db, { id: admin.rows[0]!.id, role: 'admin' }, query).toSQL();
  const plan = (await database.db.execute(
    sql.raw(`EXPLAIN ANALYZE ${inline(built.sql, built.params)}`),
  )) as unknown as { rows: { 'QUERY PLAN': string }[] };
  out.push(`  EXPLAIN ANALYZE of the list page (${LIST_URL}):`);
  for (const row of plan.rows) out.push(`    ${row['QUERY PLAN']}`);

  const headers = { authorization: token };
  const actor = { id: admin.rows[0]!.id, role: 'admin' as const };
  const baseline = await startBaseline(database, {
    '/counted': {
      page: built,
      total: declarationCountQuery(database.db, actor, query).toSQL(),
      limit: query.limit,
      offset: query.offset,
    },
    '/page': { page: built, total: null, limit: query.limit, offset: query.offset },
  });
  // A new set of filters is counted once; the pages turned after it are asked without the count.
  for (const [label, productUrl, baselinePath] of [
    ['first page of a filter (page + count)', LIST_URL, '/counted'],
    ['turning pages (total=false)', `${LIST_URL}&total=false`, '/page'],
  ] as const) {
    const product = await load(`${address}${productUrl}`, options.seconds, headers);
    const bare = await load(`${baseline.address}${baselinePath}`, options.seconds);
    out.push(`  GET list, ${label}, 50 connections, ${options.seconds} s:`);
    out.push(`    product:  ${figures(product)}`);
    out.push(`    baseline: ${figures(bare)} (bare Fastify + driver, the same SQL)`);
    out.push(
      `    ratio product ÷ baseline: ${(product.requests.average / bare.requests.average).toFixed(2)} ` +
        `(requests/s); p50 ${product.latency.p50} vs ${bare.latency.p50} ms`,
    );
  }
  await baseline.close();

  for (const path of ['/api/declarations/export.csv', '/api/declarations/export.csv?type=HOTEL_3']) {
    global.gc?.();
    const base = process.memoryUsage().rss;
    let peak = base;
    const sampler = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage().rss);
    }, 10);
    started = performance.now();
    const response = await fetch(`${address}${path}`, { headers });
    let bytes = 0;
    let lines = 0;
    for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
      bytes += chunk.length;
      for (const b of chunk) if (b === 10) lines++;
    }
    clearInterval(sampler);
    peak = Math.max(peak, process.memoryUsage().rss);
    out.push(
      `  GET ${path}: ${lines - 1} rows, ${(bytes / 1048576).toFixed(1)} MB in ${seconds(started)} s, ` +
        `RSS ${mb(base)} → peak ${mb(peak)} MB (+${mb(peak - base)})`,
    );
  }
  await app.close();
  await database.close();
  return out;
}

/** 50 connections after a 2 s warm-up at 10; throws if anything but 2xx came back. */
async function load(url: string, seconds: number, headers: Record<string, string> = {}) {
  const warm = await autocannon({ url, connections: 10, duration: 2, headers });
  if (warm.non2xx > 0) throw new Error(`${url} answered ${warm.non2xx} non-2xx during the warm-up`);
  return autocannon({ url, connections: 50, duration: seconds, headers });
}

/** Requests/s and latencies; autocannon reports p97.5 rather than p95, the nearest it has. */
function figures(result: autocannon.Result): string {
  const { latency } = result;
  return (
    `${result.requests.average.toFixed(0)} req/s, p50 ${latency.p50} ms, p95 ${latency.p97_5} ms (p97.5), ` +
    `p99 ${latency.p99} ms, non-2xx ${result.non2xx}`
  );
}

function seconds(since: number): string {
  return ((performance.now() - since) / 1000).toFixed(2);
}

function mb(bytes: number): string {
  return (bytes / 1048576).toFixed(0);
}

/** EXPLAIN takes no bind parameters on PGlite's simple protocol: the bench inlines its own known values. */
function inline(text: string, params: unknown[]): string {
  return text.replace(/\$(\d+)/g, (_, i: string) => {
    const value = params[Number(i) - 1];
    if (typeof value === 'number' || typeof value === 'boolean') return String(value);
    return `'${String(value).replaceAll("'", "''")}'`;
  });
}
