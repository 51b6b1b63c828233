import { mkdtempSync, rmSync } from 'node:fs';
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
import pg from 'pg';
import { hashPassword } from '../apps/server/src/auth/passwords';
import { type DatabaseHandle, openDatabase } from '../apps/server/src/db/database';
import { migrationsFolder } from '../apps/server/src/paths';
import { statementRecorder } from './record';

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
/** One establishment in this many keeps its register of stays in the product. */
export const STAY_SAMPLE = 20;
/** A stay arriving each week of the seeded years. */
const STAY_WEEKS = 52 * YEARS.length;

/** The database the bench owns on `DATABASE_URL`'s server: dropped and created afresh by every run. */
export const BENCH_DATABASE = 'sejour_bench';
/** The territory of one tenth the scaling row compares against, beside it on the same server. */
export const SMALL_BENCH_DATABASE = 'sejour_bench_small';

export interface BenchDatabase extends DatabaseHandle {
  describe: string;
  /** What a server started apart (`apps/server/src/main.ts`) needs in its environment to open this database. */
  serverEnv: Record<string, string>;
  /** Closes this process's handle and keeps the data, so that another process can open it. */
  release(): Promise<void>;
  /** Releases the handle (if still held) and, on PGlite, removes the folder unless `keep`. */
  close(): Promise<void>;
}

/**
 * A fresh, migrated bench database: with `DATABASE_URL`, the database `name` (default `sejour_bench`) on that
 * server (dropped and created again, so a run can be repeated; the database the URL names is never written);
 * else PGlite in a temp folder (in its `pglite` folder, where the server looks under `DATA_DIR`), removed on
 * close.
 */
export async function openBenchDatabase(
  options: {
    keep?: boolean;
    /** Another bench's own database on that server, so two benches never share one. */
    name?: string;
  } = {},
): Promise<BenchDatabase> {
  const url = process.env.DATABASE_URL;
  if (url) {
    const name = options.name ?? BENCH_DATABASE;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    try {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.query(`CREATE DATABASE ${name}`);
    } finally {
      await admin.end();
    }
    const benchUrl = new URL(url);
    benchUrl.pathname = `/${name}`;
    const database = await openDatabase({ url: benchUrl.toString(), logger: statementRecorder });
    await database.migrate(migrationsFolder);
    const release = once(() => database.close());
    return {
      ...database,
      describe: `PostgreSQL, database ${name} on ${benchUrl.host} (fresh)`,
      serverEnv: { DATABASE_URL: benchUrl.toString() },
      release,
      close: release,
    };
  }
  const root = mkdtempSync(join(tmpdir(), 'sejour-bench-'));
  const database = await openDatabase({ dataDir: join(root, 'pglite'), logger: statementRecorder });
  await database.migrate(migrationsFolder);
  const release = once(() => database.close());
  return {
    ...database,
    describe: `PGlite in ${root} (fresh${options.keep ? '' : ', removed at the end'})`,
    serverEnv: { DATA_DIR: root },
    release,
    close: async () => {
      await release();
      if (!options.keep) rmSync(root, { recursive: true, force: true });
    },
  };
}

/** The first call's promise, for every call: a PGlite or a pool is closed once. */
function once(close: () => Promise<void>): () => Promise<void> {
  let closing: Promise<void> | undefined;
  return () => {
    closing ??= close();
    return closing;
  };
}

/** `BENCH_SCALE=0.1` seeds a tenth of everything, for a quick run. */
export function scaledSizes(scale = Number(process.env.BENCH_SCALE ?? 1)): SeedSizes {
  const of = (n: number) => Math.max(1, Math.round(n * scale));
  return {
    providers: of(DEFAULT_SIZES.providers),
    establishments: of(DEFAULT_SIZES.establishments),
    declarations: of(DEFAULT_SIZES.declarations),
  };
}

/** Forty communes of the territory (a Moselle community of communes and its neighbours), with postcodes. */
export const COMMUNES: readonly (readonly [string, string])[] = [
  ['Metz', '57000'],
  ['Thionville', '57100'],
  ['Sarreguemines', '57200'],
  ['Forbach', '57600'],
  ['Sarrebourg', '57400'],
  ['Saint-Avold', '57500'],
  ['Montigny-lès-Metz', '57950'],
  ['Yutz', '57970'],
  ['Hayange', '57700'],
  ['Creutzwald', '57150'],
  ['Bitche', '57230'],
  ['Boulay-Moselle', '57220'],
  ['Château-Salins', '57170'],
  ['Dieuze', '57260'],
  ['Faulquemont', '57380'],
  ['Hombourg-Haut', '57470'],
  ['Maizières-lès-Metz', '57280'],
  ['Marly', '57155'],
  ['Woippy', '57140'],
  ['Florange', '57190'],
  ['Fameck', '57290'],
  ['Amnéville', '57360'],
  ['Rombas', '57120'],
  ['Talange', '57525'],
  ['Hagondange', '57300'],
  ['Moyeuvre-Grande', '57250'],
  ['Stiring-Wendel', '57350'],
  ['Freyming-Merlebach', '57800'],
  ['Behren-lès-Forbach', '57460'],
  ['Petite-Rosselle', '57540'],
  ['Sierck-les-Bains', '57480'],
  ['Rodemack', '57570'],
  ['Gorze', '57680'],
  ['Ars-sur-Moselle', '57130'],
  ['Phalsbourg', '57370'],
  ['Abreschviller', '57560'],
  ['Saint-Quirin', '57560'],
  ['Dabo', '57850'],
  ['Gérardmer-sur-Sarre', '57410'],
  ['Vic-sur-Seille', '57630'],
];

/** Fills an empty migrated database with bulk multi-row INSERTs (never one call per row). */
export async function seed(database: DatabaseHandle, sizes: SeedSizes = DEFAULT_SIZES): Promise<void> {
  const { db } = database;
  const hash = await hashPassword(BENCH_ADMIN.password);
  await db.execute(sql`
    INSERT INTO users (username, email, role, password_hash, activated)
    VALUES (${BENCH_ADMIN.username}, 'bench-admin@bench.test', 'admin', ${hash}, true)`);
  const communes = sql.raw(
    `(VALUES ${COMMUNES.map(([city, cp], i) => `(${i}, '${city.replaceAll("'", "''")}', '${cp}')`).join(',')})`,
  );
  // Two providers in five are companies; the others are people, shown by their first and last names.
  await db.execute(sql`
    INSERT INTO users (username, email, role, password_hash, activated, firstname, lastname, company, city, cp)
    SELECT 'host' || i, 'host' || i || '@bench.test', 'host', ${hash}, true,
           'Prénom' || (i % 211), 'Nom' || (i % 997), CASE WHEN i % 5 < 2 THEN 'Société ' || i END, c.city, c.cp
    FROM generate_series(1, ${sizes.providers}) AS i
    JOIN ${communes} AS c(n, city, cp) ON c.n = i % ${COMMUNES.length}`);
  const types = ESTABLISHMENT_TYPES;
  await db.execute(sql`
    INSERT INTO establishments (user_id, name, capacity_max_room, capacity_max_person, city, cp, type)
    SELECT h.id, 'Établissement ' || lpad(i::text, 6, '0'), 20, 1000, c.city, c.cp,
           (${sql.raw(`ARRAY[${types.map((t) => `'${t}'`).join(',')}]`)})[1 + i % ${types.length}]
    FROM generate_series(1, ${sizes.establishments}) AS i
    JOIN (SELECT id, row_number() OVER (ORDER BY id) - 1 AS n FROM users WHERE role = 'host') h
      ON h.n = i % ${sizes.providers}
    JOIN ${communes} AS c(n, city, cp) ON c.n = (i * 7) % ${COMMUNES.length}`);

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
  // A register of stays for one establishment in twenty: a stay of one to six nights arriving each week of both
  // years, some across a month's end, some with a minor, some booked through a platform.
  await db.execute(sql`
    INSERT INTO stays (establishment_id, user_id, arrival, departure, persons, exempted, exemption_reason, price,
                       platform, reference)
    SELECT e.id, e.user_id, a.day, a.day + (1 + (e.id + w) % 6), 1 + w % 4,
           CASE WHEN w % 3 = 0 THEN 1 ELSE 0 END, CASE WHEN w % 3 = 0 THEN 'MINOR' END,
           (1 + (e.id + w) % 6) * (5000 + (e.id * w) % 8000), w % 5 = 0, 'R-' || e.id || '-' || w
    FROM establishments e
    CROSS JOIN generate_series(0, ${STAY_WEEKS - 1}) AS w
    CROSS JOIN LATERAL (SELECT make_date(${YEARS[0]}, 1, 1) + (w * 7 + e.id % 5) AS day) a
    WHERE e.id % ${STAY_SAMPLE} = 0`);
  // A register file for one declaration in fifty: a few bytes stand for the PDF, the lists only read its name.
  await db.execute(sql`
    INSERT INTO declaration_files (declaration_id, filename, mime_type, size, data)
    SELECT id, 'registre-' || year || '-' || month || '.pdf', 'application/pdf', 9, '\\x255044462d312e340a'::bytea
    FROM declarations WHERE id % 50 = 0`);
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
  const scaled = scaledSizes();
  const sizes: SeedSizes = {
    providers: providers || scaled.providers,
    establishments: establishments || scaled.establishments,
    declarations: declarations || scaled.declarations,
  };
  const started = performance.now();
  const database = await openBenchDatabase({ keep: true });
  await seed(database, sizes);
  const stays = resultRows<{ n: number }>(
    await database.db.execute(sql`SELECT count(*)::int AS n FROM stays`),
  );
  console.log(
    `Seeded ${sizes.providers} providers, ${sizes.establishments} establishments, up to ${sizes.declarations} declarations and ${stays[0]?.n} stays into ${database.describe} in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
  await database.close();
}
