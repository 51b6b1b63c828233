import type { SortTerm } from '@sejour/domain';
import { asc, desc, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

/** ORDER BY terms from parsed `?sort=`, then a stable tie-breaker so that pages never overlap. */
export function orderBy<F extends string>(
  terms: SortTerm<F>[],
  columns: Record<F, AnyPgColumn | SQL>,
  fallback: SQL,
  tieBreaker: AnyPgColumn,
): SQL[] {
  const order = terms.map((t) => (t.direction === 'asc' ? asc(columns[t.field]) : desc(columns[t.field])));
  if (order.length === 0) order.push(fallback);
  order.push(asc(tieBreaker));
  return order;
}

/**
 * A page and the total of its filtered list, read side by side — or the page alone when the client said
 * `?total=false`. The total is always a separate count: `count(*) over ()` would read and sort every row.
 */
export async function pageWithTotal<Row>(
  query: { total?: boolean | undefined },
  page: () => Promise<Row[]>,
  count: () => Promise<number>,
): Promise<{ rows: Row[]; total: number | null }> {
  const [rows, total] = await Promise.all([page(), query.total === false ? null : count()]);
  return { rows, total };
}

/** `%…%` pattern for ILIKE with the user's own wildcards escaped. */
export function containsPattern(q: string): string {
  return `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
