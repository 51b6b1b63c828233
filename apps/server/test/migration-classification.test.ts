import { rmSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openDatabase, selectRows } from '../src/db/database';
import { migrationsFolder } from '../src/paths';
import { migrationsBefore } from './helpers/migrations';

/** The migration that brings the classification history in. */
const HISTORY = '0016_lifecycle_classifications_requests';

describe('the classification history’s migration', () => {
  let database: DatabaseHandle | undefined;
  const folders: string[] = [];
  afterAll(async () => {
    await database?.close();
    for (const folder of folders) rmSync(folder, { recursive: true, force: true });
  });

  it('writes one record per establishment: from its decision date, else from its creation day', async () => {
    const before = migrationsBefore(HISTORY);
    folders.push(before);
    database = await openDatabase({});
    await database.migrate(before);
    const { db } = database;
    const [host] = await selectRows<{ id: number }>(
      db,
      sql`insert into users (username, email, role) values ('hote', 'hote@example.test', 'host') returning id`,
    );
    if (!host) throw new Error('no host');
    await db.execute(
      sql`insert into establishments (user_id, name, type, nature, stars, classified_on, created_at) values
          (${host.id}, 'Gîte classé', 'HOTEL_3', 'FURNISHED_LET', 3, '2022-05-04', '2024-01-10T23:30:00Z'),
          (${host.id}, 'Hôtel ancien', 'HOTEL_2', null, null, null, '2024-01-10T23:30:00Z')`,
    );

    await database.migrate(migrationsFolder);

    const rows = await selectRows<{
      name: string;
      nature: string | null;
      stars: number | null;
      classified_on: string | null;
      effective_from: string;
      recorded_by: number | null;
    }>(
      db,
      sql`select e.name, c.nature, c.stars, c.classified_on::text, c.effective_from::text, c.recorded_by
          from establishment_classifications c join establishments e on e.id = c.establishment_id order by c.id`,
    );
    expect(rows).toEqual([
      {
        name: 'Gîte classé',
        nature: 'FURNISHED_LET',
        stars: 3,
        classified_on: '2022-05-04',
        effective_from: '2022-05-04',
        recorded_by: null,
      },
      // Created at 23:30 UTC on 10 January: already the 11th in Paris.
      {
        name: 'Hôtel ancien',
        nature: null,
        stars: null,
        classified_on: null,
        effective_from: '2024-01-11',
        recorded_by: null,
      },
    ]);
  }, 120_000);
});
