import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { useApp } from './fixture';
import { createDeclarationScene, insertEstablishment } from './helpers/declarations';
import { probeWhile, timedHealth } from './helpers/health-probes';
import { listenOnLoopback } from './helpers/load-territory';

/**
 * One host's large export must not hold the server: while three exports of a full year's register run, the
 * health check keeps being answered, one probe after another, over a real socket as a second client would see
 * it. An export made on the request thread holds every other request until it ends: the probes would be
 * answered once at most before it finishes. How fast they are answered is measured by the benchmarks
 * (`bench/`), not asserted here.
 */

/** A busy hotel's year: each PDF is seconds of layout, far beyond the budget if it ran on the request thread. */
const STAYS = 10_000;
/** Generous for a loaded 2-core CI machine; the exports take a few seconds there. */
const TEST_TIMEOUT_MS = 60_000;
/** Probes answered while the exports run: a held server answers one at most. */
const ANSWERS_WHILE_EXPORTING = 3;

// Many health probes a second from one address: the API's rate limit is not what is measured.
const t = useApp({ env: { RATE_LIMIT_MAX: '1000000' } });
let base: string;
let token: string;
let establishmentId: number;

beforeAll(async () => {
  const scene = await createDeclarationScene(t);
  token = scene.tokens.hostA;
  // 60 places × 365 nights: the year's stays are within the register's bound.
  const hotel = await insertEstablishment(t, scene.ids.hostA, { capacityMaxPerson: 60 });
  establishmentId = hotel.id;
  // Generated in SQL: one statement, a few hundred milliseconds, before the server listens.
  await t.database.db.execute(sql`
    insert into stays (establishment_id, user_id, arrival, departure, persons, price, reference)
    select ${hotel.id}, ${scene.ids.hostA},
           date '2025-01-01' + (i % 360), date '2025-01-01' + (i % 360) + 1 + (i % 4),
           1 + (i % 3), 5000 + (i % 700) * 100, 'Réservation ' || i
    from generate_series(1, ${STAYS}) as i`);
  base = await listenOnLoopback(t.app);
  // Started once before measuring: the worker's start (and, from the sources, tsx compiling it) and the first
  // run of each route's code are one-time costs, not what a large export holds the server for.
  for (const path of [
    'stays/export.pdf?year=2025&month=1',
    'stays/export.csv?year=2025&month=1',
    'register?year=2025&month=1',
  ]) {
    const response = await fetch(`${base}/establishments/${establishmentId}/${path}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    await response.arrayBuffer();
  }
  await timedHealth(base);
}, 60_000);

describe('large register exports', () => {
  it(
    'three PDF exports of a year of 10 000 stays leave the health check answering, probe after probe',
    async () => {
      const exports = [1, 2, 3].map(async () => {
        const response = await fetch(`${base}/establishments/${establishmentId}/stays/export.pdf?year=2025`, {
          headers: { authorization: `Bearer ${token}` },
        });
        const body = Buffer.from(await response.arrayBuffer());
        return { status: response.status, body };
      });
      const all = Promise.all(exports);
      const latencies = await probeWhile(base, all);
      const results = await all;
      for (const { status, body } of results) {
        expect(status).toBe(200);
        expect(body.subarray(0, 5).toString()).toBe('%PDF-');
        expect(body.length).toBeGreaterThan(100_000);
      }
      expect(
        latencies.length,
        `health latencies: ${latencies.map(Math.round).join(', ')}`,
      ).toBeGreaterThanOrEqual(ANSWERS_WHILE_EXPORTING);
    },
    TEST_TIMEOUT_MS,
  );

  it(
    'a CSV export of the year and the month view leave the health check answering, probe after probe',
    async () => {
      const work = Promise.all([
        fetch(`${base}/establishments/${establishmentId}/stays/export.csv?year=2025`, {
          headers: { authorization: `Bearer ${token}` },
        }).then(async (r) => ({ status: r.status, text: await r.text() })),
        fetch(`${base}/establishments/${establishmentId}/register?year=2025&month=6`, {
          headers: { authorization: `Bearer ${token}` },
        }).then(async (r) => ({ status: r.status, text: await r.text() })),
      ]);
      const all = work;
      const latencies = await probeWhile(base, all);
      const [csv, month] = await all;
      expect(csv.status).toBe(200);
      expect(csv.text.split('\n').length).toBeGreaterThan(STAYS);
      expect(month.status).toBe(200);
      expect(
        latencies.length,
        `health latencies: ${latencies.map(Math.round).join(', ')}`,
      ).toBeGreaterThanOrEqual(ANSWERS_WHILE_EXPORTING);
    },
    TEST_TIMEOUT_MS,
  );
});
