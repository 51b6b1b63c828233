import { rmSync } from 'node:fs';
import { ESTABLISHMENT_TYPES } from '@sejour/domain';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openDatabase, selectRows } from '../src/db/database';
import { migrationsFolder } from '../src/paths';
import { migrationsBefore } from './helpers/migrations';
import { createTestApp, TEST_PASSWORD, type TestApp } from './helpers/test-app';

/** The migration that brings natures in, and the last one before it. */
const DELIBERATION = '0012_deliberation';

interface Stored {
  id: number;
  type: string | null;
  nature: string | null;
  stars: number | null;
}
interface Amounts {
  id: number;
  cc_amount: number;
  moselle_amount: number;
  total_amount: number;
  taxable_nights: number;
}

const AMOUNTS = sql`select id, cc_amount, moselle_amount, total_amount, taxable_nights from declarations order by id`;

describe('migrating a database filled by the schema before natures', () => {
  let database: DatabaseHandle | undefined;
  let app: TestApp | undefined;
  const folders: string[] = [];
  afterAll(async () => {
    await (app ? app.close() : database?.close());
    for (const dir of folders) rmSync(dir, { recursive: true, force: true });
  });

  it('keeps every type and every amount, gives palaces their nature and lists the others to confirm', async () => {
    const before = migrationsBefore(DELIBERATION);
    folders.push(before);
    database = await openDatabase({});
    await database.migrate(before);
    const { db } = database;

    const [host] = await selectRows<{ id: number }>(
      db,
      sql`insert into users (username, email, role) values ('hote', 'hote@example.test', 'host') returning id`,
    );
    if (!host) throw new Error('no host');
    const types = [...ESTABLISHMENT_TYPES, null];
    for (const [index, type] of types.entries()) {
      const [establishment] = await selectRows<{ id: number }>(
        db,
        sql`insert into establishments (user_id, name, type) values (${host.id}, ${`Hébergement ${index}`}, ${type})
            returning id`,
      );
      if (!establishment) throw new Error('no establishment');
      await db.execute(
        sql`insert into declarations (establishment_id, user_id, year, month, done, nights_count, taxable_nights,
              cc_amount, moselle_amount, total_amount)
            values (${establishment.id}, ${host.id}, 2025, ${index + 1}, true, ${10 + index}, ${10 + index},
              ${1000 + 37 * index}, ${100 + 4 * index}, ${1100 + 41 * index})`,
      );
    }
    const establishmentsBefore = await selectRows<Stored>(
      db,
      sql`select id, type from establishments order by id`,
    );
    const amountsBefore = await selectRows<Amounts>(db, AMOUNTS);
    expect(amountsBefore).toHaveLength(types.length);

    await database.migrate(migrationsFolder);

    const after = await selectRows<Stored>(
      db,
      sql`select id, type, nature, stars from establishments order by id`,
    );
    expect(after.map(({ id, type }) => ({ id, type }))).toEqual(establishmentsBefore);
    for (const row of after) {
      expect({ type: row.type, nature: row.nature, stars: row.stars }).toEqual({
        type: row.type,
        nature: row.type === 'PALACES' ? 'PALACE' : null,
        stars: null,
      });
    }
    expect(await selectRows<Amounts>(db, AMOUNTS)).toEqual(amountsBefore);

    app = await createTestApp({}, { database });
    const admin = await app.createUser({ role: 'admin' });
    const token = await app.login(admin.username, TEST_PASSWORD);
    const response = await app.call({
      method: 'GET',
      url: '/api/establishments/natures-to-confirm?limit=100',
      token,
    });
    expect(response.statusCode).toBe(200);
    const listed = response.json().data as Array<{ id: number; type: string }>;
    const expected = after.filter((row) => row.type !== null && row.type !== 'PALACES');
    expect(listed.map(({ id, type }) => ({ id, type })).sort((a, b) => a.id - b.id)).toEqual(
      expected.map(({ id, type }) => ({ id, type })),
    );
    expect(response.json().meta.total).toBe(ESTABLISHMENT_TYPES.length - 1);
  }, 120_000);
});
