import type { Readable } from 'node:stream';
import {
  type Declaration,
  type DeclarationListQuery,
  type DeclarationSortField,
  type DeclarationTotals,
  isAdminRole,
  isoDateIn,
  type ListMeta,
  monthsOfSemester,
} from '@sejour/domain';
import { and, asc, desc, eq, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Actor } from '../auth/actor';
import { accessibleWhere } from '../auth/ownership';
import type { Database } from '../db/database';
import { type Bind, inline, placeholders, preparedOn } from '../db/prepared';
import { declarations, establishments, users } from '../db/schema';
import { containsPattern, pageWithTotal } from '../http/lists';
import type { OffloadPool } from '../offload/pool';
import { declarationsCsv } from './export';
import { declarationView } from './repository';
import { toDeclaration } from './view';

/**
 * The WHERE of a filtered list; a host's list is always limited to their own declarations. Values go through
 * `bind`: inline when the query is built for one call, placeholders when it is prepared.
 */
function conditions(actor: Actor, query: DeclarationListQuery, bind: Bind = inline): SQL | undefined {
  const where: (SQL | undefined)[] = [];
  where.push(accessibleWhere({ id: bind('actorId', actor.id), role: actor.role }, 'declaration'));
  if (query.year !== undefined) where.push(eq(declarations.year, bind('year', query.year)));
  if (query.semester !== undefined)
    where.push(
      inArray(
        declarations.month,
        monthsOfSemester(query.semester).map((month, i) => bind(`semester${i}`, month)),
      ),
    );
  if (query.month !== undefined) where.push(eq(declarations.month, bind('month', query.month)));
  if (query.userId !== undefined) where.push(eq(declarations.userId, bind('userId', query.userId)));
  if (query.establishmentId !== undefined)
    where.push(eq(declarations.establishmentId, bind('establishmentId', query.establishmentId)));
  if (query.type === 'unset') where.push(isNull(declarations.declaredType));
  else if (query.type !== undefined) where.push(eq(declarations.declaredType, bind('type', query.type)));
  if (query.city) {
    const pattern = bind('city', containsPattern(query.city));
    where.push(or(sql`${establishments.city} ILIKE ${pattern}`, sql`${establishments.cp} ILIKE ${pattern}`));
  }
  if (query.done !== undefined) where.push(eq(declarations.done, bind('done', query.done)));
  if (query.q) {
    const pattern = bind('q', containsPattern(query.q));
    where.push(
      or(sql`${establishments.name} ILIKE ${pattern}`, sql`${declarations.providerName} ILIKE ${pattern}`),
    );
  }
  return and(...where);
}

/**
 * What decides the SQL text of a page and count besides the values, and whether its statement may be named. A
 * host's list is named (planned once per connection: it reads one provider's rows, the same index whatever the
 * values). An admin's (the whole table, where a plan made for unknown values could walk the wrong index —
 * decision 0142's plans are chosen per call) and a text search (a pattern's plan depends on the pattern) are
 * unnamed: planned at each call with its values, only drizzle's build saved.
 */
function preparedShape(actor: Actor, query: DeclarationListQuery): { shape: string; named: boolean } {
  const admin = isAdminRole(actor.role);
  const present = [
    query.year,
    query.semester,
    query.month,
    query.userId,
    query.establishmentId,
    query.done,
    query.city,
    query.q,
  ].map((value) => (value === undefined || value === '' ? 0 : 1));
  const type = query.type === undefined ? '' : query.type === 'unset' ? 'unset' : 'type';
  const named = !admin && !query.city && !query.q;
  return { shape: JSON.stringify([admin ? 'admin' : 'host', present, type, query.sort]), named };
}

/**
 * ORDER BY of a page. Every sort field has an index that yields its order — on the declarations (period,
 * type, provider, nights, amount then provider, updated, done, each ending with the id) or on the
 * establishments (name; commune then name) — so a page walks an index and stops after offset + limit rows.
 * The tie-breakers follow the first term's direction, which lets a descending sort walk the same index
 * backwards; an amount sort is broken by the provider's name (its index holds both), a commune sort by the
 * establishment's name. Further sort terms are honoured by sorting each group of equal first key, which the
 * planner does group by group on the index walk (an Incremental Sort, bounded by the page).
 */
function orderBy(query: DeclarationListQuery): SQL[] {
  const columns: Record<DeclarationSortField, (AnyPgColumn | SQL)[]> = {
    establishment: [establishments.name],
    provider: [declarations.providerName],
    type: [declarations.declaredType],
    city: [establishments.city],
    nightsCount: [declarations.nightsCount],
    totalAmount: [declarations.totalAmount],
    done: [declarations.done],
    updatedAt: [declarations.updatedAt],
    period: [declarations.year, declarations.month],
  };
  const terms = query.sort.length > 0 ? query.sort : [{ field: 'period', direction: 'desc' } as const];
  const first = terms[0];
  const tieBreakers: (AnyPgColumn | SQL)[] =
    first?.field === 'totalAmount'
      ? [declarations.providerName]
      : first?.field === 'city'
        ? [establishments.name]
        : [];
  const seen = new Set<unknown>();
  const order: SQL[] = [];
  const push = (column: AnyPgColumn | SQL, direction: 'asc' | 'desc') => {
    if (seen.has(column)) return;
    seen.add(column);
    order.push(direction === 'asc' ? asc(column) : desc(column));
  };
  for (const [i, term] of terms.entries()) {
    for (const column of columns[term.field]) push(column, term.direction);
    // The index's own tie-breaker comes right after its key, unless the next term names it itself.
    if (i === 0)
      for (const column of tieBreakers) if (terms[1]?.field !== 'provider') push(column, term.direction);
  }
  push(declarations.id, first?.direction ?? 'desc');
  return order;
}

/** Counting stops there: past it the screen says "plus de 10 000" (decision 0142). */
export const DECLARATION_COUNT_BOUND = 10_000;

/**
 * The total of a filtered list, up to `DECLARATION_COUNT_BOUND` + 1 rows (exported for the bench's baseline,
 * which runs the very same SQL): a deep count would read the whole set again after the page did. Joins only
 * when a filter reads the establishment (commune, search) or the actor's access does: the usual filters (year,
 * month, done, type, provider) are counted from the declarations' own indexes alone.
 */
export function declarationCountQuery(
  db: Database,
  actor: Actor,
  query: DeclarationListQuery,
  bind: Bind = inline,
) {
  const where = conditions(actor, query, bind);
  const joined =
    Boolean(query.city) || Boolean(query.q) || accessibleWhere(actor, 'declaration') !== undefined;
  const rows = db.select({ one: sql`1` }).from(declarations);
  const bounded = (
    joined
      ? rows
          .innerJoin(establishments, eq(establishments.id, declarations.establishmentId))
          .innerJoin(users, eq(users.id, declarations.userId))
          .where(where)
      : rows.where(where)
  )
    .limit(DECLARATION_COUNT_BOUND + 1)
    .as('bounded');
  return db.select({ n: sql<number>`count(*)::int` }).from(bounded);
}

/**
 * One page of the filtered, sorted list (exported so that the bench can EXPLAIN exactly what the API runs), as
 * a deferred join: an inner query finds the page's ids walking the declarations' indexes alone — joining the
 * establishments only when a filter or the sort reads them — and only those rows are then joined to what the
 * list shows. A page at offset 5 000 thus skips 5 000 index entries instead of 5 000 joined, wide rows. The
 * outer query sorts the page's rows again (a few dozen): a join does not keep its input's order.
 */
export function declarationPageQuery(
  db: Database,
  actor: Actor,
  query: DeclarationListQuery,
  bind: Bind = inline,
) {
  const readsEstablishment =
    Boolean(query.city) ||
    Boolean(query.q) ||
    query.sort.some((term) => term.field === 'establishment' || term.field === 'city');
  const ids = db.select({ id: declarations.id }).from(declarations);
  const page = (
    readsEstablishment
      ? ids.innerJoin(establishments, eq(establishments.id, declarations.establishmentId))
      : ids
  )
    .where(conditions(actor, query, bind))
    .orderBy(...orderBy(query))
    .limit(bind('limit', query.limit))
    .offset(bind('offset', query.offset))
    .as('page');
  return declarationView(db)
    .innerJoin(page, eq(page.id, declarations.id))
    .orderBy(...orderBy(query));
}

/**
 * A list's page and count, prepared once per shape of query (who asks, the filters present and the sort, see
 * `preparedShape`) and run with this query's values; undefined when this list is built per call (see
 * `preparedOn`).
 */
function preparedList(db: Database, actor: Actor, query: DeclarationListQuery) {
  const { shape, named } = preparedShape(actor, query);
  const { bind, values } = placeholders();
  // This call's values (no SQL text is built here); the first call's builders bind the same names again.
  conditions(actor, query, bind);
  values.limit = query.limit;
  values.offset = query.offset;
  const page = preparedOn(
    db,
    `declarations_page:${shape}`,
    (database, name) => declarationPageQuery(database, actor, query, bind).prepare(name),
    { named },
  );
  const count = preparedOn(
    db,
    `declarations_count:${shape}`,
    (database, name) => declarationCountQuery(database, actor, query, bind).prepare(name),
    { named },
  );
  if (!page || !count) return undefined;
  return { page: () => page.execute(values), count: () => count.execute(values) };
}

/** `now`: the clock that says whether a forfait declaration is late; `offload`: the pool whose worker writes the CSV export. */
export function createDeclarationLists(
  db: Database,
  now: () => Date,
  offload: OffloadPool,
  /** Rows per batch of the CSV export (`EXPORT_BATCH`, by database). */
  exportBatch: number,
) {
  return {
    async list(actor: Actor, query: DeclarationListQuery): Promise<{ data: Declaration[]; meta: ListMeta }> {
      const prepared = preparedList(db, actor, query);
      const { rows, total } = await pageWithTotal(
        query,
        () => (prepared ? prepared.page() : declarationPageQuery(db, actor, query)),
        async () =>
          (await (prepared ? prepared.count() : declarationCountQuery(db, actor, query)))[0]?.n ?? 0,
      );
      const meta: ListMeta = { total, limit: query.limit, offset: query.offset };
      if (total !== null && total > DECLARATION_COUNT_BOUND) {
        meta.total = DECLARATION_COUNT_BOUND;
        meta.totalIsLowerBound = true;
      }
      const today = isoDateIn(now());
      return { data: rows.map((row) => toDeclaration(row, today)), meta };
    },

    async totals(actor: Actor, query: DeclarationListQuery): Promise<DeclarationTotals> {
      const [row] = await db
        .select({
          count: sql<number>`count(*)::int`,
          nightsCount: sql<number>`coalesce(sum(${declarations.nightsCount}), 0)::bigint`,
          taxableNights: sql<number>`coalesce(sum(${declarations.taxableNights}), 0)::bigint`,
          platformNightsCount: sql<number>`coalesce(sum(${declarations.platformNightsCount}), 0)::bigint`,
          ccAmount: sql<number>`coalesce(sum(${declarations.ccAmount}), 0)::bigint`,
          moselleAmount: sql<number>`coalesce(sum(${declarations.moselleAmount}), 0)::bigint`,
          totalAmount: sql<number>`coalesce(sum(${declarations.totalAmount}), 0)::bigint`,
        })
        .from(declarations)
        .innerJoin(establishments, eq(establishments.id, declarations.establishmentId))
        .innerJoin(users, eq(users.id, declarations.userId))
        .where(conditions(actor, query));
      // Sums come back as bigint strings: the amounts stay far below 2^53 cents.
      const number = (value: unknown) => Number(value ?? 0);
      return {
        count: number(row?.count),
        nightsCount: number(row?.nightsCount),
        taxableNights: number(row?.taxableNights),
        platformNightsCount: number(row?.platformNightsCount),
        ccAmount: number(row?.ccAmount),
        moselleAmount: number(row?.moselleAmount),
        totalAmount: number(row?.totalAmount),
      };
    },

    /** The whole filtered set as CSV, streamed batch by batch (see `declarationsCsv`). */
    csv(actor: Actor, query: DeclarationListQuery, batchSize = exportBatch): Readable {
      return declarationsCsv(db, conditions(actor, query), offload, batchSize);
    },
  };
}

export type DeclarationLists = ReturnType<typeof createDeclarationLists>;
