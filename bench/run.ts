import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import { sql } from 'drizzle-orm';
import { budgetTable } from '../scripts/bundle-budget';
import { readWebBuild } from '../scripts/web-build';
import { benchApiLists } from './api-lists';
import { benchDeclarations } from './declarations';
import { benchEndpoints } from './endpoints';
import { benchLighthouse } from './lighthouse';
import { seconds } from './load';
import { benchOnboarding } from './onboarding';
import { startProduct } from './product';
import { benchRegister } from './register';
import { benchScaling } from './scaling';
import { openBenchDatabase, SMALL_BENCH_DATABASE, scaledSizes, seed } from './seed';
import { benchSoak } from './soak';
import { type SectionFigures, summaryRows, summaryTable } from './summary';

/**
 * `npm run bench`: prints numbers, asserts nothing. PGlite in a temp folder by default; with DATABASE_URL, a
 * fresh `sejour_bench` database on that PostgreSQL server. BENCH_SCALE (default 1 = 100 000 declarations)
 * shrinks the data for a quick run; LOAD_SECONDS (default 10) is each autocannon run's length; ITERATIONS
 * (default 30) the calls per people list; ROUNDS (default 3) the interleaved rounds of each product/baseline
 * comparison; SOAK_SECONDS (default 600, 0 skips it) the memory soak's length. Build the web app first (`npm run build`)
 * for the bundle numbers and Lighthouse. Ends with one table: each performance target, what was measured, ✓ or ✗.
 */
const loadSeconds = Number(process.env.LOAD_SECONDS ?? 10);
const iterations = Number(process.env.ITERATIONS ?? 30);
const soakSeconds = Number(process.env.SOAK_SECONDS ?? 600);
const scale = Number(process.env.BENCH_SCALE ?? 1);
const sizes = scaledSizes(scale);
const smallSizes = scaledSizes(scale / 10);
const step = (text: string) => console.log(`\n== ${text}`);

step('Machine');
console.log(
  `  ${cpus().length} CPUs (${cpus()[0]?.model ?? '?'}), ${(totalmem() / 2 ** 30).toFixed(1)} GiB RAM`,
);
console.log(`  Node ${process.version}; load average now ${loadAverage()}`);

try {
  const { visits } = readWebBuild();
  step('First visit of each screen (JS + CSS, gzip, against its budget)');
  console.log(budgetTable(visits).join('\n'));
} catch (error) {
  step(`Bundle sizes: skipped (${error instanceof Error ? error.message : error})`);
}

step(
  `Seeding ${sizes.providers} providers, ${sizes.establishments} establishments, up to ${sizes.declarations} declarations`,
);
const started = performance.now();
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
let sections: Omit<SectionFigures, 'soak' | 'lighthouse'>;
let soak: SectionFigures['soak'] = { skipped: 'SOAK_SECONDS=0' };
try {
  try {
    step(
      `The admin list against a territory of a tenth (${smallSizes.declarations} declarations, a second database)`,
    );
    const scaling = await againstSmallTerritory(Number(count.rows[0]?.declarations));
    console.log(scaling.lines.join('\n'));
    step(`People lists, ${iterations} calls each, one at a time (in-process inject)`);
    console.log((await benchApiLists(product, { iterations })).join('\n'));
    step('Declarations: list plans and load, CSV export');
    const declarations = await benchDeclarations(product, { seconds: loadSeconds });
    console.log(declarations.lines.join('\n'));
    step('Establishments list, resume, login under load; one resume; the combined notices PDF');
    const endpoints = await benchEndpoints(product, { seconds: loadSeconds });
    console.log(endpoints.lines.join('\n'));
    step('Register of stays: a month computed from it, a year exported');
    console.log((await benchRegister(product)).join('\n'));
    step('Bulk onboarding: 5 000 establishments from a file, simulated, imported, imported again');
    console.log((await benchOnboarding(product)).join('\n'));
    sections = {
      declarations,
      endpoints,
      scaling,
      headlineOffset: Math.round(5000 * scale),
      providers: sizes.providers,
    };
  } finally {
    await product.app.close();
  }
  if (soakSeconds > 0) {
    // The server alone in a child process: PGlite's folder is opened by one process at a time.
    await database.release();
    step(`Server memory over a ${soakSeconds} s load, the server alone (SOAK_SECONDS=0 skips it)`);
    soak = await benchSoak(database, { seconds: soakSeconds });
    console.log(soak.lines.join('\n'));
  }
} finally {
  await database.close();
}

step('Lighthouse (npm run bench:lighthouse)');
const lighthouse = await benchLighthouse();
console.log(lighthouse.lines.join('\n'));

step('Summary: the performance targets');
console.log(summaryTable(summaryRows({ ...sections, soak, lighthouse })).join('\n'));
step(`Done; load average now ${loadAverage()}`);

/**
 * The admin's heavy list under the same load on the bench's territory and on a second one of a tenth, seeded
 * alike in its own database, then closed before the other sections run.
 */
async function againstSmallTerritory(declarations: number) {
  const small = await openBenchDatabase({ name: SMALL_BENCH_DATABASE });
  try {
    await seed(small, smallSizes);
    const smallCount = (await small.db.execute(
      sql`SELECT count(*)::int AS n FROM declarations`,
    )) as unknown as { rows: { n: number }[] };
    const smallProduct = await startProduct(small);
    try {
      return await benchScaling(
        { product, scale, declarations },
        { product: smallProduct, scale: scale / 10, declarations: Number(smallCount.rows[0]?.n) },
        { seconds: loadSeconds },
      );
    } finally {
      await smallProduct.app.close();
    }
  } finally {
    await small.close();
  }
}

function loadAverage(): string {
  try {
    return readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
  } catch {
    return execFileSync('uptime').toString().trim();
  }
}
