import type { DatabaseHandle } from '../apps/server/src/db/database';

/** A statement as the product sent it to the driver: the very same text and parameters. */
export interface Statement {
  sql: string;
  params: unknown[];
}

interface QueryClient {
  query(...args: unknown[]): Promise<unknown>;
}

/**
 * Runs `request` and returns every statement the product sent to the driver meanwhile (in order), so that a
 * bare baseline can replay exactly the product's SQL. Statements run inside a transaction on PostgreSQL go
 * through a pooled client and are not seen; the benched routes run none.
 */
export async function recordStatements(
  database: DatabaseHandle,
  request: () => Promise<unknown>,
): Promise<Statement[]> {
  const client = (database.db as unknown as { $client: QueryClient }).$client;
  const original = client.query;
  const seen: Statement[] = [];
  client.query = function (this: QueryClient, ...args: unknown[]) {
    const [first, second] = args;
    if (typeof first === 'string') seen.push({ sql: first, params: (second as unknown[]) ?? [] });
    else if (first && typeof first === 'object' && 'text' in first) {
      const config = first as { text: string; values?: unknown[] };
      seen.push({ sql: config.text, params: (second as unknown[]) ?? config.values ?? [] });
    }
    return original.apply(this, args);
  };
  try {
    await request();
  } finally {
    client.query = original;
  }
  return seen;
}
