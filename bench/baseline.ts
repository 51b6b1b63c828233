import Fastify from 'fastify';
import pg from 'pg';
import type { DatabaseHandle } from '../apps/server/src/db/database';
import type { Statement } from './record';

export type { Statement } from './record';

type RunQuery = (statement: Statement) => Promise<{ rows: unknown[] }>;

/** A bare route: it runs statements through the driver and answers the JSON it builds from their rows. */
export interface BareRoute {
  method?: 'GET' | 'POST';
  handle(run: RunQuery, body: unknown): Promise<unknown>;
}

/**
 * The fastest thing that does an endpoint's work: a bare Fastify handler that runs the product's own SQL
 * through the driver and sends JSON — no session, no validation, no access rule, no response schema. The
 * product's figures are read against it: product ÷ baseline.
 */
export async function startBaseline(
  database: DatabaseHandle,
  routes: Record<string, BareRoute>,
): Promise<{ address: string; close(): Promise<void> }> {
  const { run, end } = driverOf(database);
  const app = Fastify({ logger: false });
  for (const [path, route] of Object.entries(routes)) {
    app.route({
      method: route.method ?? 'GET',
      url: path,
      handler: async (request, reply) => {
        const data = await route.handle(run, request.body);
        reply.header('content-type', 'application/json; charset=utf-8');
        return JSON.stringify(data);
      },
    });
  }
  const address = await app.listen({ host: '127.0.0.1', port: 0 });
  return {
    address,
    close: async () => {
      await app.close();
      await end();
    },
  };
}

/** Runs the recorded statements side by side and answers the first one's rows in the product's envelope. */
export function replay(
  statements: Statement[],
  meta?: (results: { rows: unknown[] }[]) => unknown,
): BareRoute {
  return {
    handle: async (run) => {
      const results = await Promise.all(statements.map(run));
      return { success: true, data: results[0]?.rows ?? [], ...(meta ? { meta: meta(results) } : {}) };
    },
  };
}

/**
 * On PostgreSQL the baseline gets its own pool of the product's size, so neither waits for the other's
 * connections; PGlite has one connection in the process, which both share (they are measured one after the other).
 */
function driverOf(database: DatabaseHandle): { run: RunQuery; end(): Promise<void> } {
  const { $client } = database.db as unknown as {
    $client: { query(sql: string, params: unknown[]): Promise<{ rows: unknown[] }>; options?: pg.PoolConfig };
  };
  if (database.kind === 'postgres') {
    const pool = new pg.Pool({ ...$client.options, max: 10 });
    return {
      run: (statement) => pool.query(statement.sql, statement.params as unknown[]),
      end: () => pool.end(),
    };
  }
  return {
    run: (statement) => $client.query(statement.sql, statement.params),
    end: async () => undefined,
  };
}
