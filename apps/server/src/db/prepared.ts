import { is, type Placeholder, type SQL, sql } from 'drizzle-orm';
import { PgDialect, PgTransaction } from 'drizzle-orm/pg-core';
import { type Database, type Executor, selectRows } from './database';

/**
 * Statements of the hot paths prepared once per database (drizzle's `.prepare(name)` with `sql.placeholder`),
 * so that a request only fills in values: drizzle does not build the query again, and PostgreSQL parses and
 * plans a named statement once per connection (node-postgres remembers, per connection, which names it has
 * sent; on PGlite, `pglite-named-statements.ts` does the same in its one session). Figures in
 * docs/performance.md.
 *
 * A prepared statement runs on the database it was prepared on, never inside a transaction: on node-postgres
 * it would take another connection of the pool, outside the transaction's locks; on PGlite it would wait for
 * the transaction to end. A transaction's executor therefore gets `undefined` and builds as before.
 *
 * A key names one SQL text: the same key always prepares the same text, so its statement name (given once per
 * process) is never sent with two texts — node-postgres refuses that on a connection that knows the name.
 */
const namesByKey = new Map<string, string>();
const statementsByDatabase = new WeakMap<Database, Map<string, unknown>>();
/** Unnamed statements apart, so that an admin's many list shapes never crowd out the named hot paths. */
const unnamedByDatabase = new WeakMap<Database, Map<string, unknown>>();

/** Past this many shapes on one database, further ones are built per call (a list's filters are many). */
const MAX_STATEMENTS_PER_DATABASE = 200;

/** Databases whose statements are built per call (`preparing(db, false)`). */
const builtPerCall = new WeakSet<Database>();

/**
 * Turns preparing off (or back on) for one database: the bench times the very same code both ways. Statements
 * already prepared stay cached for when it is turned back on.
 */
export function preparing(db: Database, on: boolean): void {
  if (on) builtPerCall.delete(db);
  else builtPerCall.add(db);
}

/**
 * The statement `key` prepared on this executor's database (by `prepare`, the first time), or undefined: in a
 * transaction, with preparing turned off, or past the cap — the caller then builds its query as usual.
 *
 * `named: false` prepares it without a server-side name: PostgreSQL's unnamed statement, parsed and planned at
 * every execution with that execution's values, exactly as a query built per call is — a named one may switch
 * to a generic plan after a few executions, which a query whose best index depends on the values (an admin's
 * list over the whole table) must not. Only drizzle's build of the query is saved then.
 */
export function preparedOn<T>(
  executor: Executor,
  key: string,
  prepare: (db: Database, name: string) => T,
  options: { named?: boolean } = {},
): T | undefined {
  if (is(executor, PgTransaction)) return undefined;
  const db = executor as Database;
  if (builtPerCall.has(db)) return undefined;
  const named = options.named ?? true;
  const byDatabase = named ? statementsByDatabase : unnamedByDatabase;
  let statements = byDatabase.get(db);
  if (!statements) {
    statements = new Map();
    byDatabase.set(db, statements);
  }
  const known = statements.get(key);
  if (known !== undefined) return known as T;
  if (statements.size >= MAX_STATEMENTS_PER_DATABASE) return undefined;
  if (!named) {
    // node-postgres sends an empty name as the unnamed statement, and remembers nothing for it.
    const statement = prepare(db, '');
    statements.set(key, statement);
    return statement;
  }
  let name = namesByKey.get(key);
  if (name === undefined) {
    // PostgreSQL truncates names to 63 bytes: a counter keeps them short and distinct.
    name = `${key.split(':', 1)[0]}_${namesByKey.size}`;
    namesByKey.set(key, name);
  }
  const statement = prepare(db, name);
  statements.set(key, statement);
  return statement;
}

/** Builds raw statements' text the way the databases' sessions do (no casing is configured). */
const dialect = new PgDialect();
/** Raw statements' names by text: a name is only ever sent with the one text it was given for. */
const namesByText = new Map<string, string>();

/**
 * Rows of a raw SQL statement (`selectRows`) run as a named statement: PostgreSQL parses it once per connection
 * and, once its generic plan is found no costlier than the plans for each execution's values, stops planning it.
 * For a hot statement too rich for the query builder whose plan does not depend on its values (the resume's page
 * and totals; decision 0169). The text is built per call (drizzle's build is not saved) and names the statement,
 * so two shapes of a query are two statements. Built and run unnamed in a transaction, with preparing turned
 * off, or past the cap of texts.
 */
export async function selectRowsNamed<T>(executor: Executor, prefix: string, query: SQL): Promise<T[]> {
  if (is(executor, PgTransaction) || builtPerCall.has(executor as Database))
    return selectRows(executor, query);
  const built = dialect.sqlToQuery(query);
  let name = namesByText.get(built.sql);
  if (name === undefined) {
    if (namesByText.size >= MAX_STATEMENTS_PER_DATABASE) return selectRows(executor, query);
    name = `${prefix}_raw${namesByText.size}`;
    namesByText.set(built.sql, name);
  }
  const statement = (executor as Database)._.session.prepareQuery(built, undefined, name, false);
  const result = (await statement.execute()) as { rows: T[] };
  return result.rows;
}

/**
 * How a query takes its values: `inline` puts them in the query being built; `placeholders()` puts named
 * placeholders and collects the values to execute the prepared statement with. One builder serves both, so
 * the prepared text is the built one.
 */
export type Bind = <T>(name: string, value: T) => T | Placeholder;

export const inline: Bind = (_name, value) => value;

export function placeholders(): { bind: Bind; values: Record<string, unknown> } {
  const values: Record<string, unknown> = {};
  return {
    values,
    bind: (name, value) => {
      values[name] = value;
      return sql.placeholder(name);
    },
  };
}
