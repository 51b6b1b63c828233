import { PGlite } from '@electric-sql/pglite';
import type { Logger, SQL } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { namedStatementClient } from './pglite-named-statements';
import * as schema from './schema';

/** The one database type the repositories see, whichever driver is behind it. */
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;
/** A transaction handle; repositories accept either. */
export type Executor = Parameters<Parameters<Database['transaction']>[0]>[0] | Database;

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  migrate(migrationsFolder: string): Promise<void>;
  /** PGlite only: the whole database as a tarball (backups, test templates). */
  dump?: () => Promise<Blob>;
  close(): Promise<void>;
}

export type DatabaseOptions =
  /** `poolSize`: connections kept to the server (the validated `DATABASE_POOL_SIZE`), default 10. */
  (
    | { url: string; poolSize?: number }
    /** `dataDir` undefined = in memory; `loadDataDir` restores a dump (tests clone a migrated template). */
    | { dataDir?: string; loadDataDir?: Blob | File }
  ) & {
    /** Told of every statement the application sends, on either driver (tests count them per request). */
    logger?: Logger;
  };

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  const logger = options.logger;
  if ('url' in options) return openPostgres(options.url, options.poolSize ?? 10, logger);
  const client = await PGlite.create({ dataDir: options.dataDir, loadDataDir: options.loadDataDir });
  const db = drizzlePglite(client, { schema, ...(logger ? { logger } : {}) }) as unknown as Database;
  runNamedStatementsOn(db, client);
  return {
    db,
    kind: 'pglite',
    migrate: async (migrationsFolder) => {
      await migratePglite(drizzlePglite(client), { migrationsFolder });
    },
    dump: () => client.dumpDataDir('none'),
    close: () => client.close(),
  };
}

/**
 * drizzle's PGlite session ignores a prepared statement's name: each of its statements is handed a client that
 * runs it as a named statement (`namedStatementClient`), as node-postgres does on a server. drizzle keeps the
 * client a prepared statement runs on in its `client` field; `pglite-named-statements.test.ts` fails if a
 * later drizzle no longer does.
 */
function runNamedStatementsOn(db: Database, client: PGlite) {
  const session = db._.session as unknown as {
    prepareQuery(query: unknown, fields: unknown, name: string | undefined, ...rest: unknown[]): object;
  };
  const prepareQuery = session.prepareQuery.bind(session);
  session.prepareQuery = (query, fields, name, ...rest) => {
    const prepared = prepareQuery(query, fields, name, ...rest);
    if (name) Object.assign(prepared, { client: namedStatementClient(client, name) });
    return prepared;
  };
}

function openPostgres(url: string, poolSize: number, logger: Logger | undefined): DatabaseHandle {
  const pool = new pg.Pool({ connectionString: url, max: poolSize });
  const db = drizzlePg(pool, { schema, ...(logger ? { logger } : {}) }) as unknown as Database;
  return {
    db,
    kind: 'postgres',
    migrate: async (migrationsFolder) => {
      // Several instances may start together on one server: one migrates, the others wait.
      const client = await pool.connect();
      try {
        await client.query('SELECT pg_advisory_lock(724201)');
        await migratePg(drizzlePg(client), { migrationsFolder });
      } finally {
        await client.query('SELECT pg_advisory_unlock(724201)').catch(() => undefined);
        client.release();
      }
    },
    close: () => pool.end(),
  };
}

/** Rows of a raw SQL query, whichever driver ran it (PGlite and node-postgres both answer `{ rows }`). */
export async function selectRows<T>(db: Executor, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}
