import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { launch } from 'chrome-launcher';
import lighthouse, { desktopConfig } from 'lighthouse';
import puppeteer from 'puppeteer-core';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { BENCH_ADMIN, DEFAULT_SIZES, openBenchDatabase, seed } from './seed';

/**
 * `npm run bench:lighthouse`: Lighthouse (performance only) in Debian's Chromium, headless, against the built
 * product on a seeded database: the login page, and the declarations list signed in as an admin (the token
 * put in localStorage first, as the login does), each with the mobile and the desktop presets. Every run
 * starts a fresh browser, so each is a first visit. Prints; asserts nothing. Build first (`npm run build`).
 */
export const CHROMIUM_PATHS = [process.env.CHROMIUM_PATH, '/usr/lib/chromium/chromium', '/usr/bin/chromium'];

export function findChromium(): string | undefined {
  return CHROMIUM_PATHS.find((path): path is string => Boolean(path && existsSync(path)));
}

/** The web build served (`WEB_DIST` to measure another one, e.g. an older build for a before/after). */
const webRoot = process.env.WEB_DIST ?? join(import.meta.dirname, '..', 'apps', 'web', 'dist');
const CHROME_FLAGS = ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'];

interface Figures {
  score: number;
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
  bytes: number;
}

/** The part of a JWT the app keeps beside it (`tokendata`). */
function payloadOf(token: string): string {
  const part = token.split('.')[1] ?? '';
  return Buffer.from(part, 'base64url').toString('utf8');
}

async function audit(
  chromePath: string,
  url: string,
  preset: 'mobile' | 'desktop',
  token?: string,
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
    const { audits, categories } = result.lhr;
    const value = (id: string) => audits[id]?.numericValue ?? Number.NaN;
    return {
      score: categories.performance?.score ?? Number.NaN,
      fcp: value('first-contentful-paint'),
      lcp: value('largest-contentful-paint'),
      tbt: value('total-blocking-time'),
      cls: value('cumulative-layout-shift'),
      bytes: value('total-byte-weight'),
    };
  } finally {
    await chrome.kill();
  }
}

const row = (name: string, f: Figures) =>
  `  ${name.padEnd(34)} score ${f.score.toFixed(2)}  FCP ${(f.fcp / 1000).toFixed(2)} s  LCP ${(f.lcp / 1000).toFixed(2)} s  TBT ${Math.round(f.tbt)} ms  CLS ${f.cls.toFixed(3)}  transferred ${(f.bytes / 1024).toFixed(0)} KiB`;

export async function benchLighthouse(): Promise<string[]> {
  const chromePath = findChromium();
  if (!chromePath) return ['  skipped: no Chromium (set CHROMIUM_PATH or apt-get install chromium)'];
  if (!existsSync(join(webRoot, 'index.html'))) return ['  skipped: no web build (npm run build first)'];
  const out: string[] = [];
  const database = await openBenchDatabase();
  const started = performance.now();
  await seed(database, DEFAULT_SIZES);
  out.push(`  seeded ${database.kind} in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  const app = await buildApp({
    config: loadConfig({ LOG_LEVEL: 'silent', RATE_LIMIT_MAX: '100000000' }),
    database,
    webRoot,
  });
  try {
    const address = await app.listen({ host: '127.0.0.1', port: 0 });
    const login = await fetch(`${address}/api/users/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(BENCH_ADMIN),
    });
    const token = ((await login.json()) as { data: string }).data;
    for (const preset of ['mobile', 'desktop'] as const) {
      out.push(row(`/login (${preset})`, await audit(chromePath, `${address}/login`, preset)));
      out.push(
        row(
          `/declarations as admin (${preset})`,
          await audit(chromePath, `${address}/declarations`, preset, token),
        ),
      );
    }
  } finally {
    await app.close();
    await database.close();
  }
  return out;
}

if (process.argv[1] === import.meta.filename) {
  console.log('Lighthouse, performance (simulated throttling of each preset), first visits:');
  console.log((await benchLighthouse()).join('\n'));
}
