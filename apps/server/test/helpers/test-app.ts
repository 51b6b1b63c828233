import { randomBytes } from 'node:crypto';
import { appendFileSync, readFileSync } from 'node:fs';
import { allContracts, errorCodesOf, type Role, type RouteContract } from '@sejour/domain';
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
import { statementLogger } from './statements';

/** A copy of the migrated template database, for one test file. */
export async function openTestDatabase(): Promise<DatabaseHandle> {
  const template = inject('databaseTemplate');
  if (template.kind === 'pglite') {
    return openDatabase({
      loadDataDir: new Blob([readFileSync(template.dumpPath)]),
      logger: statementLogger,
    });
  }
  const name = `${template.template}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: template.url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name} TEMPLATE ${template.template}`);
  await admin.end();
  return openDatabase({ url: withDatabase(template.url, name), logger: statementLogger });
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
  /** Mail delivery (e.g. a transport to an in-process SMTP server, see smtp-catcher.ts), a log stream, a web build. */
  options: Pick<AppDependencies, 'mail' | 'onRoute' | 'logStream' | 'webRoot'> & {
    /** A database of the test's own (migrated) instead of a copy of the template. */
    database?: DatabaseHandle;
  } = {},
): Promise<TestApp> {
  const database = options.database ?? (await openTestDatabase());
  const clock = createClock();
  const config = loadConfig({
    LOG_LEVEL: 'silent',
    DATA_DIR: '/tmp/sejour-test-data',
    // Off unless a test turns it on: it would otherwise mail the hosts of every test at start.
    REMINDERS: 'off',
    // Every answer checked against its contract as well as written by the compiled serialiser.
    CHECK_RESPONSES: 'on',
    ...env,
  });
  const app = await buildApp({
    config,
    database,
    now: clock.now,
    mail: options.mail,
    onRoute: options.onRoute,
    logStream: options.logStream,
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
    async call({ token, headers, ...options }) {
      const response = await app.inject({
        ...options,
        headers: { ...headers, ...(token ? { authorization: `Bearer ${token}` } : {}) },
      });
      const url = typeof options.url === 'string' ? options.url : (options.url?.pathname ?? '');
      expectDeclaredError(options.method ?? 'GET', url, response);
      return response;
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

/** Contracts with their path as a pattern; literal segments first, so `/declarations/missing` beats `:id`. */
const routePatterns = allContracts
  .map((contract) => ({
    contract,
    pattern: new RegExp(`^/api${contract.path.replace(/:[A-Za-z_]\w*/g, '[^/]+')}$`),
    params: (contract.path.match(/:/g) ?? []).length,
  }))
  .sort((a, b) => a.params - b.params);

/** The contract of a request, by method and path (query string ignored). */
export function contractOf(method: string, url: string): RouteContract | undefined {
  const path = url.split('?')[0] ?? '';
  return routePatterns.find((r) => r.contract.method === method.toUpperCase() && r.pattern.test(path))
    ?.contract;
}

/**
 * Every error an API test meets must be one its route's contract declares (`errorCodesOf`): a code a
 * route answers without declaring it is a contract to fix, found by whichever test reaches it.
 */
function expectDeclaredError(method: string, url: string, response: LightMyRequestResponse) {
  if (!String(response.headers['content-type'] ?? '').includes('application/json')) return;
  const contract = contractOf(method, url);
  if (!contract) return;
  let body: { success?: unknown; code?: unknown };
  try {
    body = response.json();
  } catch {
    return;
  }
  if (body.success !== false || typeof body.code !== 'string') return;
  if (!(errorCodesOf(contract) as string[]).includes(body.code)) {
    const line = `${contract.method} /api${contract.path} answered ${body.code}, which its contract does not declare`;
    if (process.env.RECORD_UNDECLARED) appendFileSync(process.env.RECORD_UNDECLARED, `${line}\n`);
    else throw new Error(line);
  }
}
