import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { Role } from '@sejour/domain';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import { type AppDependencies, buildApp } from '../../src/app';
import { hashPassword } from '../../src/auth/passwords';
import { loadConfig } from '../../src/config';
import { type DatabaseHandle, openDatabase } from '../../src/db/database';
import type { UserRow } from '../../src/db/schema';
import { createUsersRepository } from '../../src/identity/repository';
import { withDatabase } from '../global-setup';

/** A copy of the migrated template database, for one test file. */
export async function openTestDatabase(): Promise<DatabaseHandle> {
  const template = inject('databaseTemplate');
  if (template.kind === 'pglite') {
    return openDatabase({ loadDataDir: new Blob([readFileSync(template.dumpPath)]) });
  }
  const name = `${template.template}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: template.url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name} TEMPLATE ${template.template}`);
  await admin.end();
  return openDatabase({ url: withDatabase(template.url, name) });
}

/** A controllable clock: tests move time forward to check expiries. */
export function createClock(start = new Date('2026-03-15T10:00:00Z')) {
  let current = start.getTime();
  return {
    now: () => new Date(current),
    advance(ms: number) {
      current += ms;
    },
  };
}

export interface TestApp {
  app: FastifyInstance;
  database: DatabaseHandle;
  clock: ReturnType<typeof createClock>;
  /** `app.inject` with the token set as the Authorization header. */
  call(options: InjectOptions & { token?: string }): Promise<LightMyRequestResponse>;
  createUser(overrides?: Partial<UserRow> & { password?: string; role?: Role }): Promise<UserRow>;
  login(username: string, password: string): Promise<string>;
  close(): Promise<void>;
}

export const TEST_PASSWORD = 'Correct-Horse-42';

export async function createTestApp(
  env: Record<string, string> = {},
  /** Mail delivery (e.g. a transport to an in-process SMTP server, see smtp-catcher.ts), a web build. */
  options: Pick<AppDependencies, 'mail' | 'onRoute' | 'webRoot'> = {},
): Promise<TestApp> {
  const database = await openTestDatabase();
  const clock = createClock();
  const config = loadConfig({ LOG_LEVEL: 'silent', DATA_DIR: '/tmp/sejour-test-data', ...env });
  const app = await buildApp({
    config,
    database,
    now: clock.now,
    mail: options.mail,
    onRoute: options.onRoute,
    webRoot: options.webRoot,
  });
  await app.ready();
  const users = createUsersRepository(database.db);
  let counter = 0;
  const hashes = new Map<string, string>();

  const testApp: TestApp = {
    app,
    database,
    clock,
    call({ token, headers, ...options }) {
      return app.inject({
        ...options,
        headers: { ...headers, ...(token ? { authorization: `Bearer ${token}` } : {}) },
      });
    },
    async createUser({ password = TEST_PASSWORD, ...overrides } = {}) {
      counter += 1;
      const name = overrides.username ?? `user${counter}_${randomBytes(3).toString('hex')}`;
      if (!hashes.has(password)) hashes.set(password, await hashPassword(password));
      return users.insert({
        username: name,
        email: overrides.email ?? `${name}@example.test`,
        role: overrides.role ?? 'host',
        passwordHash: hashes.get(password),
        activated: true,
        ...overrides,
      });
    },
    async login(username, password) {
      const response = await app.inject({
        method: 'POST',
        url: '/api/users/login',
        payload: { username, password },
      });
      const body = response.json();
      if (!body.success) throw new Error(`login failed: ${response.body}`);
      return body.data as string;
    },
    async close() {
      await app.close();
      await database.close();
    },
  };
  return testApp;
}
