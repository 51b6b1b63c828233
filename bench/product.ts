import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import type { DatabaseHandle } from '../apps/server/src/db/database';
import { BENCH_ADMIN } from './seed';

export interface Product {
  app: FastifyInstance;
  database: DatabaseHandle;
  address: string;
  /** The signed-in admin's `authorization` header. */
  headers: Record<string, string>;
  adminId: number;
}

/**
 * The product as it runs in production, listening on loopback: rate limits raised out of the way of the load,
 * and the client address read from `X-Forwarded-For` so that the login bench can come from many addresses.
 */
export async function startProduct(database: DatabaseHandle): Promise<Product> {
  const app = await buildApp({
    // No monthly reminder: on a fresh territory it would queue a mail per host and send them from this process
    // while the first comparisons run.
    config: loadConfig({
      LOG_LEVEL: 'silent',
      RATE_LIMIT_MAX: '100000000',
      TRUST_PROXY: 'true',
      REMINDERS: 'off',
    }),
    database,
  });
  const address = await app.listen({ host: '127.0.0.1', port: 0 });
  const login = await fetch(`${address}/api/users/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(BENCH_ADMIN),
  });
  const token = ((await login.json()) as { data: string }).data;
  const admin = (await database.db.execute(
    sql`SELECT id FROM users WHERE username = ${BENCH_ADMIN.username}`,
  )) as unknown as { rows: { id: number }[] };
  return { app, database, address, headers: { authorization: token }, adminId: Number(admin.rows[0]?.id) };
}
