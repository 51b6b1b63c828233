import {
  CSV_BOM,
  csvEuros,
  csvLine,
  type Declaration,
  type DeclarationListQuery,
  type DeclarationTotals,
  establishmentTypeInfo,
  type ListMeta,
  type Month,
  monthName,
  monthsOfSemester,
} from '@sejour/domain';
import { and, asc, desc, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import { type Actor, accessibleWhere } from '../auth/ownership';
import type { Database } from '../db/database';
import { declarations, establishments, users } from '../db/schema';
import { containsPattern, pageWithTotal } from '../http/lists';
import { type DeclarationViewRow, declarationView, providerNameSql } from './repository';
import { toDeclaration } from './service';

/**
 * The type a declaration was computed with (its tariffs copy), else — for a row that keeps no copy — its
 * establishment's current one: the type the list shows, filters and sorts on (docs/decisions/0105-declarations.md).
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
  const order: SQL[] = [];
  for (const term of query.sort) {
    for (const column of columns[term.field])
      order.push(term.direction === 'asc' ? asc(column) : desc(column));
  }
  if (order.length === 0)
    order.push(desc(declarations.year), desc(declarations.month), asc(establishments.name));
  order.push(asc(declarations.id));
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

    /**
     * The whole filtered set as CSV, written batch by batch in (year, month, id) order — keyset paging, so
     * memory stays flat and no batch re-sorts what came before. The next batch is already being read while the
     * current one is formatted and sent, so the database and the formatting overlap instead of taking turns.
     */
    async *csv(actor: Actor, query: DeclarationListQuery, batchSize = 2000): AsyncGenerator<string> {
      yield CSV_BOM + csvLine(CSV_COLUMNS.map((c) => c.header));
      const where = conditions(actor, query);
      const batchAfter = (after: { year: number; month: number; id: number } | null) =>
        declarationView(db)
          .where(
            and(
              where,
              // A row comparison, which the (year, month) index can seek to, unlike the equivalent OR of terms.
              after
                ? sql`(${declarations.year}, ${declarations.month}, ${declarations.id}) > (${after.year}, ${after.month}, ${after.id})`
                : undefined,
            ),
          )
          .orderBy(asc(declarations.year), asc(declarations.month), asc(declarations.id))
          .limit(batchSize)
          .then((rows: DeclarationViewRow[]) => rows);
      let pending: Promise<DeclarationViewRow[]> | null = batchAfter(null);
      try {
        while (pending) {
          const rows: DeclarationViewRow[] = await pending;
          const last = rows[rows.length - 1];
          pending = last && rows.length === batchSize ? batchAfter(last) : null;
          let chunk = '';
          for (const row of rows) {
            const declaration = toDeclaration(row);
            chunk += csvLine(CSV_COLUMNS.map((c) => c.value(declaration)));
          }
          if (chunk) yield chunk;
        }
      } finally {
        // A client that hangs up mid-file leaves a read in flight: let it settle without an unhandled rejection.
        pending?.catch(() => undefined);
      }
    },
  };
}

export type DeclarationLists = ReturnType<typeof createDeclarationLists>;

interface CsvColumn {
  header: string;
  value: (d: Declaration) => string | number | null;
}

/** The columns of the CSV export, in French. */
const CSV_COLUMNS: CsvColumn[] = [
  { header: 'Année', value: (d) => d.year },
  { header: 'Mois', value: (d) => monthName(d.month as Month) },
  { header: 'Hébergeur', value: (d) => d.providerName },
  { header: 'Établissement', value: (d) => d.establishmentName },
  { header: 'Catégorie', value: (d) => (d.type ? establishmentTypeInfo[d.type].label : '') },
  { header: 'Terminée', value: (d) => (d.done ? 'Oui' : 'Non') },
  { header: 'Personnes', value: (d) => d.personCount },
  { header: 'Nuitées', value: (d) => d.nightsCount },
  { header: 'Nuitées exonérées', value: (d) => d.exemptedCount },
  { header: 'Nuitées taxables', value: (d) => d.taxableNights },
  { header: 'Nuitées via plateformes', value: (d) => d.platformNightsCount },
  { header: 'Taxe communautaire (€)', value: (d) => csvEuros(d.ccAmount) },
  { header: 'Taxe additionnelle départementale (€)', value: (d) => csvEuros(d.moselleAmount) },
  { header: 'Total (€)', value: (d) => csvEuros(d.totalAmount) },
];
