import Fastify from 'fastify';
import pg from 'pg';
import type { DatabaseHandle } from '../apps/server/src/db/database';

/** A statement as the product's query builder produced it: the very same text and parameters. */
export interface Statement {
  sql: string;
  params: unknown[];
}

type RunQuery = (statement: Statement) => Promise<{ rows: unknown[] }>;

/**
 * The fastest thing that does a list's work: a bare Fastify handler that runs the product's own SQL (page and
 * total, side by side) through the driver and sends the rows as JSON — no session, no validation, no access
 * rule, no response schema. The product's figures are read against it: product ÷ baseline.
 */
export async function startBaseline(
  database: DatabaseHandle,
  routes: Record<string, { page: Statement; total: Statement | null; limit: number; offset: number }>,
): Promise<{ address: string; close(): Promise<void> }> {
  const { run, end } = driverOf(database);
  const app = Fastify({ logger: false });
  for (const [path, statements] of Object.entries(routes)) {
    app.get(path, async (_request, reply) => {
      const [page, total] = await Promise.all([
        run(statements.page),
        statements.total ? run(statements.total) : null,
      ]);
      const count = total ? ((total.rows[0] as { n: number } | undefined)?.n ?? 0) : null;
      reply.header('content-type', 'application/json; charset=utf-8');
      return JSON.stringify({
        success: true,
        data: page.rows,
        meta: { total: count, limit: statements.limit, offset: statements.offset },
      });
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

/**
 * On PostgreSQL the baseline gets its own pool of the product's size, so neither waits for the other's
 * connections; PGlite has one connection in the process, which both share (they are measured one after the other).
 */
function driverOf(database: DatabaseHandle): { run: RunQuery; end(): Promise<void> } {
  const url = process.env.DATABASE_URL;
  if (database.kind === 'postgres' && url) {
    const pool = new pg.Pool({ connectionString: url, max: 10 });
    return {
      run: (statement) => pool.query(statement.sql, statement.params as unknown[]),
      end: () => pool.end(),
    };
  }
  const client = (
    database.db as unknown as {
      $client: { query(sql: string, params: unknown[]): Promise<{ rows: unknown[] }> };
    }
  ).$client;
  return {
    run: (statement) => client.query(statement.sql, statement.params),
    end: async () => undefined,
  };
}
