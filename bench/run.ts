import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { budgetTable, firstVisits, type Manifest, sizeVisits } from '../scripts/bundle-budget';
import { benchApiLists } from './api-lists';
import { benchDeclarations } from './declarations';
import { benchEndpoints } from './endpoints';
import { benchLighthouse, findChromium } from './lighthouse';
import { seconds } from './load';
import { benchOnboarding } from './onboarding';
import { startProduct } from './product';
import { benchRegister } from './register';
import { openBenchDatabase, scaledSizes, seed } from './seed';
import { benchSoak } from './soak';

/**
 * `npm run bench`: prints numbers, asserts nothing. PGlite in a temp folder by default; with DATABASE_URL, a
 * fresh `sejour_bench` database on that PostgreSQL server. BENCH_SCALE (default 1 = 100 000 declarations)
 * shrinks the data for a quick run; LOAD_SECONDS (default 10) is each autocannon run's length; ITERATIONS
 * (default 30) the calls per people list; ROUNDS (default 3) the interleaved rounds of each product/baseline
 * comparison; SOAK_SECONDS (default 600, 0 skips it) the memory soak's length. Build the web app first (`npm run build`) for the bundle numbers.
 */
const loadSeconds = Number(process.env.LOAD_SECONDS ?? 10);
const iterations = Number(process.env.ITERATIONS ?? 30);
const soakSeconds = Number(process.env.SOAK_SECONDS ?? 600);
const sizes = scaledSizes();
const step = (text: string) => console.log(`\n== ${text}`);

step('Machine');
console.log(
  `  ${cpus().length} CPUs (${cpus()[0]?.model ?? '?'}), ${(totalmem() / 2 ** 30).toFixed(1)} GiB RAM`,
);
console.log(`  Node ${process.version}; load average now ${loadAverage()}`);

try {
  const dist = join(import.meta.dirname, '..', 'apps', 'web', 'dist');
  const manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8')) as Manifest;
  const visits = sizeVisits(firstVisits(manifest), (file) => gzipSync(readFileSync(join(dist, file))).length);
  step('First visit of each screen (JS + CSS, gzip, against its budget)');
  console.log(budgetTable(visits).join('\n'));
} catch (error) {
  step(`Bundle sizes: skipped (${error instanceof Error ? error.message : error})`);
}

step(
  `Seeding ${sizes.providers} providers, ${sizes.establishments} establishments, up to ${sizes.declarations} declarations`,
);
let started = performance.now();
const database = await openBenchDatabase();
console.log(`  into ${database.describe}`);
await seed(database, sizes);
const version = (await database.db.execute(sql`SELECT version() AS v`)) as unknown as {
  rows: { v: string }[];
};
const count = (await database.db.execute(
  sql`SELECT (SELECT count(*)::int FROM declarations) AS declarations, (SELECT count(*)::int FROM stays) AS stays`,
)) as unknown as { rows: { declarations: number; stays: number }[] };
console.log(
  `  ${count.rows[0]?.declarations} declarations and ${count.rows[0]?.stays} stays seeded in ${seconds(started)} s`,
);
console.log(`  ${version.rows[0]?.v}`);

const product = await startProduct(database);
try {
  step(`People lists, ${iterations} calls each, one at a time (in-process inject)`);
  console.log((await benchApiLists(product, { iterations })).join('\n'));
  step('Declarations: list plans and load, CSV export');
  started = performance.now();
  console.log((await benchDeclarations(product, { seconds: loadSeconds })).join('\n'));
  step('Establishments list, resume, login under load; one resume; the combined notices PDF');
  console.log((await benchEndpoints(product, { seconds: loadSeconds })).join('\n'));
  step('Register of stays: a month computed from it, a year exported');
  console.log((await benchRegister(product)).join('\n'));
  step('Bulk onboarding: 5 000 establishments from a file, simulated, imported, imported again');
  console.log((await benchOnboarding(product)).join('\n'));
  if (soakSeconds > 0) {
    step(`Server memory over a ${soakSeconds} s load (SOAK_SECONDS=0 skips it)`);
    console.log((await benchSoak(product, { seconds: soakSeconds })).join('\n'));
  }
} finally {
  await product.app.close();
  await database.close();
}

if (findChromium()) {
  step('Lighthouse (npm run bench:lighthouse)');
  console.log((await benchLighthouse()).join('\n'));
}
step(`Done; load average now ${loadAverage()}`);

function loadAverage(): string {
  try {
    return readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
  } catch {
    return execFileSync('uptime').toString().trim();
  }
}
