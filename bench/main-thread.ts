import { join } from 'node:path';
import puppeteer, { type Protocol } from 'puppeteer-core';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { type AuditedPageVisit, auditedPages, findChromium, payloadOf } from './lighthouse';
import { openBenchDatabase, scaledSizes, seed } from './seed';

/**
 * `npx tsx bench/main-thread.ts`: what holds a phone's main thread on a first visit, task by task — the figures
 * behind Lighthouse's Total Blocking Time. Each signed-in page Lighthouse audits is opened in Chromium at a
 * phone's size with the CPU slowed four times (Lighthouse's mobile factor); the trace's long tasks (over 50 ms)
 * are printed with the functions that took their time, from a CPU profile of the same visit. Prints; asserts
 * nothing. Function names are readable on an unminified build:
 *   (cd apps/web && npx vite build --minify false --outDir /tmp/web-unminified)
 *   DATABASE_URL=… WEB_DIST=/tmp/web-unminified PROFILE_PAGES=admin-declarations npx tsx bench/main-thread.ts
 * `PROFILE_DATABASE` names the database seeded on `DATABASE_URL`'s server (default `sejour_main_thread`).
 */
const webRoot = process.env.WEB_DIST ?? join(import.meta.dirname, '..', 'apps', 'web', 'dist');
const onlyPages = process.env.PROFILE_PAGES?.split(',').filter(Boolean);
const CPU_SLOWDOWN = 4;
const LONG_TASK_MS = 50;
/** Frames that only say "React is working" or "the module runs": the functions under them are the news. */
const FRAMES_SHOWN = 6;

interface ProfileTree {
  profile: Protocol.Profiler.Profile;
  byId: Map<number, Protocol.Profiler.ProfileNode>;
  parentOf: Map<number, number>;
  /** Each sample's time, in the trace's clock (µs). */
  times: number[];
}

function treeOf(profile: Protocol.Profiler.Profile): ProfileTree {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parentOf = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parentOf.set(child, node.id);
  const times: number[] = [];
  let time = profile.startTime;
  for (const delta of profile.timeDeltas ?? []) {
    time += delta;
    times.push(time);
  }
  return { profile, byId, parentOf, times };
}

function frameName(tree: ProfileTree, id: number): string {
  const frame = tree.byId.get(id)?.callFrame;
  if (!frame) return '?';
  return `${frame.functionName || '(module)'} ${frame.url.replace(/^.*\//, '')}:${frame.lineNumber + 1}`;
}

/** The functions that held the thread between `from` and `to` (µs), by inclusive time, heaviest first. */
function heaviest(tree: ProfileTree, from: number, to: number): Array<[string, number]> {
  const inclusive = new Map<string, number>();
  const samples = tree.profile.samples ?? [];
  for (const [i, time] of tree.times.entries()) {
    if (time < from || time > to) continue;
    const spent = (tree.profile.timeDeltas?.[i + 1] ?? 0) / 1000;
    const counted = new Set<string>();
    for (let id: number | undefined = samples[i]; id !== undefined; id = tree.parentOf.get(id)) {
      const name = frameName(tree, id);
      if (counted.has(name) || name.startsWith('(root)')) continue;
      counted.add(name);
      inclusive.set(name, (inclusive.get(name) ?? 0) + spent);
    }
  }
  return [...inclusive].sort((a, b) => b[1] - a[1]);
}

interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  tid?: number;
}

/** The events of a task's thread directly inside it, by name, longest first: what "(program)" was doing. */
function tracedWork(events: readonly TraceEvent[], task: TraceEvent): Array<[string, number]> {
  const end = task.ts + (task.dur ?? 0);
  const inside = events.filter(
    (event) =>
      event !== task &&
      event.ph === 'X' &&
      event.tid === task.tid &&
      event.ts >= task.ts &&
      event.ts + (event.dur ?? 0) <= end,
  );
  const byName = new Map<string, number>();
  for (const event of inside) {
    const nested = inside.some(
      (outer) =>
        outer !== event &&
        outer.ts <= event.ts &&
        outer.ts + (outer.dur ?? 0) >= event.ts + (event.dur ?? 0) &&
        (outer.dur ?? 0) > (event.dur ?? 0),
    );
    if (!nested) byName.set(event.name, (byName.get(event.name) ?? 0) + (event.dur ?? 0) / 1000);
  }
  return [...byName].sort((a, b) => b[1] - a[1]);
}

async function visit(chromePath: string, origin: string, page: AuditedPageVisit): Promise<string[]> {
  const browser = await puppeteer.launch({
    executablePath: chromePath,
    args: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  });
  try {
    const tab = await browser.newPage();
    await tab.setViewport({ width: 412, height: 823, deviceScaleFactor: 1.75, isMobile: true });
    if (page.token) {
      // On a page of the same origin that downloads none of the app, so that its cache stays empty.
      await tab.goto(`${origin}/api/health`);
      await tab.evaluate(
        `localStorage.setItem('token', ${JSON.stringify(page.token)});
         localStorage.setItem('tokendata', ${JSON.stringify(payloadOf(page.token))});`,
      );
    }
    const cdp = await tab.createCDPSession();
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
    await tab.tracing.start({ categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline'] });
    await cdp.send('Profiler.start');
    await tab.goto(`${origin}${page.path}`, { waitUntil: 'networkidle0' });
    const { profile } = await cdp.send('Profiler.stop');
    const trace = JSON.parse(Buffer.from((await tab.tracing.stop()) ?? []).toString('utf8')) as {
      traceEvents: TraceEvent[];
    };
    const tree = treeOf(profile);
    const start =
      trace.traceEvents.find((event) => event.name === 'navigationStart')?.ts ?? tree.times[0] ?? 0;
    const tasks = trace.traceEvents.filter(
      (event) => event.name === 'RunTask' && event.ph === 'X' && (event.dur ?? 0) > LONG_TASK_MS * 1000,
    );
    const paint = trace.traceEvents.find((event) => event.name === 'firstContentfulPaint')?.ts;
    const blocking = tasks.reduce((sum, task) => sum + (task.dur ?? 0) / 1000 - LONG_TASK_MS, 0);
    const lines = [
      `  ${page.name}: ${tasks.length} tasks over ${LONG_TASK_MS} ms, ${Math.round(blocking)} ms beyond ${LONG_TASK_MS} ms in all (CPU × ${CPU_SLOWDOWN}, from the navigation on)`,
      `    first contentful paint at ${paint === undefined ? '?' : Math.round((paint - start) / 1000)} ms`,
    ];
    for (const task of tasks) {
      const from = task.ts;
      const to = task.ts + (task.dur ?? 0);
      lines.push(`    at ${Math.round((from - start) / 1000)} ms, ${Math.round((task.dur ?? 0) / 1000)} ms:`);
      const work = tracedWork(trace.traceEvents, task).slice(0, 4);
      lines.push(`      ${work.map(([name, ms]) => `${name} ${ms.toFixed(0)}`).join(' · ')}`);
      const top = heaviest(tree, from, to).slice(0, FRAMES_SHOWN);
      if (top.length === 0) lines.push('      (no script: style, layout, parsing or painting)');
      for (const [name, ms] of top) lines.push(`      ${ms.toFixed(0).padStart(5)} ms  ${name}`);
    }
    return lines;
  } finally {
    await browser.close();
  }
}

const chromePath = findChromium();
if (!chromePath) throw new Error('No Chromium: set CHROMIUM_PATH or apt-get install chromium');
const database = await openBenchDatabase({ name: process.env.PROFILE_DATABASE ?? 'sejour_main_thread' });
await seed(database, scaledSizes(Number(process.env.LIGHTHOUSE_SCALE ?? 1)));
const app = await buildApp({
  config: loadConfig({ LOG_LEVEL: 'silent', RATE_LIMIT_MAX: '100000000' }),
  database,
  webRoot,
});
try {
  const origin = await app.listen({ host: '127.0.0.1', port: 0 });
  console.log(`Main thread of a first visit, ${webRoot}:`);
  for (const page of await auditedPages(origin)) {
    if (!page.token || (onlyPages && !onlyPages.includes(page.key))) continue;
    console.log((await visit(chromePath, origin, page)).join('\n'));
  }
} finally {
  await app.close();
  await database.close();
}
