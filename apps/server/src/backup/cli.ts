import { existsSync, mkdirSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { loadConfig } from '../config';
import { dataDirHolder, lockDataDir } from '../db/data-dir-lock';
import { openDatabase } from '../db/database';
import { migrationsFolder } from '../paths';
import { BackupError, restoreBackup, writeBackup } from './backup';

/**
 * `npm run backup [FILE]` and `npm run restore FILE`, on the database the server would use: `DATABASE_URL`,
 * else the embedded one in `DATA_DIR/pglite` (which the server must not be running on).
 * docs/operations.md says how to use them.
 */

const usage = 'Usage: npm run backup [FILE]  |  npm run restore FILE';

async function main(): Promise<number> {
  const [command, fileArg] = process.argv.slice(2);
  const config = loadConfig();
  const pgliteDir = join(config.dataDir, 'pglite');
  const where = config.databaseUrl ? 'the PostgreSQL database of DATABASE_URL' : pgliteDir;

  if (command === 'backup') {
    const file = resolve(fileArg ?? `sejour-${new Date().toISOString().replace(/[:.]/g, '-')}.backup.gz`);
    if (!config.databaseUrl) {
      if (!existsSync(pgliteDir)) throw new BackupError(`No embedded database in ${pgliteDir}.`);
      const holder = dataDirHolder(config.dataDir);
      if (holder !== undefined) {
        throw new BackupError(
          `The server (process ${holder}) is running on ${config.dataDir}: stop it, back up, start it again.`,
        );
      }
    }
    const release = config.databaseUrl ? () => undefined : lockDataDir(config.dataDir);
    const database = await openDatabase(
      config.databaseUrl ? { url: config.databaseUrl, poolSize: 2 } : { dataDir: pgliteDir },
    );
    try {
      const { tables, rows } = await writeBackup(database.db, file);
      console.log(`Backup of ${where} written to ${file}: ${tables} tables, ${rows} rows.`);
    } finally {
      await database.close();
      release();
    }
    return 0;
  }

  if (command === 'restore' && fileArg) {
    const file = resolve(fileArg);
    if (!existsSync(file)) throw new BackupError(`No such file: ${file}`);
    let release: () => void = () => undefined;
    if (!config.databaseUrl) {
      if (existsSync(pgliteDir) && readdirSync(pgliteDir).length > 0) {
        throw new BackupError(`${pgliteDir} is not empty: restore only into a new, empty data folder.`);
      }
      mkdirSync(config.dataDir, { recursive: true });
      release = lockDataDir(config.dataDir);
    }
    const database = await openDatabase(
      config.databaseUrl ? { url: config.databaseUrl, poolSize: 2 } : { dataDir: pgliteDir },
    );
    try {
      const { tables, rows } = await restoreBackup(database, file, migrationsFolder);
      console.log(`Restored ${file} into ${where}: ${tables} tables, ${rows} rows.`);
    } finally {
      await database.close();
      release();
    }
    return 0;
  }

  console.error(usage);
  return 2;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof BackupError ? error.message : error);
    process.exit(1);
  },
);
