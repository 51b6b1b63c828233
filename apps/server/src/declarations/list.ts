import {
  type Declaration,
  type DeclarationListQuery,
  type DeclarationTotals,
  type ListMeta,
  monthsOfSemester,
} from '@sejour/domain';
import { and, asc, desc, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { Actor } from '../auth/actor';
import { accessibleWhere } from '../auth/ownership';
import type { Database } from '../db/database';
import { declarations, establishments, users } from '../db/schema';
import { containsPattern, pageWithTotal } from '../http/lists';
import { declarationsCsv } from './export';
import { declarationView, providerNameSql } from './repository';
import { toDeclaration } from './view';

/**
 * The type a declaration was computed with (its tariffs copy), else — for a row that keeps no copy — its
 * establishment's current one: the type the list shows, filters and sorts on (docs/features/declarations.md).
 */
const declaredTypeSql = sql<
  string | null
>`coalesce(${declarations.tariffs}->>'type', ${establishments.type})`;

/** The WHERE of a filtered list; a host's list is always limited to their own declarations. */
function conditions(actor: Actor, query: DeclarationListQuery): SQL | undefined {
  const where: (SQL | undefined)[] = [];
  where.push(accessibleWhere(actor, 'declaration'));
  if (query.year !== undefined) where.push(eq(declarations.year, query.year));
  if (query.semester !== undefined) where.push(inArray(declarations.month, monthsOfSemester(query.semester)));
  if (query.month !== undefined) where.push(eq(declarations.month, query.month));
  if (query.userId !== undefined) where.push(eq(declarations.userId, query.userId));
  if (query.establishmentId !== undefined)
    where.push(eq(declarations.establishmentId, query.establishmentId));
  if (query.type === 'unset') where.push(sql`${declaredTypeSql} is null`);
  else if (query.type !== undefined) where.push(sql`${declaredTypeSql} = ${query.type}`);
  if (query.city) {
    const pattern = containsPattern(query.city);
    where.push(or(sql`${establishments.city} ILIKE ${pattern}`, sql`${establishments.cp} ILIKE ${pattern}`));
  }
  if (query.done !== undefined) where.push(eq(declarations.done, query.done));
  if (query.q) {
    const pattern = containsPattern(query.q);
    where.push(or(sql`${establishments.name} ILIKE ${pattern}`, sql`${providerNameSql} ILIKE ${pattern}`));
  }
  return and(...where);
}

/**
 * ORDER BY of a page. Every sort field has an index that yields its order (declarations: period, nights,
 * amount, updated, done with the id; establishments: name, type and commune with the name; users: the provider
 * name), so a page walks the index and stops after offset + limit rows. The tie-breakers follow the first
 * term's direction, which lets a descending sort walk the same index backwards; a type or commune sort is
 * broken by the establishment's name first, since groups of one type are thousands of rows. Further sort
 * terms are honoured by sorting each group of equal first key.
 */
function orderBy(query: DeclarationListQuery): SQL[] {
  const columns = {
    establishment: [establishments.name],
    provider: [providerNameSql],
    type: [declaredTypeSql],
    city: [establishments.city],
    nightsCount: [declarations.nightsCount],
    totalAmount: [declarations.totalAmount],
    done: [declarations.done],
    updatedAt: [declarations.updatedAt],
    period: [declarations.year, declarations.month],
  } as const;
  const terms = query.sort.length > 0 ? query.sort : [{ field: 'period', direction: 'desc' } as const];
  const direction = terms[0]?.direction === 'desc' ? desc : asc;
  const order: SQL[] = [];
  for (const term of terms) {
    for (const column of columns[term.field])
      order.push(term.direction === 'asc' ? asc(column) : desc(column));
  }
  const first = terms[0]?.field;
  if (first === 'type' || first === 'city') order.push(direction(establishments.name));
  order.push(direction(declarations.id));
  return order;
}

/**
 * The total of a filtered list (exported for the bench's baseline, which runs the very same SQL). Joins only when a filter reads the establishment or the provider: the usual
 * filters (year, month, done, provider) are then counted from the declarations' own indexes alone.
 */
export function declarationCountQuery(db: Database, actor: Actor, query: DeclarationListQuery) {
  const base = db.select({ n: sql<number>`count(*)::int` }).from(declarations);
  const where = conditions(actor, query);
  if (query.type === undefined && !query.city && !query.q && !accessibleWhere(actor, 'declaration'))
    return base.where(where);
  return base
    .innerJoin(establishments, eq(establishments.id, declarations.establishmentId))
    .innerJoin(users, eq(users.id, declarations.userId))
    .where(where);
}

/** One page of the filtered, sorted list (exported so that the bench can EXPLAIN exactly what the API runs). */
export function declarationPageQuery(db: Database, actor: Actor, query: DeclarationListQuery) {
  return declarationView(db)
    .where(conditions(actor, query))
    .orderBy(...orderBy(query))
    .limit(query.limit)
    .offset(query.offset);
}

export function createDeclarationLists(db: Database) {
  return {
    async list(actor: Actor, query: DeclarationListQuery): Promise<{ data: Declaration[]; meta: ListMeta }> {
      const { rows, total } = await pageWithTotal(
        query,
        () => declarationPageQuery(db, actor, query),
        async () => (await declarationCountQuery(db, actor, query))[0]?.n ?? 0,
      );
      return { data: rows.map(toDeclaration), meta: { total, limit: query.limit, offset: query.offset } };
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
    csv(actor: Actor, query: DeclarationListQuery, batchSize?: number): AsyncGenerator<string> {
      return declarationsCsv(db, conditions(actor, query), batchSize);
    },
  };
}

export type DeclarationLists = ReturnType<typeof createDeclarationLists>;
