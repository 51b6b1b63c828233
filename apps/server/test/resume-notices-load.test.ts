import { beforeAll, describe, expect, it } from 'vitest';
import { useApp } from './fixture';
import { createDeclarationScene } from './helpers/declarations';
import { probeWhile, timedHealth } from './helpers/health-probes';
import { insertLoadTerritory, listenOnLoopback } from './helpers/load-territory';
import { pdfPages } from './helpers/pdf-text';

/**
 * The combined notices PDF of a semester must not hold the server: while it is made, the health check keeps
 * being answered, one probe after another, over a real socket as a second client would see it. Laid out on
 * the request thread, the PDF held every other request for seconds at a time; how fast the probes are answered
 * is measured by the benchmarks (`bench/`), not asserted here.
 */

/** Providers with an establishment each: every one gets a notice, seconds of layout in all. */
const PROVIDERS = 800;
/** Generous for a loaded 2-core CI machine. */
const TEST_TIMEOUT_MS = 90_000;
/** Probes answered while the PDF is made: a held server answers a handful at most. */
const ANSWERS_WHILE_EXPORTING = 50;

// Many health probes a second from one address: the API's rate limit is not what is measured.
const t = useApp({ env: { RATE_LIMIT_MAX: '1000000' } });
let base: string;
let token: string;

beforeAll(async () => {
  const scene = await createDeclarationScene(t);
  token = scene.tokens.admin;
  await insertLoadTerritory(t.database.db, { providers: PROVIDERS, establishmentsEach: 1 });
  base = await listenOnLoopback(t.app);
  // Once before measuring: the worker's start (and, from the sources, tsx compiling it) is a one-time cost.
  const first = await notices(`&userId=${scene.ids.hostA}`);
  expect(first.status).toBe(200);
  await timedHealth(base);
}, 60_000);

async function notices(filter = '') {
  const response = await fetch(`${base}/resume/notices.pdf?year=2026&semester=1${filter}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  return {
    status: response.status,
    type: response.headers.get('content-type'),
    disposition: response.headers.get('content-disposition'),
    body: Buffer.from(await response.arrayBuffer()),
  };
}

describe('the combined notices PDF of a semester', () => {
  it(
    'of 800 providers leaves the health check answering, probe after probe, and holds every notice',
    async () => {
      const pdf = notices();
      const latencies = await probeWhile(base, pdf);
      const { status, type, disposition, body } = await pdf;
      expect(status).toBe(200);
      expect(type).toBe('application/pdf');
      expect(disposition).toContain('.pdf');
      const pages = await pdfPages(body);
      expect(pages.length).toBeGreaterThanOrEqual(PROVIDERS);
      expect(pages.some((page) => page.includes(`Hébergeur ${String(PROVIDERS).padStart(4, '0')}`))).toBe(
        true,
      );
      expect(
        latencies.length,
        `health latencies: ${latencies.map(Math.round).join(', ')}`,
      ).toBeGreaterThanOrEqual(ANSWERS_WHILE_EXPORTING);
    },
    TEST_TIMEOUT_MS,
  );
});
