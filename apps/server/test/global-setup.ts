import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../src/db/database';
import { migrationsFolder } from '../src/paths';

declare module 'vitest' {
  export interface ProvidedContext {
    /** PGlite: path of a dump of a migrated database. PostgreSQL: name of a migrated template database. */
    databaseTemplate:
      | { kind: 'pglite'; dumpPath: string }
      | { kind: 'postgres'; url: string; template: string };
  }
}

/**
 * Migrates one database per run; every test file then starts from a copy of it (a PGlite dump, or a
 * PostgreSQL `CREATE DATABASE … TEMPLATE`), which is much faster than migrating each time.
 */
export default async function setup(project: TestProject) {
  const url = process.env.DATABASE_URL;
  if (url) {
    const template = `sejour_tpl_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${template}`);
    const handle = await openDatabase({ url: withDatabase(url, template) });
    await handle.migrate(migrationsFolder);
    await handle.close();
    project.provide('databaseTemplate', { kind: 'postgres', url, template });
    return async () => {
      const rows = await admin.query(`SELECT datname FROM pg_database WHERE datname LIKE $1`, [
        `${template}%`,
      ]);
      for (const row of rows.rows) await admin.query(`DROP DATABASE IF EXISTS ${row.datname} WITH (FORCE)`);
      await admin.end();
    };
  }
  const dir = mkdtempSync(join(tmpdir(), 'sejour-test-'));
  const handle = await openDatabase({});
  await handle.migrate(migrationsFolder);
  if (!handle.dump) throw new Error('PGlite handle cannot dump');
  const dump = await handle.dump();
  const dumpPath = join(dir, 'template.tar');
  writeFileSync(dumpPath, Buffer.from(await dump.arrayBuffer()));
  await handle.close();
  project.provide('databaseTemplate', { kind: 'pglite', dumpPath });
  return () => rmSync(dir, { recursive: true, force: true });
}

export function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}
