import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { launch } from 'chrome-launcher';
import lighthouse, { desktopConfig } from 'lighthouse';
import puppeteer from 'puppeteer-core';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { type HttpsFront, httpsFront } from './https-front';
import { BENCH_ADMIN, openBenchDatabase, scaledSizes, seed } from './seed';

/**
 * `npm run bench:lighthouse`: Lighthouse (performance only) in Debian's Chromium, headless, against the built
 * product on a seeded database: the login page, a host's home and one of their declarations, and the admin's
 * declarations list (the token put in localStorage first, as the login does), each with the mobile and the
 * desktop presets. Every run
 * starts a fresh browser, so each is a first visit. Prints; asserts nothing. Build first (`npm run build`).
 * Each page is measured as a phone reaches it in production, through HTTPS and HTTP/2 at a reverse proxy
 * (`https`), and from the server directly over HTTP/1.1 (`http1`): docs/decisions/0167.
 */
export const CHROMIUM_PATHS = [process.env.CHROMIUM_PATH, '/usr/lib/chromium/chromium', '/usr/bin/chromium'];

export function findChromium(): string | undefined {
  return CHROMIUM_PATHS.find((path): path is string => Boolean(path && existsSync(path)));
}

/** The web build served (`WEB_DIST` to measure another one, e.g. an older build for a before/after). */
const webRoot = process.env.WEB_DIST ?? join(import.meta.dirname, '..', 'apps', 'web', 'dist');
/**
 * A second build to compare with (`WEB_DIST_B`): served by a second instance on the same database, its runs
 * interleaved with the first's (A, B, A, B…), so that a change of the machine's load weighs on both alike.
 */
const webRootB = process.env.WEB_DIST_B;
/** Only these pages (`LIGHTHOUSE_PAGES=host-home,admin-declarations`) and presets (`LIGHTHOUSE_PRESETS=mobile`). */
const onlyPages = process.env.LIGHTHOUSE_PAGES?.split(',').filter(Boolean);
const presets = (process.env.LIGHTHOUSE_PRESETS?.split(',').filter(Boolean) ?? [
  'mobile',
  'desktop',
]) as Array<'mobile' | 'desktop'>;
/** A folder to write each run's full Lighthouse report in (`LIGHTHOUSE_REPORTS`), to read what the figures hide. */
const reportsDir = process.env.LIGHTHOUSE_REPORTS ? resolve(process.env.LIGHTHOUSE_REPORTS) : undefined;
/** The PostgreSQL database to seed on `DATABASE_URL`'s server (`LIGHTHOUSE_DATABASE`; the bench's by default). */
const databaseName = process.env.LIGHTHOUSE_DATABASE;
/** The front's certificate is made for the run: the browser accepts it. */
const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--ignore-certificate-errors',
];

/**
 * How the browser reaches the product: `https`, as deployed (HTTPS and HTTP/2 at a reverse proxy, which
 * forwards to the server), the figures of record; `http1`, the server itself over plain HTTP/1.1.
 */
export type Transport = 'https' | 'http1';
/** Which transports to measure (`LIGHTHOUSE_TRANSPORTS=https`), in this order. */
const transports = (process.env.LIGHTHOUSE_TRANSPORTS?.split(',').filter(Boolean) ?? [
  'https',
  'http1',
]) as Transport[];
/** How each transport is named in the bench's output and its summary. */
export const TRANSPORT_NAMES: Record<Transport, string> = {
  https: 'HTTPS + HTTP/2 through a reverse proxy, as deployed',
  http1: 'HTTP/1.1 from the server directly',
};

export interface Figures {
  score: number;
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
  bytes: number;
  /** Network requests of the page load. */
  requests: number;
}

/** The part of a JWT the app keeps beside it (`tokendata`). */
export function payloadOf(token: string): string {
  const part = token.split('.')[1] ?? '';
  return Buffer.from(part, 'base64url').toString('utf8');
}

async function audit(
  chromePath: string,
  url: string,
  preset: 'mobile' | 'desktop',
  token?: string,
  report?: string,
): Promise<Figures> {
  const chrome = await launch({ chromePath, chromeFlags: CHROME_FLAGS });
  try {
    if (token) {
      // On a page of the same origin that downloads none of the app, so that its cache stays empty.
      const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
      const page = await browser.newPage();
      await page.goto(new URL('/api/health', url).href);
      await page.evaluate(
        `localStorage.setItem('token', ${JSON.stringify(token)});
         localStorage.setItem('tokendata', ${JSON.stringify(payloadOf(token))});`,
      );
      await page.close();
      await browser.disconnect();
    }
    const result = await lighthouse(
      url,
      {
        port: chrome.port,
        logLevel: 'error',
        output: 'json',
        onlyCategories: ['performance'],
        // Keeps the session just stored (the cache holds nothing of the app).
        disableStorageReset: Boolean(token),
      },
      preset === 'desktop' ? desktopConfig : undefined,
    );
    if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
    if (report) writeFileSync(report, JSON.stringify(result.lhr));
    const { audits, categories } = result.lhr;
    const value = (id: string) => audits[id]?.numericValue ?? Number.NaN;
    return {
      score: categories.performance?.score ?? Number.NaN,
      fcp: value('first-contentful-paint'),
      lcp: value('largest-contentful-paint'),
      tbt: value('total-blocking-time'),
      cls: value('cumulative-layout-shift'),
      bytes: value('total-byte-weight'),
      requests:
        (audits['network-requests']?.details as { items?: unknown[] } | undefined)?.items?.length ??
        Number.NaN,
    };
  } finally {
    await chrome.kill();
  }
}

const row = (name: string, f: Figures & { failed?: number }) =>
  `  ${name.padEnd(40)} score ${f.score.toFixed(2)}  FCP ${(f.fcp / 1000).toFixed(2)} s  LCP ${(f.lcp / 1000).toFixed(2)} s  TBT ${Math.round(f.tbt)} ms  CLS ${f.cls.toFixed(3)}  transferred ${(f.bytes / 1024).toFixed(0)} KiB  requests ${f.requests}${f.failed ? `  (${f.failed} run(s) not measured)` : ''}`;

/**
 * Runs per page and preset (`LIGHTHOUSE_RUNS`, default 3, 0 skips Lighthouse): Lighthouse varies from run to run;
 * the median holds.
 */
export const RUNS = Math.max(0, Math.round(Number(process.env.LIGHTHOUSE_RUNS ?? 3)));

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/**
 * Each figure's median over the runs (the score's too, not the run of median score). A run Lighthouse could
 * not measure (its trace lacks the navigation's start, which happens on a loaded machine) has no score: it is
 * left out, and `failed` counts it.
 */
function medianFigures(all: readonly Figures[]): Figures & { failed: number } {
  const runs = all.filter((run) => Number.isFinite(run.score));
  const of = (key: keyof Figures) => median(runs.map((run) => run[key]));
  return {
    score: of('score'),
    fcp: of('fcp'),
    lcp: of('lcp'),
    tbt: of('tbt'),
    cls: of('cls'),
    bytes: of('bytes'),
    requests: of('requests'),
    failed: all.length - runs.length,
  };
}

export async function signIn(
  address: string,
  credentials: { username: string; password: string },
): Promise<string> {
  const login = await fetch(`${address}/api/users/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(credentials),
  });
  return ((await login.json()) as { data: string }).data;
}

/** The pages audited, by a short name the summary reads them by. */
export type AuditedPage = 'login' | 'host-home' | 'host-declaration' | 'admin-declarations';

export type PresetMedians = Record<'mobile' | 'desktop', Partial<Record<AuditedPage, Figures>>>;

export interface LighthouseFigures {
  lines: string[];
  /** Each page's median figures per transport and preset; absent when skipped, with the reason. */
  medians?: Partial<Record<Transport, PresetMedians>>;
  skipped?: string;
}

export interface AuditedPageVisit {
  key: AuditedPage;
  name: string;
  path: string;
  /** The session put in localStorage before the visit (none: a visitor). */
  token?: string;
}

/** The pages audited on a seeded product at `address`, with the sessions that open them. */
export async function auditedPages(address: string): Promise<AuditedPageVisit[]> {
  const adminToken = await signIn(address, BENCH_ADMIN);
  const host = { username: 'host1', password: BENCH_ADMIN.password };
  const hostToken = await signIn(address, host);
  const hostList = await fetch(`${address}/api/declarations?limit=1`, {
    headers: { authorization: hostToken },
  });
  const declarationId = ((await hostList.json()) as { data: Array<{ id: number }> }).data[0]?.id;
  return [
    { key: 'login', name: '/login', path: '/login' },
    { key: 'host-home', name: '/home as a host', path: '/home', token: hostToken },
    {
      key: 'host-declaration',
      name: '/declarations/:id as a host',
      path: `/declarations/${declarationId}`,
      token: hostToken,
    },
    { key: 'admin-declarations', name: '/declarations as admin', path: '/declarations', token: adminToken },
  ];
}

export async function benchLighthouse(): Promise<LighthouseFigures> {
  if (RUNS === 0) return { lines: ['  skipped: LIGHTHOUSE_RUNS=0'], skipped: 'LIGHTHOUSE_RUNS=0' };
  const chromePath = findChromium();
  if (!chromePath) {
    const skipped = 'no Chromium (set CHROMIUM_PATH or apt-get install chromium)';
    return { lines: [`  skipped: ${skipped}`], skipped };
  }
  if (!existsSync(join(webRoot, 'index.html'))) {
    const skipped = 'no web build (npm run build first)';
    return { lines: [`  skipped: ${skipped}`], skipped };
  }
  const out: string[] = [];
  const medians: NonNullable<LighthouseFigures['medians']> = {};
  const database = await openBenchDatabase(databaseName ? { name: databaseName } : {});
  const started = performance.now();
  // `LIGHTHOUSE_SCALE` seeds a smaller territory for a quicker loop (the figures of record are at scale 1,
  // whatever the rest of the bench's `BENCH_SCALE`).
  await seed(database, scaledSizes(Number(process.env.LIGHTHOUSE_SCALE ?? 1)));
  out.push(`  seeded ${database.kind} in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  const serve = (root: string) =>
    buildApp({
      config: loadConfig({ LOG_LEVEL: 'silent', RATE_LIMIT_MAX: '100000000' }),
      database,
      webRoot: root,
    });
  const app = await serve(webRoot);
  const appB = webRootB ? await serve(webRootB) : undefined;
  const fronts: HttpsFront[] = [];
  if (reportsDir) mkdirSync(reportsDir, { recursive: true });
  try {
    const direct = [await app.listen({ host: '127.0.0.1', port: 0 })];
    if (appB) direct.push(await appB.listen({ host: '127.0.0.1', port: 0 }));
    const pages = await auditedPages(direct[0] as string);
    out.push(`  median of ${RUNS} runs for each line (LIGHTHOUSE_RUNS), a fresh browser each run`);
    if (appB) out.push(`  A: ${webRoot}\n  B: ${webRootB} (runs interleaved A, B, A, B…)`);
    for (const transport of transports) {
      let served = direct;
      if (transport === 'https') {
        const opened = await Promise.all(direct.map((origin) => httpsFront(origin)));
        fronts.push(...opened);
        served = opened.map((front) => front.address);
      }
      out.push(`  ${TRANSPORT_NAMES[transport]} (${transport}):`);
      const byPreset: PresetMedians = { mobile: {}, desktop: {} };
      medians[transport] = byPreset;
      for (const preset of presets) {
        for (const page of pages) {
          if (onlyPages && !onlyPages.includes(page.key)) continue;
          const runs: Figures[][] = served.map(() => []);
          for (let run = 0; run < RUNS; run++) {
            for (const [side, origin] of served.entries()) {
              const report =
                reportsDir && join(reportsDir, `${page.key}-${preset}-${transport}-${'AB'[side]}${run}.json`);
              runs[side]?.push(await audit(chromePath, `${origin}${page.path}`, preset, page.token, report));
            }
          }
          for (const [side, sideRuns] of runs.entries()) {
            const figures = medianFigures(sideRuns);
            if (side === 0) byPreset[preset][page.key] = figures;
            out.push(row(`${page.name} (${preset})${appB ? ` ${'AB'[side]}` : ''}`, figures));
          }
        }
      }
    }
  } finally {
    await Promise.all(fronts.map((front) => front.close()));
    await app.close();
    await appB?.close();
    await database.close();
  }
  return { lines: out, medians };
}

if (process.argv[1] === import.meta.filename) {
  console.log('Lighthouse, performance (simulated throttling of each preset), first visits:');
  console.log((await benchLighthouse()).lines.join('\n'));
}
