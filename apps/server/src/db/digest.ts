import { sql } from 'drizzle-orm';
import { type Database, selectRows } from './database';

/**
 * A fingerprint of every table: its row count and a hash of its rows' text, read in one snapshot. Two
 * databases with the same digests hold the same data (backups and their restores, a move to PostgreSQL), and
 * a request that changed nothing leaves them as they were. Sequences are listed apart: a refused insert may
 * use up a number without changing any row.
 */
export interface DatabaseDigest {
  /** `schema.table` → `rows:md5` */
  tables: Record<string, string>;
  /** `schema.sequence` → its last value (`null` before its first use) */
  sequences: Record<string, string | null>;
}

const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** The tables of the application's schemas (not PostgreSQL's own). */
export async function userTables(db: Database): Promise<{ schema: string; name: string }[]> {
  return selectRows<{ schema: string; name: string }>(
    db,
    sql`SELECT table_schema AS schema, table_name AS name FROM information_schema.tables
        WHERE table_type = 'BASE TABLE' AND table_schema NOT IN ('pg_catalog', 'information_schema')
        ORDER BY table_schema, table_name`,
  );
}

export async function digestDatabase(
  db: Database,
  options: { except?: readonly string[] } = {},
): Promise<DatabaseDigest> {
  return db.transaction(
    async (tx) => {
      // Times and dates print the same on every server and in every session.
      await tx.execute(sql`SET LOCAL TimeZone = 'UTC'`);
      await tx.execute(sql`SET LOCAL DateStyle = 'ISO, YMD'`);
      await tx.execute(sql`SET LOCAL IntervalStyle = 'postgres'`);
      const except = new Set(options.except ?? []);
      const tables = (await userTables(tx as unknown as Database)).filter(
        (t) => !except.has(t.name) && !except.has(`${t.schema}.${t.name}`),
      );
      const digest: DatabaseDigest = { tables: {}, sequences: {} };
      if (tables.length > 0) {
        const parts = tables.map(
          ({ schema, name }) =>
            `SELECT '${schema}.${name}' AS name, count(*)::int AS rows,
                    md5(coalesce(string_agg(x::text, E'\\n' ORDER BY x::text), '')) AS hash
             FROM ${quote(schema)}.${quote(name)} x`,
        );
        const rows = await selectRows<{ name: string; rows: number; hash: string }>(
          tx,
          sql.raw(parts.join('\nUNION ALL\n')),
        );
        for (const row of rows) digest.tables[row.name] = `${row.rows}:${row.hash}`;
      }
      const sequences = await selectRows<{ name: string; last: string | null }>(
        tx,
        sql`SELECT schemaname || '.' || sequencename AS name, last_value::text AS last FROM pg_sequences
            WHERE schemaname NOT IN ('pg_catalog', 'information_schema') ORDER BY 1`,
      );
      for (const row of sequences) digest.sequences[row.name] = row.last;
      return digest;
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}
