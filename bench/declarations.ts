import { declarationListQuerySchema } from '@sejour/domain';
import { declarationCountQuery, declarationPageQuery } from '../apps/server/src/declarations/list';
import { replay, startBaseline } from './baseline';
import { type Comparison, compare, download, lightDuring } from './load';
import { explain, headlineList, sortPlans } from './plans';
import type { Product } from './product';
import { recordStatements } from './record';
import { BENCH_ADMIN } from './seed';

/** A host's own declarations, first page, the screen's default order. */
export const HOST_LIST_URL = '/api/declarations?limit=50';

export const LIST_URL =
  '/api/declarations?year=2026&done=true&sort=establishment:asc,period:desc&limit=50&offset=1000';

/** What the summary reads from the declarations section. */
export interface DeclarationFigures {
  lines: string[];
  /** The admin's list URL, first page of a filter (page + count) and turning pages, product ÷ baseline. */
  counted: Comparison;
  pages: Comparison;
  /** A host's own list, product ÷ baseline. */
  host: Comparison;
  /** The admin list alone, filtered by year and type: the slowest sort's page + count. */
  headline: { sort: string; ms: number };
  /** The CSV of every declaration: its rows, and the light request's p99 alone and during it (median run). */
  largestCsv: { rows: number; aloneP99: number; duringP99: number };
}

/**
 * The declarations list under load against its bare baseline, the plan of every sort, and the streamed CSV
 * export at three sizes (time and peak memory; the largest three times). Prints; asserts nothing.
 */
export async function benchDeclarations(
  product: Product,
  options: { seconds: number },
): Promise<DeclarationFigures> {
  const { database, address, headers } = product;
  const out: string[] = [];
  const actor = { id: product.adminId, username: 'admin', role: 'admin' as const };
  const query = declarationListQuerySchema.parse(Object.fromEntries(new URL(LIST_URL, address).searchParams));
  const page = declarationPageQuery(database.db, actor, query).toSQL();
  out.push(`  EXPLAIN ANALYZE of the list page (${LIST_URL}):`);
  for (const line of await explain(database, page)) out.push(`    ${line}`);
  out.push(
    '  Every sort field of the list, year=2026&done=true, page of 50 at offset 500 (server time, index walked):',
  );
  out.push(...(await sortPlans(database, product.adminId)));
  out.push('  The admin list alone, filtered by year and type (every sort):');
  const headline = await headlineList(database, product.adminId, Number(process.env.BENCH_SCALE ?? 1));
  out.push(...headline.lines);

  const total = declarationCountQuery(database.db, actor, query).toSQL();
  const meta = (results: { rows: unknown[] }[]) => ({
    total: (results[1]?.rows[0] as { n?: number } | undefined)?.n ?? null,
    limit: query.limit,
    offset: query.offset,
  });
  // The statements the product sends besides the page and the count (the session's account read), replayed
  // too: the baseline runs the very same SQL, as the host's list's does.
  const recorded = await recordStatements(async () => {
    const response = await fetch(`${address}${LIST_URL}`, { headers });
    if (!response.ok) throw new Error(`${LIST_URL} answered ${response.status}`);
    return response.text();
  });
  const session = recorded.filter((statement) => !statement.sql.includes('"declarations"'));
  out.push(`  The list's statements per request: ${recorded.length} (${session.length} for the session)`);
  const baseline = await startBaseline(database, {
    '/counted': replay([page, total, ...session], meta),
    '/page': replay([page, ...session], meta),
  });
  // A new set of filters is counted once; the pages turned after it are asked without the count.
  const comparisons: Comparison[] = [];
  for (const [label, productUrl, baselinePath] of [
    ['GET declarations, first page of a filter (page + count)', LIST_URL, '/counted'],
    ['GET declarations, turning pages (total=false)', `${LIST_URL}&total=false`, '/page'],
  ] as const) {
    const comparison = await compare(
      label,
      { url: `${address}${productUrl}`, seconds: options.seconds, headers },
      { url: `${baseline.address}${baselinePath}`, seconds: options.seconds },
    );
    out.push(...comparison.lines);
    comparisons.push(comparison);
  }
  await baseline.close();
  const host = await hostList(product, options);
  out.push(...host.lines);

  out.push("  Streamed CSV export (read by a process of its own: the RSS and CPU are the server's):");
  // An empty year's file first: the offload worker that writes the CSV starts once, not in the first figure.
  await download(`${address}/api/declarations/export.csv?year=2000`, headers);
  let largestCsv: DeclarationFigures['largestCsv'] | undefined;
  for (const filter of ['?month=6', '?year=2026', '']) {
    const path = `/api/declarations/export.csv${filter}`;
    // The unfiltered file is the largest, and its probe a summary row: a p99 over a few seconds swings with
    // whatever else the machine does, so it is taken several times and the median run kept.
    const runs = filter === '' ? LARGEST_CSV_RUNS : 1;
    const measured = [];
    for (let run = 0; run < runs; run++) {
      const probed = await lightDuring(address, () => download(`${address}${path}`, headers));
      const { result: csv, line } = probed;
      measured.push(probed);
      out.push(
        `    GET ${path.padEnd(40)} ${String(csv.lines - 1).padStart(6)} rows, ${(csv.bytes / 1048576).toFixed(1)} MB ` +
          `in ${csv.time} s (${csv.cpu} s CPU of this process), ${csv.rss}`,
        `      ${line}`,
      );
    }
    if (filter === '') {
      const { result, aloneP99, duringP99 } = medianRun(measured);
      largestCsv = { rows: result.lines - 1, aloneP99, duringP99 };
    }
  }
  const [counted, pages] = comparisons as [Comparison, Comparison];
  return { lines: out, counted, pages, host, headline: headline.worst, largestCsv: largestCsv! };
}

/** How many times the largest CSV is exported with the light request probing. */
const LARGEST_CSV_RUNS = 3;

/** The run whose p99 ratio (during ÷ alone) is the median of all. */
function medianRun<Run extends { aloneP99: number; duringP99: number }>(runs: readonly Run[]): Run {
  const ratio = (run: Run) => run.duringP99 / run.aloneP99;
  const sorted = [...runs].sort((a, b) => ratio(a) - ratio(b));
  return sorted[Math.floor((sorted.length - 1) / 2)]!;
}

/** A host's own list under load against a baseline replaying the statements it ran (the access hook's too). */
async function hostList(product: Product, options: { seconds: number }): Promise<Comparison> {
  const { database, address } = product;
  const login = await fetch(`${address}/api/users/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'host1', password: BENCH_ADMIN.password }),
  });
  const headers = { authorization: ((await login.json()) as { data: string }).data };
  const statements = await recordStatements(async () => {
    const response = await fetch(`${address}${HOST_LIST_URL}`, { headers });
    if (!response.ok) throw new Error(`${HOST_LIST_URL} answered ${response.status} to host1`);
    return response.text();
  });
  const baseline = await startBaseline(database, { '/own': replay(statements) });
  try {
    const comparison = await compare(
      `GET ${HOST_LIST_URL} as a host`,
      { url: `${address}${HOST_LIST_URL}`, seconds: options.seconds, headers },
      { url: `${baseline.address}/own`, seconds: options.seconds },
    );
    return {
      ...comparison,
      lines: [`  Host's own list: ${statements.length} statements per request`, ...comparison.lines],
    };
  } finally {
    await baseline.close();
  }
}
