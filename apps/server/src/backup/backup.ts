import { once } from 'node:events';
import { createReadStream, createWriteStream } from 'node:fs';
import { createInterface } from 'node:readline';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import { APP_VERSION } from '@sejour/domain';
import { sql } from 'drizzle-orm';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { type Database, type DatabaseHandle, selectRows } from '../db/database';
import { userTables } from '../db/digest';

/**
 * A logical backup: every row of every table as JSON (`to_jsonb`), read in one repeatable-read snapshot,
 * gzipped, one JSON document per line. The same file restores into an empty embedded database or an empty
 * PostgreSQL database: PostgreSQL itself turns each value back into its column's type
 * (`jsonb_populate_recordset`), so bytes (uploaded files), dates and amounts come back exactly.
 * docs/decisions/0111-reliability.md.
 */

export const BACKUP_FORMAT = 'sejour-backup';
const FORMAT_VERSION = 1;
/** The migrations table is rebuilt by the migrations themselves, not copied. */
const MIGRATIONS_TABLE = 'drizzle.__drizzle_migrations';
/** Rows per line: small enough to keep a line of files in memory, large enough to be quick. */
const ROWS_PER_LINE = 100;

interface Header {
  format: typeof BACKUP_FORMAT;
  version: number;
  app: string;
  createdAt: string;
  /** Hashes of the migrations the database had: a restore needs the same. */
  migrations: string[];
}
interface RowsLine {
  table: string;
  rows: unknown[];
}
interface EndLine {
  end: true;
  /** Rows per table, checked after the restore. */
  counts: Record<string, number>;
  sequences: Record<string, string | null>;
}

export class BackupError extends Error {}

const quoted = (qualified: string) =>
  qualified
    .split('.')
    .map((part) => `"${part.replaceAll('"', '""')}"`)
    .join('.');

/** Tables in an order where every row's foreign keys point to rows already restored. */
async function tablesInDependencyOrder(db: Database): Promise<string[]> {
  const tables = (await userTables(db))
    .map((t) => `${t.schema}.${t.name}`)
    .filter((name) => name !== MIGRATIONS_TABLE);
  const edges = await selectRows<{ child: string; parent: string }>(
    db,
    sql`SELECT cn.nspname || '.' || c.relname AS child, pn.nspname || '.' || p.relname AS parent
        FROM pg_constraint k
        JOIN pg_class c ON c.oid = k.conrelid JOIN pg_namespace cn ON cn.oid = c.relnamespace
        JOIN pg_class p ON p.oid = k.confrelid JOIN pg_namespace pn ON pn.oid = p.relnamespace
        WHERE k.contype = 'f'`,
  );
  const ordered: string[] = [];
  const visiting = new Set<string>();
  const visit = (table: string) => {
    if (ordered.includes(table) || visiting.has(table)) return;
    visiting.add(table);
    for (const edge of edges) if (edge.child === table && edge.parent !== table) visit(edge.parent);
    visiting.delete(table);
    ordered.push(table);
  };
  for (const table of tables) visit(table);
  return ordered;
}

async function appliedMigrations(db: Database): Promise<string[]> {
  const rows = await selectRows<{ hash: string }>(
    db,
    sql.raw(`SELECT hash FROM ${quoted(MIGRATIONS_TABLE)} ORDER BY created_at, id`),
  );
  return rows.map((r) => r.hash);
}

/** Writes a backup of the whole database to `file` (gzipped JSON lines). Safe while the server runs. */
export async function writeBackup(db: Database, file: string): Promise<{ tables: number; rows: number }> {
  let total = 0;
  let tableCount = 0;
  const gzip = createGzip();
  const written = pipeline(gzip, createWriteStream(file, { mode: 0o600 }));
  const push = async (line: string) => {
    if (!gzip.write(`${line}\n`)) await once(gzip, 'drain');
  };
  try {
    await db.transaction(
      async (tx) => {
        const t = tx as unknown as Database;
        const header: Header = {
          format: BACKUP_FORMAT,
          version: FORMAT_VERSION,
          app: APP_VERSION,
          createdAt: new Date().toISOString(),
          migrations: await appliedMigrations(t),
        };
        await push(JSON.stringify(header));
        const counts: Record<string, number> = {};
        for (const table of await tablesInDependencyOrder(t)) {
          tableCount += 1;
          counts[table] = 0;
          for (let offset = 0; ; offset += ROWS_PER_LINE) {
            // ctid order within one snapshot: every row once, without knowing the table's key.
            const rows = await selectRows<{ row: string }>(
              t,
              sql.raw(
                `SELECT to_jsonb(x)::text AS row FROM ${quoted(table)} x ORDER BY x.ctid LIMIT ${ROWS_PER_LINE} OFFSET ${offset}`,
              ),
            );
            if (rows.length === 0) break;
            counts[table] += rows.length;
            await push(`{"table":${JSON.stringify(table)},"rows":[${rows.map((r) => r.row).join(',')}]}`);
            if (rows.length < ROWS_PER_LINE) break;
          }
        }
        total = Object.values(counts).reduce((a, b) => a + b, 0);
        const sequences = await selectRows<{ name: string; last: string | null }>(
          t,
          sql`SELECT schemaname || '.' || sequencename AS name, last_value::text AS last FROM pg_sequences
              WHERE schemaname NOT IN ('pg_catalog', 'information_schema')`,
        );
        const end: EndLine = {
          end: true,
          counts,
          sequences: Object.fromEntries(sequences.map((s) => [s.name, s.last])),
        };
        await push(JSON.stringify(end));
      },
      { isolationLevel: 'repeatable read', accessMode: 'read only' },
    );
  } finally {
    gzip.end();
    await written;
  }
  return { tables: tableCount, rows: total };
}

/** Whether a database has no table of its own yet (a restore writes only into such a one). */
export async function isEmptyDatabase(db: Database): Promise<boolean> {
  return (await userTables(db)).length === 0;
}

async function* readLines(file: string): AsyncGenerator<unknown> {
  const input = createReadStream(file).pipe(createGunzip());
  const reader = createInterface({ input, crlfDelay: Infinity });
  const closed = once(input, 'close').catch(() => undefined);
  try {
    for await (const line of reader) {
      if (line.trim() === '') continue;
      yield JSON.parse(line);
    }
  } catch (error) {
    throw new BackupError(`The backup file is damaged or not a backup: ${(error as Error).message}`);
  } finally {
    reader.close();
    await closed;
  }
}

/**
 * Restores `file` into the empty database behind `handle`: the migrations the backup was made with, then
 * every row and the sequences, in one transaction, then a count of every table. Refuses a database that
 * already has tables, a backup from other migrations and a truncated file.
 */
export async function restoreBackup(
  handle: DatabaseHandle,
  file: string,
  migrationsFolder: string,
): Promise<{ tables: number; rows: number }> {
  const { db } = handle;
  if (!(await isEmptyDatabase(db))) {
    throw new BackupError('The target database is not empty: restore only into a new, empty one.');
  }
  const lines = readLines(file);
  const first = await lines.next();
  const header = first.value as Header | undefined;
  if (first.done || header?.format !== BACKUP_FORMAT || header.version !== FORMAT_VERSION) {
    throw new BackupError('This file is not a Séjour backup.');
  }
  const known = readMigrationFiles({ migrationsFolder }).map((m) => m.hash);
  const same = known.length === header.migrations.length && known.every((h, i) => h === header.migrations[i]);
  if (!same) {
    throw new BackupError(
      `The backup was made by version ${header.app} with other migrations: restore it with that version, then start this one.`,
    );
  }
  await handle.migrate(migrationsFolder);
  let end: EndLine | undefined;
  const restored: Record<string, number> = {};
  await db.transaction(async (tx) => {
    const columnsOf = new Map<string, string[]>();
    for await (const value of lines) {
      if (end) throw new BackupError('The backup has data after its end.');
      const line = value as Partial<RowsLine & EndLine>;
      if (line.end) {
        end = line as EndLine;
        continue;
      }
      const table = line.table as string;
      if (!columnsOf.has(table)) {
        const [schema, name] = table.split('.') as [string, string];
        const columns = await selectRows<{ name: string }>(
          tx,
          sql`SELECT column_name AS name FROM information_schema.columns
              WHERE table_schema = ${schema} AND table_name = ${name} AND is_generated = 'NEVER'
              ORDER BY ordinal_position`,
        );
        columnsOf.set(
          table,
          columns.map((c) => `"${c.name.replaceAll('"', '""')}"`),
        );
      }
      const columns = (columnsOf.get(table) ?? []).join(', ');
      await tx.execute(
        sql`INSERT INTO ${sql.raw(quoted(table))} (${sql.raw(columns)})
            SELECT ${sql.raw(columns)} FROM jsonb_populate_recordset(NULL::${sql.raw(quoted(table))}, ${JSON.stringify(line.rows)}::jsonb)`,
      );
      restored[table] = (restored[table] ?? 0) + (line.rows?.length ?? 0);
    }
    if (!end) throw new BackupError('The backup is truncated (no end mark): it cannot be restored.');
    for (const [name, last] of Object.entries(end.sequences)) {
      if (last !== null) await tx.execute(sql`SELECT setval(${quoted(name)}, ${last}::bigint, true)`);
    }
    for (const [table, count] of Object.entries(end.counts)) {
      const [row] = await selectRows<{ n: number }>(
        tx,
        sql.raw(`SELECT count(*)::int AS n FROM ${quoted(table)}`),
      );
      if (row?.n !== count)
        throw new BackupError(`Table ${table}: ${row?.n} rows restored, ${count} backed up.`);
    }
  });
  const counts = (end as EndLine | undefined)?.counts ?? {};
  return {
    tables: Object.keys(counts).length,
    rows: Object.values(counts).reduce((a, b) => a + b, 0),
  };
}
