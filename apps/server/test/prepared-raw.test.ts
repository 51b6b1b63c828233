import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { selectRows } from '../src/db/database';
import { preparing, selectRowsNamed } from '../src/db/prepared';
import { settings } from '../src/db/schema';
import { useApp } from './fixture';

/**
 * Raw statements run as named ones (`selectRowsNamed`): the same rows as built per call, whatever the shape and
 * however often (on PostgreSQL a name sent with a second text is refused, and past five executions the server may
 * switch to its generic plan), and inside a transaction they run on the transaction.
 */
const t = useApp({ sessions: ['host', 'admin'] });

const byId = (id: number) => sql`select id, username, role from users where id = ${id}`;
const byRole = (role: string) => sql`select id, username from users where role = ${role} order by id`;

describe('raw statements run as named ones', () => {
  it('answer what the statement built per call answers, two shapes in turn, again and again', async () => {
    const { db } = t.database;
    for (let round = 0; round < 8; round++) {
      for (const user of [t.users.host, t.users.admin]) {
        expect(await selectRowsNamed(db, 'test_raw', byId(user.id))).toEqual(
          await selectRows(db, byId(user.id)),
        );
      }
      for (const role of ['host', 'admin', 'nobody']) {
        expect(await selectRowsNamed(db, 'test_raw', byRole(role))).toEqual(
          await selectRows(db, byRole(role)),
        );
      }
    }
    const [host] = await selectRowsNamed<{ username: string }>(db, 'test_raw', byId(t.users.host.id));
    expect(host?.username).toBe(t.users.host.username);
  });

  it('run on the transaction they are given, seeing what it wrote before it commits', async () => {
    const { db } = t.database;
    const key = 'raw-statement-test';
    const read = sql`select value from settings where key = ${key}`;
    await expect(
      db.transaction(async (tx) => {
        await tx.insert(settings).values({ key, value: 'written' });
        expect(await selectRowsNamed(tx, 'test_raw', read)).toEqual([{ value: 'written' }]);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await selectRowsNamed(db, 'test_raw', read)).toEqual([]);
  });

  it('still answer with preparing turned off', async () => {
    const { db } = t.database;
    preparing(db, false);
    try {
      expect(await selectRowsNamed(db, 'test_raw', byId(t.users.admin.id))).toEqual(
        await selectRows(db, byId(t.users.admin.id)),
      );
    } finally {
      preparing(db, true);
    }
  });
});
