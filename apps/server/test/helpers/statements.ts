import { AsyncLocalStorage } from 'node:async_hooks';
import type { Logger } from 'drizzle-orm';

/**
 * Counts the SQL statements a piece of work sends, on PGlite and PostgreSQL alike: the test database is opened
 * with `statementLogger` (drizzle tells it of every statement, in or out of a transaction), and each statement is
 * credited to the measurement whose async context sent it — so a request counts what it ran, not what a
 * background job (the mail queue, the reminders) ran meanwhile.
 *
 * Transaction control (`begin`, `commit`, `rollback`, savepoints) is left out: node-postgres sends it as
 * statements while PGlite runs it inside its own `transaction()`, so counting it would make the budgets depend
 * on the driver. A budget counts the statements that read or write rows.
 */
const measuring = new AsyncLocalStorage<string[]>();

const TRANSACTION_CONTROL = /^\s*(begin|start transaction|commit|rollback|savepoint|release)\b/i;

export const statementLogger: Logger = {
  logQuery(query) {
    if (TRANSACTION_CONTROL.test(query)) return;
    measuring.getStore()?.push(query);
  },
};

/** Runs `work` and answers its result with the statements it sent, in order. */
export async function withStatements<T>(
  work: () => Promise<T>,
): Promise<{ result: T; statements: string[] }> {
  const statements: string[] = [];
  const result = await measuring.run(statements, work);
  return { result, statements: [...statements] };
}
