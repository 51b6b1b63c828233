import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { useApp } from './fixture';
import { createDeclarationScene } from './helpers/declarations';
import { probeWhile, timedHealth } from './helpers/health-probes';
import { insertLoadTerritory, listenOnLoopback } from './helpers/load-territory';

/**
 * The admin's CSV of every declaration must not hold the server: while a large one is written, the health check
 * keeps being answered, one probe after another, over a real socket as a second client would see it. How fast
 * the probes are answered is measured by the benchmarks (`bench/`), not asserted here.
 */

/** Providers, each with establishments declaring every month of 2026. */
const PROVIDERS = 350;
const ESTABLISHMENTS_PER_PROVIDER = 10;
const DECLARATIONS = PROVIDERS * ESTABLISHMENTS_PER_PROVIDER * 12;
/** Generous for a loaded 2-core CI machine. */
const TEST_TIMEOUT_MS = 90_000;
/** Probes answered while the file is written: a held server answers a handful at most. */
const ANSWERS_WHILE_EXPORTING = 50;

// Many health probes a second from one address: the API's rate limit is not what is measured.
const t = useApp({ env: { RATE_LIMIT_MAX: '1000000' } });
let base: string;
let token: string;
let hostToken: string;

beforeAll(async () => {
  const scene = await createDeclarationScene(t);
  token = scene.tokens.admin;
  hostToken = scene.tokens.hostA;
  // Generated in SQL before the server listens.
  await insertLoadTerritory(t.database.db, {
    providers: PROVIDERS,
    establishmentsEach: ESTABLISHMENTS_PER_PROVIDER,
  });
  await t.database.db.execute(sql`
    insert into declarations (establishment_id, user_id, year, month, done, person_count, nights_count,
                              taxable_nights, cc_amount, moselle_amount, total_amount)
    select e.id, e.user_id, 2026, m, m % 3 <> 0, 1 + e.id % 7, 10 + e.id % 50, 10 + e.id % 50,
           1000 + e.id % 900, 100 + e.id % 90, 1100 + e.id % 900 + e.id % 90
    from establishments e cross join generate_series(1, 12) as m
    where e.name like 'Gîte %'`);
  base = await listenOnLoopback(t.app);
  // Once before measuring: the worker's start (and, from the sources, tsx compiling it) is a one-time cost.
  const first = await exportCsv(hostToken);
  expect(first.status).toBe(200);
  await timedHealth(base);
}, 60_000);

async function exportCsv(as: string) {
  const response = await fetch(`${base}/declarations/export.csv`, {
    headers: { authorization: `Bearer ${as}` },
  });
  return {
    status: response.status,
    type: response.headers.get('content-type'),
    disposition: response.headers.get('content-disposition'),
    // Decoded by Node's Buffer, which keeps the byte order mark (`text()` drops it).
    body: Buffer.from(await response.arrayBuffer()).toString('utf8'),
  };
}

describe('the CSV of every declaration', () => {
  it(
    `of ${DECLARATIONS} declarations leaves the health check answering, probe after probe, and holds every row`,
    async () => {
      const csv = exportCsv(token);
      const latencies = await probeWhile(base, csv);
      const { status, type, disposition, body } = await csv;
      expect(status).toBe(200);
      expect(type).toContain('text/csv');
      expect(disposition).toContain('declarations.csv');
      expect(body.startsWith('\uFEFFAnnée;Mois;Hébergeur;Établissement;Catégorie;Terminée;')).toBe(true);
      expect(body.endsWith('\r\n')).toBe(true);
      const lines = body.slice(0, -2).split('\r\n');
      expect(lines).toHaveLength(DECLARATIONS + 1);
      // In (year, month, id) order: January of the first establishment first, December of the last one last.
      const figures = ';\\d+;\\d+;0;\\d+;0;\\d+,\\d\\d;\\d+,\\d\\d;\\d+,\\d\\d$';
      expect(lines[1]).toMatch(
        new RegExp(
          `^2026;janvier;Hébergeur 0001;Gîte 00001;Hôtels 2 étoiles et équivalents;Oui;Au réel;;;${figures}`,
        ),
      );
      expect(lines.at(-1)).toMatch(
        new RegExp(
          `^2026;décembre;Hébergeur ${String(PROVIDERS).padStart(4, '0')};Gîte ${String(PROVIDERS * ESTABLISHMENTS_PER_PROVIDER).padStart(5, '0')};Hôtels 2 étoiles et équivalents;Non;Au réel;;;${figures}`,
        ),
      );
      expect(
        latencies.length,
        `health latencies: ${latencies.map(Math.round).join(', ')}`,
      ).toBeGreaterThanOrEqual(ANSWERS_WHILE_EXPORTING);
    },
    TEST_TIMEOUT_MS,
  );

  it(
    'stops when its reader leaves, and the worker writes the next file',
    async () => {
      const leaving = new AbortController();
      const response = await fetch(`${base}/declarations/export.csv`, {
        headers: { authorization: `Bearer ${token}` },
        signal: leaving.signal,
      });
      const reader = response.body!.getReader();
      const first = await reader.read();
      expect(first.done).toBe(false);
      leaving.abort();
      await reader.closed.catch(() => undefined);
      // One worker on a 2-core machine: a job left running would keep this one waiting until the timeout.
      const next = await exportCsv(hostToken);
      expect(next.status).toBe(200);
      expect(next.body.startsWith('\uFEFFAnnée;Mois;')).toBe(true);
      await timedHealth(base);
    },
    TEST_TIMEOUT_MS,
  );
});
