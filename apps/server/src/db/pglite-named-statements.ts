import { type PGlite, parse, protocol, type QueryOptions, type Results } from '@electric-sql/pglite';

/** What drizzle's PGlite session asks of its client to run one statement. */
interface QueryClient {
  query<T>(text: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>>;
}

/** A statement parsed on the database under its name: its text, and the types PostgreSQL gave its parameters. */
interface Parsed {
  text: string;
  parameterTypes: number[];
}

const parsedByDatabase = new WeakMap<PGlite, Map<string, Parsed>>();

/** The statements parsed on this database so far, by name. */
function parsedOn(database: PGlite): Map<string, Parsed> {
  let parsed = parsedByDatabase.get(database);
  if (!parsed) {
    parsed = new Map();
    parsedByDatabase.set(database, parsed);
  }
  return parsed;
}

const { serialize } = protocol;

function concat(parts: readonly Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((length, part) => length + part.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

/**
 * A client that runs a statement of the hot paths as PostgreSQL's named statement on PGlite, as node-postgres
 * does on a server: parsed once under `name`, then bound and executed with each call's values, so that once
 * its generic plan is found no costlier PostgreSQL stops planning it. PGlite's own `query` parses, describes
 * and plans every statement again, each step a call into the database of its own: on a host's list this was
 * half of the database's time (docs/decisions/0171-pglite-named-statements.md).
 *
 * It holds PGlite's locks as `query` does (never inside a transaction, never between another query's
 * messages), and sends each execution's messages at once, ending with a Sync: a failing statement leaves the
 * database ready for the next.
 */
export function namedStatementClient(database: PGlite, name: string): QueryClient {
  const statements = parsedOn(database);
  const run = async <T>(text: string, params: unknown[], options?: QueryOptions) => {
    let statement = statements.get(name);
    if (!statement) {
      const { messages } = await database.execProtocol(
        concat([serialize.parse({ name, text }), serialize.describe({ type: 'S', name }), serialize.sync()]),
        { syncToFs: false },
      );
      statement = { text, parameterTypes: parse.parseDescribeStatementResults(messages) };
      statements.set(name, statement);
    }
    const { parameterTypes } = statement;
    const values = params.map((value, i) => {
      if (value === null || value === undefined) return null;
      const type = parameterTypes[i] ?? 0;
      const write = options?.serializers?.[type] ?? database.serializers[type];
      return write ? write(value) : String(value);
    });
    const { messages } = await database.execProtocol(
      concat([
        serialize.bind({ statement: name, values }),
        serialize.describe({ type: 'P' }),
        serialize.execute({}),
        serialize.sync(),
      ]),
    );
    return parse.parseResults(messages, database.parsers, options)[0] as Results<T>;
  };
  return {
    query: (text, params = [], options) => {
      // A name is only ever given for one text (db/prepared.ts); another text runs as PGlite runs any.
      const known = statements.get(name);
      if (known && known.text !== text) return database.query(text, params, options);
      return database._runExclusiveTransaction(() =>
        database._runExclusiveQuery(() => run(text, params, options)),
      );
    },
  };
}
