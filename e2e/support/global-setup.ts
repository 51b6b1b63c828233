import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { hashPassword } from '../../apps/server/src/auth/passwords';
import { openDatabase } from '../../apps/server/src/db/database';
import { createUsersRepository } from '../../apps/server/src/identity/repository';
import { migrationsFolder } from '../../apps/server/src/paths';
import { startSmtpCatcher } from '../../apps/server/test/helpers/smtp-catcher';
import { ACCOUNTS, LIFECYCLE_ACCOUNTS } from './accounts';
import { mailboxFolder, writeToMailbox } from './mailbox';

const root = resolve(import.meta.dirname, '..', '..');

/** Seeds a fresh embedded database, starts the built server on a free port, and stops it afterwards. */
export default async function globalSetup() {
  const serverEntry = join(root, 'apps/server/dist/main.js');
  if (!existsSync(serverEntry) || !existsSync(join(root, 'apps/web/dist/index.html'))) {
    throw new Error('Build the product first: npm run build');
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'sejour-e2e-'));
  const pendingUserId = await seed(join(dataDir, 'pglite'));
  // The server sends its mails here; each is written to DATA_DIR/mailbox for the tests (support/mailbox.ts).
  const smtp = await startSmtpCatcher((mail) => writeToMailbox(mailboxFolder(dataDir), mail));

  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const server = spawn(process.execPath, [serverEntry], {
    env: {
      ...process.env,
      DATABASE_URL: '',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      PUBLIC_URL: baseUrl,
      LOG_LEVEL: 'warn',
      E2E_DATA_DIR: dataDir,
      SMTP_URL: smtp.url,
      // The monthly reminder would mail the seeded hosts at a moment no test chooses (the API tests cover it).
      REMINDERS: 'off',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  server.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  server.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  await waitForHealth(baseUrl, server, () => output);
  process.env.E2E_BASE_URL = baseUrl;
  process.env.E2E_DATA_DIR = dataDir;
  process.env.E2E_PENDING_USER_ID = String(pendingUserId);

  return async () => {
    server.kill('SIGTERM');
    await new Promise((done) => server.once('exit', done));
    await smtp.close();
    rmSync(dataDir, { recursive: true, force: true });
  };
}

/** Returns the id of the account not activated yet. */
async function seed(dataDir: string): Promise<number> {
  const database = await openDatabase({ dataDir });
  await database.migrate(migrationsFolder);
  const users = createUsersRepository(database.db);
  for (const account of Object.values(ACCOUNTS)) {
    await users.insert({
      username: account.username,
      email: account.email,
      role: account.role,
      passwordHash: await hashPassword(account.password),
      activated: true,
      firstname: account.username === 'henri' ? 'Henri' : null,
      lastname: account.username === 'henri' ? 'Dupont' : null,
    });
  }
  const { pending, forgetful } = LIFECYCLE_ACCOUNTS;
  const pendingRow = await users.insert({ ...pending, activated: false });
  await users.insert({ ...forgetful, passwordHash: await hashPassword(forgetful.password), activated: true });
  await database.close();
  return pendingRow.id;
}

function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const probe = createServer();
    probe.once('error', fail);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => done(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

async function waitForHealth(baseUrl: string, server: ChildProcess, output: () => string) {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`The server stopped:\n${output()}`);
    try {
      const response = await fetch(`${baseUrl}/api/health`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  server.kill();
  throw new Error(`The server did not answer within 30 s:\n${output()}`);
}
