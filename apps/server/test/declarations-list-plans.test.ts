import { DECLARATION_SORT_FIELDS, declarationListQuerySchema, ESTABLISHMENT_TYPES } from '@sejour/domain';
import { and, eq, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { declarations } from '../src/db/schema';
import { exportComponentsQuery } from '../src/declarations/export';
import { declarationPageQuery } from '../src/declarations/list';
import { semesterForfaitsQuery } from '../src/resume/forfaits';
import { useApp } from './fixture';
import { explainJson, type PlanNode, planNodes, planText, sortsOverDeclarations } from './helpers/plans';

const t = useApp({ sessions: ['admin'] });
const HOSTS = 200;
const ESTABLISHMENTS = 800;
/** Two years of twelve months for each establishment: enough rows that the planner prefers a walked index. */
const YEARS = [2025, 2026];

/**
 * A territory in bulk SQL (the triggers of the lists' copies run on every row, as they do in production):
 * hosts with companies or names, establishments of every type (a tenth untyped), a declaration per month.
 */
beforeAll(async () => {
  const db = t.database.db;
  await db.execute(sql`
    INSERT INTO users (username, email, role, firstname, lastname, company, activated)
    SELECT 'plan-host-' || i, 'plan-host-' || i || '@example.test', 'host', 'Prénom' || i, 'Nom' || (i * 7919 % ${HOSTS}),
           CASE WHEN i % 3 = 0 THEN 'Société ' || (i * 31 % ${HOSTS}) ELSE NULL END, true
    FROM generate_series(1, ${HOSTS}) AS i`);
  const types = sql.raw(`ARRAY[${ESTABLISHMENT_TYPES.map((type) => `'${type}'`).join(',')}]`);
  await db.execute(sql`
    INSERT INTO establishments (user_id, name, type, city)
    SELECT (SELECT id FROM users WHERE username = 'plan-host-' || (1 + i % ${HOSTS})),
           'Établissement ' || (i * 613 % ${ESTABLISHMENTS}),
           CASE WHEN i % 10 = 0 THEN NULL ELSE (${types})[1 + i % ${ESTABLISHMENT_TYPES.length}] END,
           'Commune ' || (i % 40)
    FROM generate_series(1, ${ESTABLISHMENTS}) AS i`);
  await db.execute(sql`
    INSERT INTO declarations (establishment_id, user_id, year, month, done, nights_count, total_amount)
    SELECT e.id, e.user_id, y, m, (e.id + m) % 4 <> 0, (e.id * 13 + m * 7) % 500, (e.id * 37 + m * 101) % 90000
    FROM establishments e, unnest(${sql.raw(`ARRAY[${YEARS.join(',')}]`)}::int[]) AS y, generate_series(1, 12) AS m
    WHERE e.name LIKE 'Établissement %'`);
  // Fresh statistics, as autovacuum would have them on a live database (PGlite runs no autovacuum).
  for (const table of ['users', 'establishments', 'declarations'])
    await db.execute(sql.raw(`ANALYZE ${table}`));
}, 60_000);

/**
 * The plan of the very page query the API runs, second page of 50: the planner weighs walking an index against
 * sorting the filtered set by how deep the page is in that set, so the page stays at the same depth relative to
 * this test's 19 200 rows as the bench's deep pages to its 100 000.
 */
async function planOf(filters: Record<string, string>, sort: string): Promise<PlanNode> {
  const query = declarationListQuerySchema.parse({ ...filters, sort, limit: '50', offset: '50' });
  const actor = { id: t.users.admin.id, username: 'admin', role: 'admin' as const };
  return explainJson(t.database, declarationPageQuery(t.database.db, actor, query).toSQL());
}

describe('the admin declarations list at scale', () => {
  it('keeps the lists’ copies in step: declared type and provider name', async () => {
    const rows = (await t.database.db.execute(sql`
      SELECT count(*)::int AS wrong FROM declarations d
      JOIN establishments e ON e.id = d.establishment_id JOIN users u ON u.id = d.user_id
      WHERE d.declared_type IS DISTINCT FROM coalesce(d.tariffs->>'type', e.type)
         OR d.provider_name <> coalesce(nullif(u.company, ''),
              nullif(trim(coalesce(u.firstname, '') || ' ' || coalesce(u.lastname, '')), ''), u.username)`)) as unknown as {
      rows: { wrong: number }[];
    };
    expect(rows.rows[0]?.wrong).toBe(0);
  });

  it('counts exactly up to 10 000 rows, then says the list holds more', async () => {
    const call = (query: string) =>
      t.call({ method: 'GET', url: `/api/declarations?${query}`, token: t.tokens.admin });
    expect((await call('limit=1')).json().meta).toEqual({
      total: 10_000,
      totalIsLowerBound: true,
      limit: 1,
      offset: 0,
    });
    expect((await call('year=2026&limit=1')).json().meta).toEqual({ total: 9600, limit: 1, offset: 0 });
    expect((await call('limit=1&total=false')).json().meta.total).toBeNull();
  });

  const filters: Record<string, Record<string, string>> = {
    none: {},
    year: { year: '2026' },
    type: { type: 'HOTEL_3' },
    'type unset': { type: 'unset' },
    done: { done: 'true' },
    'year and type': { year: '2026', type: 'HOTEL_3' },
    'year and done': { year: '2026', done: 'true' },
  };
  const sorts = [
    ...DECLARATION_SORT_FIELDS.flatMap((field) => [`${field}:asc`, `${field}:desc`]),
    'totalAmount:desc,provider:desc',
    'totalAmount:asc,provider:asc',
  ];

  for (const [name, filter] of Object.entries(filters)) {
    it(`sorts a page filtered by ${name} on an index, never the whole set`, async () => {
      const offending: string[] = [];
      for (const sort of sorts) {
        const plan = await planOf(filter, sort);
        if (sortsOverDeclarations(plan).length > 0) offending.push(`${sort}:\n${planText(plan)}`);
      }
      expect(offending).toEqual([]);
    });
  }

  it('finds a page’s rows before joining what the list shows beside them', async () => {
    // Deep pages stay cheap only if the rows skipped are index entries, not joined rows: below the page's
    // Limit, the plan reads the declarations (and the establishments when the sort or a filter needs them),
    // never the providers nor the register files.
    const offending: string[] = [];
    const pageFilters: Record<string, string>[] = [
      { year: '2026', type: 'HOTEL_3' },
      { q: 'Établissement 1' },
      {},
    ];
    for (const filter of pageFilters) {
      for (const sort of sorts) {
        const plan = await planOf(filter, sort);
        const limit = [...planNodes(plan)].find((node) => node['Node Type'] === 'Limit');
        const read = new Set(
          [...(limit ? planNodes(limit) : [])].flatMap((node) => node['Relation Name'] ?? []),
        );
        if (!limit || read.has('users') || read.has('declaration_files'))
          offending.push(`${JSON.stringify(filter)} ${sort}:\n${planText(plan)}`);
      }
    }
    expect(offending).toEqual([]);
  });

  it('filters by provider on its index, whatever the sort', async () => {
    const [host] = (
      (await t.database.db.execute(sql`SELECT id FROM users WHERE username = 'plan-host-7'`)) as unknown as {
        rows: { id: number }[];
      }
    ).rows;
    const offending: string[] = [];
    for (const sort of sorts) {
      const plan = await planOf({ userId: String(host?.id) }, sort);
      if (sortsOverDeclarations(plan).length > 0) offending.push(`${sort}:\n${planText(plan)}`);
    }
    expect(offending).toEqual([]);
  });

  it('finds which components an export writes on their partial indexes, reading no declaration of the others', async () => {
    const { db } = t.database;
    const [host] = (
      (await db.execute(sql`SELECT id FROM users WHERE username = 'plan-host-7'`)) as unknown as {
        rows: { id: number }[];
      }
    ).rows;
    const filters = [
      undefined,
      and(eq(declarations.year, 2026), eq(declarations.done, true)),
      eq(declarations.userId, host!.id),
    ];
    const offending: string[] = [];
    for (const where of filters) {
      const plan = await explainJson(
        t.database,
        new PgDialect().sqlToQuery(exportComponentsQuery(db, where)),
      );
      const reads = [...planNodes(plan)].filter((node) => node['Relation Name'] === 'declarations');
      const partial = /^declarations_(ile_de_france|idf_mobilites|railway_line)_idx$/;
      if (reads.length !== 3 || !reads.every((node) => partial.test(String(node['Index Name']))))
        offending.push(planText(plan));
    }
    expect(offending).toEqual([]);
    // The head still says which components the rows have.
    await db.execute(
      sql`UPDATE declarations SET railway_line_amount = 40 WHERE id = (SELECT min(id) FROM declarations)`,
    );
    const [found] = (
      (await db.execute(exportComponentsQuery(db, undefined))) as unknown as {
        rows: Record<string, boolean>[];
      }
    ).rows;
    expect(found).toEqual({ ILE_DE_FRANCE: false, IDF_MOBILITES: false, RAILWAY_LINE: true });
  });

  it('finds a semester’s establishments au forfait on their partial index, reading no declaration au réel', async () => {
    const offending: string[] = [];
    for (const scope of [
      { year: 2026, semester: 1 as const },
      { year: 2025, semester: 2 as const },
    ]) {
      const plan = await explainJson(
        t.database,
        new PgDialect().sqlToQuery(semesterForfaitsQuery({ ...scope, userId: undefined })),
      );
      const reads = [...planNodes(plan)].filter((node) => node['Relation Name'] === 'declarations');
      const found = reads.some((node) => node['Index Name'] === 'declarations_forfait_idx');
      const others = reads.filter((node) => node['Index Name'] !== 'declarations_forfait_idx');
      // The others read the found establishments' declarations only (an index scan, or a bitmap's heap).
      const pinned = others.every((node) =>
        [...planNodes(node)].some((n) =>
          /establishment_id = /.test(`${n['Index Cond']} ${n['Recheck Cond']}`),
        ),
      );
      if (!found || !pinned) offending.push(planText(plan));
    }
    expect(offending).toEqual([]);
  });
});
