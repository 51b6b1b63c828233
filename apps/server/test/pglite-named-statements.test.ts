import type { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { selectRows } from '../src/db/database';
import { selectRowsNamed } from '../src/db/prepared';
import { settings } from '../src/db/schema';
import { useApp } from './fixture';

/**
 * On PGlite, a statement the hot paths prepare under a name is PostgreSQL's named statement, as on a server:
 * parsed once, then bound and executed with each call's values. PostgreSQL lists the session's named
 * statements with how often each ran; PGlite has one session, so the list is the process's.
 */
const t = useApp({ sessions: ['host', 'admin'] });

function pgliteOf(skip: () => void): PGlite {
  if (t.database.kind !== 'pglite') skip();
  return (t.database.db as unknown as { $client: PGlite }).$client;
}

async function executions(client: PGlite, prefix: string) {
  const { rows } = await client.query<{ statement: string; runs: number }>(
    `select statement, (generic_plans + custom_plans)::int as runs from pg_prepared_statements
     where name like $1 order by name`,
    [`${prefix}%`],
  );
  return rows;
}

describe('named statements on PGlite', () => {
  it('parses a statement once and runs it with each call’s values', async (context) => {
    const client = pgliteOf(() => context.skip());
    const { db } = t.database;
    const byId = (id: number) => sql`select id, username from users where id = ${id}`;
    for (let round = 0; round < 7; round++) {
      for (const user of [t.users.host, t.users.admin]) {
        expect(await selectRowsNamed(db, 'named_once', byId(user.id))).toEqual([
          { id: user.id, username: user.username },
        ]);
      }
    }
    expect(await executions(client, 'named_once')).toEqual([
      { statement: 'select id, username from users where id = $1', runs: 14 },
    ]);
  });

  it('sends each value as PGlite’s own query does, and answers the same rows', async (context) => {
    pgliteOf(() => context.skip());
    const { db } = t.database;
    const values = (at: Date, document: object, flag: boolean, amount: number | null, text: string) =>
      sql`select ${at}::timestamptz as at, ${JSON.stringify(document)}::jsonb as document,
          ${flag}::boolean as flag, ${amount}::numeric as amount, ${text}::text as text`;
    for (const row of [
      values(new Date('2026-07-14T10:30:00Z'), { a: 1, b: [2, 3] }, true, 12.5, 'l’été, "dit"'),
      values(new Date('1999-12-31T23:59:59.123Z'), {}, false, null, ''),
    ]) {
      expect(await selectRowsNamed(db, 'named_values', row)).toEqual(await selectRows(db, row));
    }
  });

  it('answers a refused value with the database’s error, and the next statement runs', async (context) => {
    pgliteOf(() => context.skip());
    const { db } = t.database;
    const count = (text: string) => sql`select count(*)::int as n from users where id = ${text}::int`;
    // drizzle wraps the database's error, as it does PGlite's own: its code is what the product reads.
    await expect(selectRowsNamed(db, 'named_refused', count('not a number'))).rejects.toMatchObject({
      cause: { code: '22P02', message: expect.stringMatching(/invalid input syntax for type integer/) },
    });
    expect(await selectRowsNamed(db, 'named_refused', count(String(t.users.host.id)))).toEqual([{ n: 1 }]);
  });

  it('never runs inside another caller’s transaction, nor between its statements', async (context) => {
    pgliteOf(() => context.skip());
    const { db } = t.database;
    const key = 'named-statement-isolation';
    const read = sql`select value from settings where key = ${key}`;
    let written!: () => void;
    const wrote = new Promise<void>((resolve) => {
      written = resolve;
    });
    const transaction = db.transaction(async (tx) => {
      await tx.insert(settings).values({ key, value: 'uncommitted' });
      written();
      // Named statements sent meanwhile wait for the transaction: they must not see what it has not committed.
      await new Promise((resolve) => setTimeout(resolve, 50));
      throw new Error('rolled back');
    });
    await wrote;
    const reads = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        i % 2 === 0 ? selectRowsNamed(db, 'named_isolation', read) : selectRows(db, read),
      ),
    );
    await expect(transaction).rejects.toThrow('rolled back');
    expect(reads).toEqual(Array.from({ length: 10 }, () => []));
  });
});
