import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { buildApp } from './app';
import { hashPassword } from './auth/passwords';
import { loadConfig } from './config';
import { lockDataDir } from './db/data-dir-lock';
import { openDatabase } from './db/database';
import { ensureFirstSuperadmin } from './identity/first-superadmin';
import { createUsersRepository } from './identity/repository';
import { mailDestination } from './mail/destination';
import { migrationsFolder, webDistFolder } from './paths';

async function main(): Promise<void> {
  const config = loadConfig();
  mkdirSync(config.dataDir, { recursive: true });
  const release = config.databaseUrl ? () => undefined : lockDataDir(config.dataDir);
  const database = await openDatabase(
    config.databaseUrl
      ? { url: config.databaseUrl, poolSize: config.databasePoolSize }
      : { dataDir: join(config.dataDir, 'pglite') },
  );
  await database.migrate(migrationsFolder);

  const app = await buildApp({ config, database, webRoot: webDistFolder });
  const seeded = await ensureFirstSuperadmin(createUsersRepository(database.db), config.admin, hashPassword);

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    // Stop taking requests, let those under way finish, then release the database (PGlite holds Node open).
    await app.close();
    await database.close();
    release();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  const where = config.databaseUrl
    ? 'PostgreSQL (DATABASE_URL)'
    : `PGlite in ${join(config.dataDir, 'pglite')}`;
  const lines = [
    ``,
    `  Séjour is running at ${config.publicUrl}`,
    `  Database: ${where}`,
    `  Mail: ${mailDestination(config)}`,
  ];
  if (seeded.created) {
    lines.push(`  First super-administrator created: ${seeded.username}`);
    if (seeded.generatedPassword) lines.push(`  Its password (shown only once): ${seeded.generatedPassword}`);
  }
  // Printed, not logged: the console is the one place this password is ever shown.
  console.log(`${lines.join('\n')}\n`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
