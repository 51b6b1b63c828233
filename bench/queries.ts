import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { declarationListQuerySchema, establishmentListQuerySchema } from '@sejour/domain';
import { and, count, eq, inArray, sql } from 'drizzle-orm';
import pg from 'pg';
import { buildApp } from '../apps/server/src/app';
import type { Actor } from '../apps/server/src/auth/actor';
import { accessibleWhere, filterAccessible } from '../apps/server/src/auth/ownership';
import { loadConfig } from '../apps/server/src/config';
import type { Database } from '../apps/server/src/db/database';
import { preparing } from '../apps/server/src/db/prepared';
import { declarations, users as usersTable } from '../apps/server/src/db/schema';
import { EXPORT_BATCH } from '../apps/server/src/declarations/export';
import {
  createDeclarationLists,
  declarationCountQuery,
  declarationPageQuery,
} from '../apps/server/src/declarations/list';
import { createDeclarationsRepository, declarationView } from '../apps/server/src/declarations/repository';
import { createEstablishmentsRepository } from '../apps/server/src/establishments/repository';
import { createUsersRepository } from '../apps/server/src/identity/repository';
import { createOffloadPool } from '../apps/server/src/offload/pool';
import { BENCH_ADMIN, openBenchDatabase, scaledSizes, seed } from './seed';

/**
 * `npx tsx bench/queries.ts`: the hot paths timed in one process, the product's own code run with its prepared
 * statements (src/db/prepared.ts) turned off — every query built by drizzle for each call — and on — built
 * once, then only executed: first the statements (the repositories' calls), then whole requests of a host
 * through the app (`inject`: session check, access hook and serialiser included, no network). Rounds are
 * interleaved, the order flipping every round, so a shared machine's load falls on both sides alike; medians
 * in µs. The build alone (`toSQL()`) is timed too: what preparing saves in JS, the rest being the driver and
 * the server (which, on PostgreSQL, parses and plans a named statement once per connection). PGlite in a temp folder by default, PostgreSQL with
 * DATABASE_URL (a fresh `sejour_bench_queries` database, dropped at the end). `ROUNDS` (default 1000), `BENCH_SCALE` (default 0.05 of the
 * full bench's data). Prints; asserts nothing.
 */
const rounds = Number(process.env.ROUNDS ?? 1000);
const database = await openBenchDatabase({ name: 'sejour_bench_queries' });
const sizes = scaledSizes(Number(process.env.BENCH_SCALE ?? 0.05));
await seed(database, sizes);
const db: Database = database.db;

// The host with the most declarations, one of their declarations and the figures the API would use.
const [busiest] = await db
  .select({ userId: declarations.userId, n: count() })
  .from(declarations)
  .groupBy(declarations.userId)
  .orderBy(sql`count(*) desc`)
  .limit(1);
if (!busiest) throw new Error('no declaration seeded');
const host: Actor = { id: busiest.userId, username: 'bench-host', role: 'host' };
const [own] = await db
  .select({ id: declarations.id })
  .from(declarations)
  .where(eq(declarations.userId, host.id))
  .limit(1);
if (!own) throw new Error('no declaration of the host');
const declarationId = own.id;
const listQuery = declarationListQuerySchema.parse({ limit: '50' });
const establishmentQuery = establishmentListQuerySchema.parse({});

interface Case {
  name: string;
  run: () => Promise<unknown>;
  /** The drizzle build alone, per call (what preparing saves in JS; the rest is the driver and the server). */
  build?: () => unknown;
}

const users = createUsersRepository(db);
// The lists' CSV is not timed here: the pool is never started.
const offload = createOffloadPool(1);
const lists = createDeclarationLists(db, () => new Date(), offload, EXPORT_BATCH[database.kind]);
const repository = createDeclarationsRepository(db);
const establishmentsRepository = createEstablishmentsRepository(db);

// Whole requests as the host, through the product's app (session check, access hook, serialiser included).
const app = await buildApp({
  config: loadConfig({ LOG_LEVEL: 'silent', RATE_LIMIT_MAX: '100000000' }),
  database,
});
const [hostRow] = await db
  .select({ username: usersTable.username })
  .from(usersTable)
  .where(eq(usersTable.id, host.id));
const login = await app.inject({
  method: 'POST',
  url: '/api/users/login',
  payload: { username: hostRow?.username, password: BENCH_ADMIN.password },
});
const authorization = login.json().data as string;
const [draft] = await db
  .select({ id: declarations.id, nightsCount: declarations.nightsCount })
  .from(declarations)
  .where(and(eq(declarations.userId, host.id), eq(declarations.done, false)))
  .limit(1);
async function request(method: 'GET' | 'PUT', url: string, payload?: object) {
  const response = await app.inject({
    method,
    url,
    headers: { authorization },
    ...(payload ? { payload } : {}),
  });
  if (response.statusCode !== 200)
    throw new Error(`${method} ${url}: ${response.statusCode} ${response.body}`);
}

const cases: Case[] = [
  {
    name: 'session: the account by id',
    run: () => users.findById(host.id),
    build: () => db.select().from(usersTable).where(eq(usersTable.id, host.id)).limit(1).toSQL(),
  },
  {
    name: 'ownership: one declaration',
    run: () => filterAccessible(db, host, 'declaration', [declarationId]),
    build: () =>
      db
        .select({ id: declarations.id })
        .from(declarations)
        .where(and(inArray(declarations.id, [declarationId]), accessibleWhere(host, 'declaration')))
        .toSQL(),
  },
  {
    name: "host's declarations: page 50 + count",
    run: () => lists.list(host, listQuery),
    build: () => [
      declarationPageQuery(db, host, listQuery).toSQL(),
      declarationCountQuery(db, host, listQuery).toSQL(),
    ],
  },
  {
    name: 'one declaration: the view',
    run: () => repository.findView(declarationId),
    build: () => declarationView(db).where(eq(declarations.id, declarationId)).limit(1).toSQL(),
  },
  {
    name: "host's establishments: page + count",
    run: () => establishmentsRepository.list(establishmentQuery, host),
  },
  { name: 'GET /api/declarations?limit=50', run: () => request('GET', '/api/declarations?limit=50') },
  { name: 'GET /api/declarations/:id', run: () => request('GET', `/api/declarations/${declarationId}`) },
  ...(draft
    ? [
        {
          name: 'PUT /api/declarations/:id',
          run: () =>
            request('PUT', `/api/declarations/${draft.id}`, {
              personCount: 1,
              nightsCount: draft.nightsCount === 3 ? 4 : 3,
            }),
        },
      ]
    : []),
  { name: 'GET /api/establishments', run: () => request('GET', '/api/establishments') },
];

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
async function timeOf(work: () => unknown): Promise<number> {
  const started = process.hrtime.bigint();
  await work();
  return Number(process.hrtime.bigint() - started) / 1000;
}

const load = () => {
  try {
    return readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
  } catch {
    return loadavg()
      .map((n) => n.toFixed(2))
      .join(' ');
  }
};

console.log(`${database.describe}; ${JSON.stringify(sizes)}; host ${host.id} (${busiest.n} declarations)`);
console.log(`load average at start: ${load()}; ${rounds} interleaved rounds, medians in µs`);
// Warm-up: the JIT, the driver's statements and the server's plans, both ways.
for (let i = 0; i < 50; i++) {
  for (const on of [false, true]) {
    preparing(db, on);
    for (const c of cases) await c.run();
  }
}
for (const c of cases) {
  const built: number[] = [];
  const prepared: number[] = [];
  const buildOnly: number[] = [];
  for (let i = 0; i < rounds; i++) {
    // The same code, preparing off then on (or on then off: the order flips every round).
    for (const on of i % 2 === 0 ? [false, true] : [true, false]) {
      preparing(db, on);
      (on ? prepared : built).push(await timeOf(c.run));
    }
    if (c.build) buildOnly.push(await timeOf(c.build));
  }
  const b = median(built);
  const p = median(prepared);
  console.log(
    `${c.name.padEnd(38)} built ${b.toFixed(0).padStart(6)}  prepared ${p.toFixed(0).padStart(6)}  ` +
      `saved ${(b - p).toFixed(0).padStart(5)} (${(((b - p) / b) * 100).toFixed(0).padStart(2)} %)` +
      (c.build ? `  build alone ${median(buildOnly).toFixed(0)}` : ''),
  );
}
preparing(db, true);
console.log(`load average at end: ${load()}`);
await app.close();
await offload.close();
await database.close();
if (process.env.DATABASE_URL) {
  const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await admin.connect();
  await admin.query('DROP DATABASE IF EXISTS sejour_bench_queries WITH (FORCE)');
  await admin.end();
}
