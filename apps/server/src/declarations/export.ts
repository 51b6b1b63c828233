import type { Readable } from 'node:stream';
import { COMPONENT_KINDS, type ComponentKind } from '@sejour/domain';
import { and, asc, eq, ne, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { type Database, type DatabaseHandle, selectRows } from '../db/database';
import { declarations, establishments, users } from '../db/schema';
import type { OffloadPool } from '../offload/pool';
import type { DeclarationsCsvHead } from './export-render';
import { providerNameSql } from './repository';

/** A done declaration keeps the type it was computed with; a draft shows its establishment's current type. */
const exportedRowSql = sql`json_build_array(
  ${declarations.year}, ${declarations.month}, ${declarations.id},
  coalesce(${declarations.tariffs}->>'type', ${establishments.type}::text), ${declarations.done},
  ${declarations.personCount}, ${declarations.nightsCount}, ${declarations.exemptedCount},
  ${declarations.taxableNights}, ${declarations.platformNightsCount},
  ${declarations.ccAmount}, ${declarations.moselleAmount}, ${declarations.totalAmount},
  ${establishments.name}, ${providerNameSql},
  ${declarations.ileDeFranceAmount}, ${declarations.idfMobilitesAmount}, ${declarations.railwayLineAmount},
  ${declarations.regime}, ${declarations.periodStart}, ${declarations.periodEnd})`;

/**
 * Rows per batch, by database. PGlite runs each batch's statement on the request thread, so its batches are kept
 * small and other requests are answered between two (at 1 000 rows a light request's p99 during the export of
 * every declaration was twice what it is at 250; at 100 the export took twice as long for no better p99). A
 * PostgreSQL server runs them in its own process, where fewer round trips cost less.
 */
export const EXPORT_BATCH: Readonly<Record<DatabaseHandle['kind'], number>> = { pglite: 250, postgres: 1000 };

/**
 * The whole filtered set as CSV, read batch by batch in (year, month, id) order — keyset paging on the
 * `(year, month, id)` index, so each batch reads just its own rows and nothing re-sorts what came before — and
 * written by a worker of the offload pool: the request thread hands over each batch as the database's JSON text
 * without parsing it, and sends the worker's bytes. The next batch is read once the reader has taken the last
 * one's bytes (memory stays flat whatever the client's pace), and a client that leaves stops the reads.
 */
export function declarationsCsv(
  db: Database,
  where: SQL | undefined,
  offload: OffloadPool,
  batchSize: number,
): Readable {
  /** One batch after the given key, as JSON text, with its last row's key and its size. */
  const batchAfter = async (after: BatchEnd | null) => {
    const batch = db
      .select({
        row: exportedRowSql.as('row'),
        year: declarations.year,
        month: declarations.month,
        id: declarations.id,
      })
      .from(declarations)
      .innerJoin(establishments, eq(establishments.id, declarations.establishmentId))
      .innerJoin(users, eq(users.id, declarations.userId))
      .where(
        and(
          where,
          after
            ? sql`(${declarations.year}, ${declarations.month}, ${declarations.id}) > (${after.year}, ${after.month}, ${after.id})`
            : undefined,
        ),
      )
      .orderBy(asc(declarations.year), asc(declarations.month), asc(declarations.id))
      .limit(batchSize)
      .as('batch');
    const [result] = await db
      .select({
        rows: sql<
          string | null
        >`json_agg(${batch.row} ORDER BY ${batch.year}, ${batch.month}, ${batch.id})::text`,
        count: sql<number>`count(*)::int`,
        // The key to read on from, found by the database: the request thread never parses the batch.
        lastYear: sql<number | null>`(max(array[${batch.year}, ${batch.month}, ${batch.id}]))[1]`,
        lastMonth: sql<number | null>`(max(array[${batch.year}, ${batch.month}, ${batch.id}]))[2]`,
        lastId: sql<number | null>`(max(array[${batch.year}, ${batch.month}, ${batch.id}]))[3]`,
      })
      .from(batch);
    const full = result?.count === batchSize;
    const { lastYear: year, lastMonth: month, lastId: id } = result ?? {};
    return {
      rows: result?.rows ?? null,
      end: full && year != null && month != null && id != null ? { year, month, id } : null,
    };
  };
  const head = (async (): Promise<DeclarationsCsvHead> => {
    const [found] = await selectRows<Record<Exclude<ComponentKind, 'DEPARTMENTAL'>, boolean>>(
      db,
      exportComponentsQuery(db, where),
    );
    return {
      components: COMPONENT_KINDS.filter((kind) => kind === 'DEPARTMENTAL' || found?.[kind] === true),
    };
  })();
  async function* batches(): AsyncGenerator<string[]> {
    let after: BatchEnd | null = null;
    do {
      const batch = await batchAfter(after);
      if (batch.rows) yield [batch.rows];
      after = batch.end;
    } while (after);
  }
  return offload.stream('declarationsCsv', head, batches());
}

/**
 * Whether some declaration the export writes has each component other than the departmental one: an `exists`
 * per component, which its partial index (`declarations_ile_de_france_idx`…) answers at once — a territory that
 * does not collect it has no entry to read.
 */
export function exportComponentsQuery(db: Database, where: SQL | undefined): SQL {
  const someHas = (amount: AnyPgColumn) =>
    sql<boolean>`exists (${db
      .select({ one: sql`1` })
      .from(declarations)
      .innerJoin(establishments, eq(establishments.id, declarations.establishmentId))
      .innerJoin(users, eq(users.id, declarations.userId))
      .where(and(where, ne(amount, 0)))})`;
  return sql`select ${someHas(declarations.ileDeFranceAmount)} as "ILE_DE_FRANCE",
    ${someHas(declarations.idfMobilitesAmount)} as "IDF_MOBILITES",
    ${someHas(declarations.railwayLineAmount)} as "RAILWAY_LINE"`;
}

interface BatchEnd {
  year: number;
  month: number;
  id: number;
}
