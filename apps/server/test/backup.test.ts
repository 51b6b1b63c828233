import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { BackupError, restoreBackup, writeBackup } from '../src/backup/backup';
import { type DatabaseHandle, openDatabase } from '../src/db/database';
import { digestDatabase } from '../src/db/digest';
import { migrationsFolder, serverRoot } from '../src/paths';
import { useApp } from './fixture';
import { withDatabase } from './global-setup';
import { populate } from './helpers/populate';
import { createTestApp } from './helpers/test-app';

/**
 * A backup of a populated database, restored into an empty one, is identical to it: every table, row for
 * row (files included), and every sequence. On PostgreSQL (`DATABASE_URL`) the same file moves an embedded
 * database to a PostgreSQL server.
 */

const dir = mkdtempSync(join(tmpdir(), 'sejour-backup-'));
// No reminder job: nothing but the test writes to the source while it is compared.
const t = useApp({ env: { REMINDERS: 'off' } });
let file: string;
const opened: DatabaseHandle[] = [];

let emptyDump: Blob;
/** An empty embedded database, in memory: a copy of one made once (a new one costs seconds). */
async function emptyPglite(): Promise<DatabaseHandle> {
  const handle = await openDatabase({ loadDataDir: emptyDump });
  opened.push(handle);
  return handle;
}

beforeAll(async () => {
  const empty = await openDatabase({});
  emptyDump = (await empty.dump?.()) as Blob;
  await empty.close();
  await populate(t);
  // The mail worker stops here: its attempts and retries would change mail_jobs between the backup and the
  // comparison. What it had not sent stays queued, as in any backup.
  await t.app.mailer.close();
  file = join(dir, 'full.backup.gz');
  await writeBackup(t.database.db, file);
}, 120_000);
afterAll(async () => {
  for (const handle of opened) await handle.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('backup and restore', () => {
  it('a restored backup is identical to its source, table by table, sequences included', async () => {
    const target = await emptyPglite();
    await restoreBackup(target, file, migrationsFolder);
    const source = await digestDatabase(t.database.db);
    expect(Object.keys(source.tables).length).toBeGreaterThan(10);
    expect(source.tables['public.declaration_files']).not.toMatch(/^0:/);
    expect(source.tables['public.establishment_images']).not.toMatch(/^0:/);
    expect(await digestDatabase(target.db)).toEqual(source);
  });

  it('the restored database works: the next rows get new ids', async () => {
    const target = await emptyPglite();
    await restoreBackup(target, file, migrationsFolder);
    const restored = await createTestApp({}, { database: target });
    try {
      const user = await restored.createUser({ role: 'host' });
      expect(user.id).toBeGreaterThan(0);
    } finally {
      await restored.app.close();
    }
  });

  it('refuses a database that is not empty, and changes nothing in it', async () => {
    const before = await digestDatabase(t.database.db);
    await expect(restoreBackup(t.database, file, migrationsFolder)).rejects.toThrow(BackupError);
    expect(await digestDatabase(t.database.db)).toEqual(before);
  });

  it('refuses a truncated backup, leaving no row', async () => {
    const lines = gunzipSync(readFileSync(file)).toString('utf8').trimEnd().split('\n');
    const truncated = join(dir, 'truncated.backup.gz');
    writeFileSync(truncated, gzipSync(`${lines.slice(0, -1).join('\n')}\n`));
    const target = await emptyPglite();
    await expect(restoreBackup(target, truncated, migrationsFolder)).rejects.toThrow(/truncated/);
    const digest = await digestDatabase(target.db, { except: ['drizzle.__drizzle_migrations'] });
    for (const [table, value] of Object.entries(digest.tables)) expect(value, table).toMatch(/^0:/);
  });

  it('refuses a file that is not a backup', async () => {
    const other = join(dir, 'other.gz');
    writeFileSync(other, gzipSync('{"hello":"world"}\n'));
    await expect(restoreBackup(await emptyPglite(), other, migrationsFolder)).rejects.toThrow(
      /not a Séjour backup/,
    );
  });
});

const template = inject('databaseTemplate');

// The commands on a data folder do not depend on the server the other tests run on: once is enough.
describe.runIf(template.kind === 'pglite')('npm run backup / npm run restore on a data folder', () => {
  const cli = (args: string[], env: Record<string, string>) =>
    spawnSync(process.execPath, ['--import', 'tsx', join(serverRoot, 'src/backup/cli.ts'), ...args], {
      env: { ...process.env, DATABASE_URL: '', LOG_LEVEL: 'silent', ...env },
      encoding: 'utf8',
      timeout: 120_000,
    });

  it('backs up a stopped embedded database and restores it into an empty folder only', async () => {
    const source = join(dir, 'source');
    const restored = join(dir, 'restored');
    mkdirSync(source);
    // A data folder as the server leaves it: the restored full backup.
    const seeded = await openDatabase({ dataDir: join(source, 'pglite') });
    await restoreBackup(seeded, file, migrationsFolder);
    const expected = await digestDatabase(seeded.db);
    await seeded.close();

    const copy = join(dir, 'cli.backup.gz');
    const backup = cli(['backup', copy], { DATA_DIR: source });
    expect(backup.status, backup.stderr).toBe(0);
    const restore = cli(['restore', copy], { DATA_DIR: restored });
    expect(restore.status, restore.stderr).toBe(0);
    const again = cli(['restore', copy], { DATA_DIR: restored });
    expect(again.status).toBe(1);
    expect(again.stderr).toMatch(/not empty/);

    const check = await openDatabase({ dataDir: join(restored, 'pglite') });
    opened.push(check);
    expect(await digestDatabase(check.db)).toEqual(expected);
  }, 120_000);

  it('refuses to back up a folder a running server holds', () => {
    const held = join(dir, 'held');
    mkdirSync(join(held, 'pglite'), { recursive: true });
    // The test runner itself stands for the live server.
    writeFileSync(join(held, 'server.pid'), `${process.pid}\n`);
    const result = cli(['backup', join(dir, 'held.gz')], { DATA_DIR: held });
    expect(result.status).toBe(1);
    expect(result.stderr).toMatch(/is running/);
  }, 60_000);
});

describe.runIf(template.kind === 'postgres')('moving from the embedded database to PostgreSQL', () => {
  it('an embedded database restored into an empty PostgreSQL database is identical', async () => {
    if (template.kind !== 'postgres') return;
    const source = await emptyPglite();
    await source.migrate(migrationsFolder);
    const embedded = await createTestApp({ REMINDERS: 'off' }, { database: source });
    await populate(embedded);
    // As above: the mail worker stops before the backup, so that nothing changes the source once copied.
    await embedded.app.mailer.close();
    const moved = join(dir, 'move.backup.gz');
    await writeBackup(source.db, moved);
    await embedded.app.close();

    const name = `${template.template}_move_${randomBytes(3).toString('hex')}`;
    const admin = new pg.Client({ connectionString: template.url });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const target = await openDatabase({ url: withDatabase(template.url, name) });
    opened.push(target);
    await restoreBackup(target, moved, migrationsFolder);
    expect(await digestDatabase(target.db)).toEqual(await digestDatabase(source.db));
  }, 120_000);
});
