import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type autocannon from 'autocannon';
import { type DatabaseHandle, openDatabase } from '../apps/server/src/db/database';
import { startBaseline } from './baseline';
import { RESUME_URL, resumeBaseline } from './endpoints';
import { load } from './load';
import { type Product, startProduct } from './product';
import { recordStatements, statementRecorder } from './record';
import { openBenchDatabase, seed } from './seed';

/**
 * The resume's comparison alone, the fast loop of its tuning: `DATABASE_URL=… npx tsx bench/resume-loop.ts`.
 * `SEED=1` seeds the database `RESUME_DATABASE` (default `sejour_res`) afresh, else it is reused as it is.
 * `BASE=/path/to/another/checkout` also starts that checkout's server on the same data, measured in the same
 * interleaved rounds (product, base, baseline, …), so that a change is judged against what it replaces under
 * the same load. `ROUNDS` (default 5) rounds of `LOAD_SECONDS` (default 4) each; `SNAPSHOT=file` writes the
 * answers of a few semesters and filters (and the base's, beside it) to compare bytes; `EXPLAIN=1` (`PLANS=1`)
 * times each recorded statement with `EXPLAIN ANALYZE` (and prints its plan); `STATEMENTS=file` writes them;
 * `PROFILE_SECONDS=n` only loads the product (`PROFILE_TARGET=baseline`: its baseline) for n seconds, to run
 * under `node --cpu-prof`. Beside requests/s it prints this process's CPU per request. On a freshly seeded
 * database the monthly reminders queue a mail per host when the server starts: run once, idle, before measuring.
 */
const url = process.env.DATABASE_URL;
if (!url) throw new Error('DATABASE_URL is needed');
const name = process.env.RESUME_DATABASE ?? 'sejour_res';
const rounds = Number(process.env.ROUNDS ?? 5);
const seconds = Number(process.env.LOAD_SECONDS ?? 4);

let database: DatabaseHandle;
if (process.env.SEED === '1') {
  database = await openBenchDatabase({ name });
  await seed(database);
} else {
  const at = new URL(url);
  at.pathname = `/${name}`;
  database = await openDatabase({ url: at.toString(), logger: statementRecorder });
}
const product = await startProduct(database);

interface Started {
  product: Product;
  database: DatabaseHandle;
  close(): Promise<void>;
}
let base: Started | undefined;
if (process.env.BASE) {
  const root = process.env.BASE;
  const at = new URL(url);
  at.pathname = `/${name}`;
  const imported = (path: string) => import(pathToFileURL(join(root, path)).href);
  const baseDb = (await imported('apps/server/src/db/database.ts')).openDatabase({
    url: at.toString(),
    logger: statementRecorder,
  });
  const baseProduct = (await imported('bench/product.ts')).startProduct as typeof startProduct;
  const handle = (await baseDb) as DatabaseHandle;
  const started = await baseProduct(handle);
  base = {
    product: started,
    database: handle,
    close: async () => {
      await started.app.close();
      await handle.close();
    },
  };
}

const uptime = () => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');

try {
  if (process.env.SNAPSHOT) {
    const queries = [
      '/api/resume?year=2026&semester=1',
      '/api/resume?year=2026&semester=2',
      '/api/resume?year=2025&semester=1&limit=200&offset=100',
      '/api/resume?year=2025&semester=2&limit=500&offset=1700',
      '/api/resume?year=2026&semester=1&offset=1990',
      '/api/resume?year=2026&semester=1&userId=5',
      '/api/resume?year=2024&semester=2',
    ];
    const answers = async (p: Product) => {
      const out: Record<string, string> = {};
      for (const q of queries) {
        const response = await fetch(`${p.address}${q}`, { headers: p.headers });
        out[q] = `${response.status} ${await response.text()}`;
      }
      return out;
    };
    const mine = await answers(product);
    writeFileSync(process.env.SNAPSHOT, JSON.stringify(mine, null, 1));
    if (base) {
      const theirs = await answers(base.product);
      writeFileSync(`${process.env.SNAPSHOT}.base`, JSON.stringify(theirs, null, 1));
      for (const q of queries)
        console.log(`${mine[q] === theirs[q] ? 'same' : 'DIFFERENT'} ${q} (${mine[q]?.length} bytes)`);
    }
  }
  const get = (p: Product) => async () => {
    const response = await fetch(`${p.address}${RESUME_URL}`, { headers: p.headers });
    if (!response.ok) throw new Error(`${RESUME_URL} answered ${response.status}`);
    return response.text();
  };
  if (process.env.PROFILE_SECONDS) {
    // `PROFILE_TARGET=baseline` loads the baseline instead, to set the two profiles side by side.
    let target = { url: `${product.address}${RESUME_URL}`, headers: product.headers, close: async () => {} };
    if (process.env.PROFILE_TARGET === 'baseline') {
      await new Promise((resolve) => setTimeout(resolve, 3000));
      const bare = await startBaseline(database, {
        '/resume': resumeBaseline(await recordStatements(get(product))),
      });
      target = { url: `${bare.address}/resume`, headers: {}, close: bare.close };
    }
    const cpu = process.cpuUsage();
    const r = await load(
      target.url,
      { seconds: Number(process.env.PROFILE_SECONDS), headers: target.headers },
      true,
    );
    const used = process.cpuUsage(cpu);
    await target.close();
    console.log(`CPU ${((used.user + used.system) / 1000 / r.requests.total).toFixed(2)} ms/request`);
    console.log(`profiled load: ${r.requests.average.toFixed(0)} req/s, p50 ${r.latency.p50} ms`);
  } else {
    // The reminders' start-up check runs once the server is ready: let it pass before recording.
    await new Promise((resolve) => setTimeout(resolve, 3000));
    await get(product)();
    const statements = await recordStatements(get(product));
    console.log(`statements the product ran: ${statements.length}`);
    if (process.env.STATEMENTS) writeFileSync(process.env.STATEMENTS, JSON.stringify(statements, null, 1));
    for (const s of statements) console.log(`  ${s.sql.replace(/\s+/g, ' ').slice(0, 110)}`);
    if (process.env.EXPLAIN === '1') {
      const client = (
        database.db as unknown as {
          $client: { query(sql: string, params: unknown[]): Promise<{ rows: Record<string, string>[] }> };
        }
      ).$client;
      for (const s of statements) {
        const times: number[] = [];
        let plan = '';
        for (let i = 0; i < 5; i++) {
          const { rows } = await client.query(`explain (analyze, buffers) ${s.sql}`, s.params);
          plan = rows.map((r) => Object.values(r)[0]).join('\n');
          times.push(Number(/Execution Time: ([\d.]+)/.exec(plan)?.[1]));
        }
        times.sort((a, b) => a - b);
        console.log(`${times[2]} ms  ${s.sql.replace(/\s+/g, ' ').slice(0, 90)}`);
        if (process.env.PLANS === '1') console.log(plan);
      }
    }
    // The base's own statements get their own baseline: each server is read against the SQL it runs.
    const baseStatements = base ? await recordStatements(get(base.product)) : [];
    if (base) console.log(`statements the base ran: ${baseStatements.length}`);
    const baseline = await startBaseline(database, {
      '/resume': resumeBaseline(statements),
      '/resume-base': resumeBaseline(baseStatements),
    });
    const runs: Record<
      string,
      { url: string; headers?: Record<string, string>; results: autocannon.Result[]; cpu: number[] }
    > = {
      product: { url: `${product.address}${RESUME_URL}`, headers: product.headers, results: [], cpu: [] },
      ...(base
        ? {
            base: {
              url: `${base.product.address}${RESUME_URL}`,
              headers: base.product.headers,
              results: [],
              cpu: [],
            },
          }
        : {}),
      baseline: { url: `${baseline.address}/resume`, results: [], cpu: [] },
      ...(base ? { 'base-baseline': { url: `${baseline.address}/resume-base`, results: [], cpu: [] } } : {}),
    };
    console.log(`load average before: ${uptime()}`);
    for (let round = 0; round < rounds; round++) {
      for (const run of Object.values(runs)) {
        // This process's CPU per request (the server's and autocannon's; PostgreSQL's is apart), the warm-up's
        // round left out: steadier than requests/s on a shared machine.
        const cpu = process.cpuUsage();
        const result = await load(run.url, { seconds, headers: run.headers ?? {} }, round === 0);
        const used = process.cpuUsage(cpu);
        run.results.push(result);
        if (round > 0) run.cpu.push((used.user + used.system) / 1000 / result.requests.total);
      }
    }
    console.log(`load average after: ${uptime()}`);
    const rps = (results: autocannon.Result[]) =>
      results.reduce((s, r) => s + r.requests.total, 0) / results.reduce((s, r) => s + r.duration, 0);
    for (const [label, run] of Object.entries(runs)) {
      const bare = rps(runs[label.startsWith('base') ? 'base-baseline' : 'baseline']?.results ?? []);
      const p50s = run.results.map((r) => r.latency.p50).sort((a, b) => a - b);
      const cpu = [...run.cpu].sort((a, b) => a - b);
      console.log(
        `${label.padEnd(13)} CPU ${cpu[Math.floor(cpu.length / 2)]?.toFixed(2)} ms/request (median of rounds),  ${rps(run.results).toFixed(1).padStart(6)} req/s (rounds ${run.results
          .map((r) => r.requests.average.toFixed(0))
          .join(
            ' ',
          )}), median p50 ${p50s[Math.floor(p50s.length / 2)]} ms, ratio ${(rps(run.results) / bare).toFixed(2)}`,
      );
    }
    await baseline.close();
    const timed: [string, Product][] = [
      ['product', product],
      ...(base ? [['base', base.product] as [string, Product]] : []),
    ];
    for (const [label, p] of timed) {
      const times: number[] = [];
      for (let i = 0; i < 15; i++) {
        const once = performance.now();
        await get(p)();
        times.push(performance.now() - once);
      }
      times.sort((a, b) => a - b);
      console.log(
        `${label} alone, 15 times: median ${times[7]?.toFixed(1)} ms, min ${times[0]?.toFixed(1)} ms`,
      );
    }
  }
} finally {
  await product.app.close();
  await base?.close();
  await database.close();
}
