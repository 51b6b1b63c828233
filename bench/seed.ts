import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  computePricingTable,
  type DeclarationUpdate,
  declarationAmounts,
  ESTABLISHMENT_TYPES,
  pricingPayloadSchema,
} from '@sejour/domain';
import { lawfulPricingPayload } from '@sejour/domain/testing';
import { sql } from 'drizzle-orm';
import { hashPassword } from '../apps/server/src/auth/passwords';
import { type DatabaseHandle, openDatabase } from '../apps/server/src/db/database';
import { migrationsFolder } from '../apps/server/src/paths';

export const BENCH_ADMIN = { username: 'bench-admin', password: 'Bench-Password-2026' };

export interface SeedSizes {
  providers: number;
  establishments: number;
  /** Roughly: two years of months per establishment, about one in six left missing, capped at this count. */
  declarations: number;
}

export const DEFAULT_SIZES: SeedSizes = { providers: 2000, establishments: 5000, declarations: 100_000 };
const YEARS = [2025, 2026] as const;
const BATCH = 1000;

/** Opens the local PostgreSQL when `DATABASE_URL` is set, else PGlite in a fresh temp folder; migrated. */
export async function openBenchDatabase(): Promise<DatabaseHandle> {
  const url = process.env.DATABASE_URL;
  const database = url
    ? await openDatabase({ url })
    : await openDatabase({ dataDir: mkdtempSync(join(tmpdir(), 'sejour-bench-')) });
  await database.migrate(migrationsFolder);
  return database;
}

/** Fills an empty migrated database with bulk multi-row INSERTs (never one call per row). */
export async function seed(database: DatabaseHandle, sizes: SeedSizes = DEFAULT_SIZES): Promise<void> {
  const { db } = database;
  const hash = await hashPassword(BENCH_ADMIN.password);
  await db.execute(sql`
    INSERT INTO users (username, email, role, password_hash, activated)
    VALUES (${BENCH_ADMIN.username}, 'bench-admin@bench.test', 'admin', ${hash}, true)`);
  await db.execute(sql`
    INSERT INTO users (username, email, role, password_hash, activated, firstname, lastname, company, city, cp)
    SELECT 'host' || i, 'host' || i || '@bench.test', 'host', ${hash}, true,
           'Prénom' || i, 'Nom' || (i % 997), 'Société ' || (i % 101), 'Ville' || (i % 53), '57000'
    FROM generate_series(1, ${sizes.providers}) AS i`);
  const types = ESTABLISHMENT_TYPES;
  await db.execute(sql`
    INSERT INTO establishments (user_id, name, capacity_max_room, capacity_max_person, city, cp, type)
    SELECT h.id, 'Établissement ' || lpad(i::text, 6, '0'), 20, 1000, 'Ville' || (i % 53), '57000',
           (${sql.raw(`ARRAY[${types.map((t) => `'${t}'`).join(',')}]`)})[1 + i % ${types.length}]
    FROM generate_series(1, ${sizes.establishments}) AS i
    JOIN (SELECT id, row_number() OVER (ORDER BY id) - 1 AS n FROM users WHERE role = 'host') h
      ON h.n = i % ${sizes.providers}`);

  const pricingIds = new Map<number, number>();
  const tables = new Map<number, ReturnType<typeof computePricingTable>>();
  for (const year of YEARS) {
    const payload = pricingPayloadSchema.parse(
      lawfulPricingPayload({ beginDate: `${year}-01-01`, endDate: `${year}-12-31` }),
    );
    const rows = await db.execute(sql`
      INSERT INTO pricings (begin_date, end_date, payload)
      VALUES (${payload.beginDate}, ${payload.endDate}, ${JSON.stringify(payload)}::jsonb) RETURNING id`);
    pricingIds.set(year, Number(resultRows<{ id: number }>(rows)[0]?.id));
    tables.set(year, computePricingTable(payload));
  }

  const establishments = resultRows<{ id: number; user_id: number; type: (typeof types)[number] }>(
    await db.execute(sql`SELECT id, user_id, type FROM establishments ORDER BY id`),
  );
  let values: string[] = [];
  let count = 0;
  const flush = async () => {
    if (values.length === 0) return;
    await db.execute(
      sql.raw(`INSERT INTO declarations (establishment_id, user_id, pricing_id, year, month, done, done_at,
        person_count, nights_count, exempted_count, nights_count_inf, nights_count_sup, nights_count_inf_min,
        nights_count_sup_min, prix_inf, prix_sup, prix_inf_min, prix_sup_min, platform_nights_count,
        taxable_nights, cc_amount, moselle_amount, total_amount, tariffs) VALUES ${values.join(',')}`),
    );
    values = [];
  };
  outer: for (const e of establishments) {
    for (const year of YEARS) {
      for (let month = 1; month <= 12; month++) {
        const k = e.id * 31 + year * 12 + month;
        if (k % 6 === 0) continue; // a missing month
        if (count >= sizes.declarations) break outer;
        const typed = figures(e.type, k);
        const { figures: f, tax, tariffs } = declarationAmounts(e.type, typed, tables.get(year)!);
        const pricingId = pricingIds.get(year)!;
        const done = k % 7 !== 0; // the rest are drafts
        const copy = JSON.stringify({ pricingId, type: e.type, tariffs }).replaceAll("'", "''");
        values.push(
          `(${e.id},${e.user_id},${pricingId},${year},${month},${done},${done ? 'now()' : 'NULL'},${f.personCount},` +
            `${f.nightsCount},${f.exemptedCount},${f.nightsCountInf},${f.nightsCountSup},${f.nightsCountInfMin},` +
            `${f.nightsCountSupMin},${f.prixInf},${f.prixSup},${f.prixInfMin},${f.prixSupMin},${f.platformNightsCount},` +
            `${tax.taxableNights},${tax.cc},${tax.moselle},${tax.total},'${copy}'::jsonb)`,
        );
        count++;
        if (values.length >= BATCH) await flush();
      }
    }
  }
  await flush();
  // What autovacuum does to a table soon after a bulk load: statistics for the planner and the visibility map,
  // without which counts cannot be answered from an index alone. Measuring before it would measure the load.
  await db.execute(sql`VACUUM ANALYZE`);
}

/** Plausible figures: classified types declare person-nights, unclassified lets declare priced bands. */
function figures(type: (typeof ESTABLISHMENT_TYPES)[number], k: number): DeclarationUpdate {
  const nights = 10 + (k % 190);
  const exempted = k % 4;
  if (type !== 'NONE')
    return {
      personCount: 1 + (k % 40),
      nightsCount: nights,
      exemptedCount: exempted,
      nightsCountInf: 0,
      nightsCountSup: 0,
      nightsCountInfMin: 0,
      nightsCountSupMin: 0,
      prixInf: 0,
      prixSup: 0,
      prixInfMin: 0,
      prixSupMin: 0,
      platformNightsCount: k % 5,
    };
  const inf = Math.floor(nights / 2);
  return {
    personCount: 1 + (k % 40),
    nightsCount: 0,
    exemptedCount: 0,
    nightsCountInf: inf,
    nightsCountSup: nights - inf,
    nightsCountInfMin: Math.min(exempted, inf),
    nightsCountSupMin: 0,
    prixInf: inf * (4000 + (k % 3000)),
    prixSup: (nights - inf) * (9000 + (k % 5000)),
    prixInfMin: Math.min(exempted, inf) * 4000,
    prixSupMin: 0,
    platformNightsCount: 0,
  };
}

/** node-postgres answers `{ rows }`, PGlite through drizzle answers `{ rows }` too; both typed loosely. */
function resultRows<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const [providers, establishments, declarations] = process.argv.slice(2).map(Number);
  const sizes: SeedSizes = {
    providers: providers || DEFAULT_SIZES.providers,
    establishments: establishments || DEFAULT_SIZES.establishments,
    declarations: declarations || DEFAULT_SIZES.declarations,
  };
  const started = performance.now();
  const database = await openBenchDatabase();
  await seed(database, sizes);
  console.log(
    `Seeded ${sizes.providers} providers, ${sizes.establishments} establishments, up to ${sizes.declarations} declarations on ${database.kind} in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
  await database.close();
}
