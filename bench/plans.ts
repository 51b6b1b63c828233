import { DECLARATION_SORT_FIELDS, declarationListQuerySchema } from '@sejour/domain';
import { sql } from 'drizzle-orm';
import type { DatabaseHandle } from '../apps/server/src/db/database';
import { declarationCountQuery, declarationPageQuery } from '../apps/server/src/declarations/list';

/** EXPLAIN takes no bind parameters on PGlite's simple protocol: the bench inlines its own known values. */
export function inline(text: string, params: unknown[]): string {
  return text.replace(/\$(\d+)/g, (_, i: string) => {
    const value = params[Number(i) - 1];
    if (typeof value === 'number' || typeof value === 'boolean') return String(value);
    return `'${String(value).replaceAll("'", "''")}'`;
  });
}

export async function explain(database: DatabaseHandle, statement: { sql: string; params: unknown[] }) {
  const result = (await database.db.execute(
    sql.raw(`EXPLAIN (ANALYZE, BUFFERS) ${inline(statement.sql, statement.params)}`),
  )) as unknown as { rows: { 'QUERY PLAN': string }[] };
  return result.rows.map((row) => row['QUERY PLAN']);
}

/**
 * For every sort field of the declarations list, in both directions, the plan of a filtered page: which index
 * gives the order, whether anything sorts the whole set, how many rows the scan touched and the time. The
 * evidence that each allowed sort is index-backed.
 */
export async function sortPlans(database: DatabaseHandle, adminId: number): Promise<string[]> {
  const out: string[] = [];
  for (const field of DECLARATION_SORT_FIELDS) {
    for (const direction of ['asc', 'desc'] as const) {
      const query = declarationListQuerySchema.parse({
        year: '2026',
        done: 'true',
        sort: `${field}:${direction}`,
        limit: '50',
        offset: '500',
      });
      // Twice: the first run warms the cache, the second is the one read.
      const statement = declarationPageQuery(
        database.db,
        { id: adminId, username: 'admin', role: 'admin' },
        query,
      ).toSQL();
      await explain(database, statement);
      const plan = await explain(database, statement);
      const indexes = [
        ...new Set(
          plan.flatMap((line) => {
            const m = /(Index(?: Only)? Scan(?: Backward)?) using (\w+)/.exec(line);
            return m && !/_pkey$/.test(m[2] ?? '')
              ? [`${m[2]}${m[1]?.includes('Backward') ? ' ↑' : ''}`]
              : [];
          }),
        ),
      ];
      // A Sort above the page's Limit orders the page's own rows (the deferred join's outer query); one below it
      // would sort the filtered set.
      const limitAt = plan.findIndex((line) => /^\s*(->\s*)?Limit\s+\(/.test(line));
      const fullSort = plan.slice(limitAt + 1).some((line) => /^\s*(->\s*)?Sort\s+\(/.test(line));
      const incremental = plan.find((line) => /Incremental Sort/.test(line)) !== undefined;
      const time =
        plan.find((line) => line.startsWith('Execution Time'))?.replace('Execution Time: ', '') ?? '?';
      out.push(
        `    sort=${`${field}:${direction}`.padEnd(18)} ${time.padStart(10)}  ${indexes.join(', ') || 'no index'}` +
          `${fullSort ? '  ⚠ sorts the whole set' : ''}${incremental ? '  (groups of equal key sorted)' : ''}`,
      );
    }
  }
  return out;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

/**
 * The admin's heavy list alone (no load): a year's declarations of one type, a page deep in the set (offset
 * 5 000 at full scale), for every sort the screen offers and the two-key "amount then provider"; the page and
 * the count timed apart, median of 7 after a warm-up, from this process (PGlite runs in it; PostgreSQL adds
 * the loopback round trip).
 */
export async function headlineList(
  database: DatabaseHandle,
  adminId: number,
  scale: number,
): Promise<{ lines: string[]; worst: { sort: string; ms: number } }> {
  const offset = String(Math.round(5000 * scale));
  const actor = { id: adminId, username: 'admin', role: 'admin' as const };
  const time = async (statement: { sql: string; params: unknown[] }) => {
    const runs: number[] = [];
    for (let i = 0; i < 8; i++) {
      const started = performance.now();
      await database.db.execute(sql.raw(inline(statement.sql, statement.params)));
      if (i > 0) runs.push(performance.now() - started);
    }
    return median(runs);
  };
  const sorts = [
    'totalAmount:asc,provider:asc',
    ...DECLARATION_SORT_FIELDS.flatMap((field) => [`${field}:asc`, `${field}:desc`]),
  ];
  const out = [`    year=2026&type=HOTEL_3, 50 rows at offset ${offset}: page ms + count ms (median of 7)`];
  // One request of the screen runs both: the slowest sum is what a user waits for at worst.
  let worst = { sort: '', ms: Number.NEGATIVE_INFINITY };
  for (const sort of sorts) {
    const query = declarationListQuerySchema.parse({
      year: '2026',
      type: 'HOTEL_3',
      sort,
      limit: '50',
      offset,
    });
    const page = await time(declarationPageQuery(database.db, actor, query).toSQL());
    const count = await time(declarationCountQuery(database.db, actor, query).toSQL());
    out.push(`    sort=${sort.padEnd(30)} ${page.toFixed(1).padStart(6)} + ${count.toFixed(1).padStart(6)}`);
    if (page + count > worst.ms) worst = { sort, ms: page + count };
  }
  return { lines: out, worst };
}
