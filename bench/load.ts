import { type ChildProcess, fork } from 'node:child_process';
import { setPriority } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import type { ReadAnswer, ReadRequest } from './reader-process';

export interface LoadOptions {
  seconds: number;
  connections?: number;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
  /** Gives each connection its own headers or body (autocannon's hook). */
  setupClient?: (client: { setHeaders(h: object): void; setBody(b: string): void }) => void;
}

/**
 * A 2 s warm-up at 10 connections (unless `warmUp` is false), then the measured run (50 connections); throws on
 * any non-2xx answer.
 */
export async function load(url: string, options: LoadOptions, warmUp = true): Promise<autocannon.Result> {
  const common = {
    url,
    method: options.method ?? 'GET',
    headers: options.headers ?? {},
    body: options.body,
    setupClient: options.setupClient as autocannon.Options['setupClient'],
  };
  if (warmUp) {
    const warm = await autocannon({ ...common, connections: 10, duration: 2 });
    if (warm.non2xx > 0) throw new Error(`${url} answered ${warm.non2xx} non-2xx during the warm-up`);
  }
  const result = await autocannon({
    ...common,
    connections: options.connections ?? 50,
    duration: options.seconds,
  });
  if (result.non2xx > 0) throw new Error(`${url} answered ${result.non2xx} non-2xx under load`);
  return result;
}

/** Requests/s and latencies; autocannon reports p97.5 rather than p95, labelled as such. */
export function figures(result: autocannon.Result): string {
  const { latency } = result;
  return (
    `${result.requests.average.toFixed(0).padStart(5)} req/s, p50 ${latency.p50} ms, p97.5 ${latency.p97_5} ms, ` +
    `p99 ${latency.p99} ms`
  );
}

/** Rounds of product and baseline taken in turn (`ROUNDS`, default 3): a load change hits both alike. */
const ROUNDS = Math.max(1, Number(process.env.ROUNDS ?? 3));

/** Several runs as one: requests/s over the whole time, the worst round's latencies, the median round's p50. */
export interface Merged {
  rps: number;
  p50: number;
  p97_5: number;
  p99: number;
  /** The median of the rounds' p50: steadier than the worst round's on a shared machine. */
  medianP50: number;
}

function merged(results: readonly autocannon.Result[]): Merged {
  const requests = results.reduce((sum, result) => sum + result.requests.total, 0);
  const time = results.reduce((sum, result) => sum + result.duration, 0);
  const worst = (pick: (result: autocannon.Result) => number) => Math.max(...results.map(pick));
  const p50s = results.map((result) => result.latency.p50).sort((a, b) => a - b);
  return {
    rps: requests / time,
    p50: worst((result) => result.latency.p50),
    p97_5: worst((result) => result.latency.p97_5),
    p99: worst((result) => result.latency.p99),
    medianP50: p50s[Math.floor(p50s.length / 2)] ?? Number.NaN,
  };
}

/** Two loads measured in turn, their printed lines and figures. */
export interface Comparison {
  lines: string[];
  product: Merged;
  baseline: Merged;
  /** Requests/s, product ÷ baseline. */
  ratio: number;
}

/**
 * The product against its bare baseline under the same load, in interleaved rounds (product, baseline,
 * product, …; each round a third of `seconds` by default, 2 s at least), and the ratio of their throughputs.
 */
export async function compare(
  label: string,
  product: { url: string } & LoadOptions,
  baseline: { url: string } & LoadOptions,
  names: { product: string; baseline: string } = { product: 'product', baseline: 'baseline' },
): Promise<Comparison> {
  const roundSeconds = Math.max(2, Math.round(product.seconds / ROUNDS));
  const measured: autocannon.Result[] = [];
  const bare: autocannon.Result[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    const warm = round === 0;
    measured.push(await load(product.url, { ...product, seconds: roundSeconds }, warm));
    bare.push(await load(baseline.url, { ...baseline, seconds: roundSeconds }, warm));
  }
  const p = merged(measured);
  const b = merged(bare);
  const line = (f: Merged) =>
    `${f.rps.toFixed(0).padStart(5)} req/s, worst round p50 ${f.p50} ms, p97.5 ${f.p97_5} ms, p99 ${f.p99} ms`;
  const width = Math.max(names.product.length, names.baseline.length) + 2;
  const ratio = p.rps / b.rps;
  return {
    lines: [
      `  ${label}, ${product.connections ?? 50} connections, ${ROUNDS} interleaved rounds of ${roundSeconds} s:`,
      `    ${`${names.product}:`.padEnd(width)}${line(p)}`,
      `    ${`${names.baseline}:`.padEnd(width)}${line(b)}`,
      `    ratio ${names.product} ÷ ${names.baseline}: ${ratio.toFixed(2)} (requests/s)`,
    ],
    product: p,
    baseline: b,
    ratio,
  };
}

export function seconds(since: number): string {
  return ((performance.now() - since) / 1000).toFixed(2);
}

export function mb(bytes: number): string {
  return (bytes / 1048576).toFixed(0);
}

/** The reader process (`reader-process.ts`), started once on first use and left running (it holds no ref). */
let reader: Promise<ChildProcess> | undefined;

function readerProcess(): Promise<ChildProcess> {
  reader ??= new Promise((resolve, reject) => {
    const child = fork(join(import.meta.dirname, 'reader-process.ts'), [], { execArgv: ['--import', 'tsx'] });
    child.once('error', reject);
    child.once('message', () => {
      // It stands for a browser on another machine: it must not take the server's CPU on this one.
      if (child.pid !== undefined) setPriority(child.pid, 19);
      child.unref();
      child.channel?.unref();
      resolve(child);
    });
  });
  return reader;
}

/**
 * Downloads `url` from a process of its own (`reader-process.ts`, as a browser would: the server is alone in
 * this process), counting bytes and lines, while sampling this process's RSS every 10 ms: the time, the size,
 * the CPU time of this process (the server and its offload workers) and how far memory rose above where it
 * started. The reader starts before the clock does.
 */
export async function download(url: string, headers: Record<string, string>) {
  const child = await readerProcess();
  global.gc?.();
  const base = process.memoryUsage.rss();
  let peak = base;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage.rss());
  }, 10);
  const started = performance.now();
  const cpu = process.cpuUsage();
  // Held while it reads: an unref'd channel would let the bench's process end under it.
  child.channel?.ref();
  const answer = await new Promise<ReadAnswer>((resolve) => {
    child.once('message', (message: ReadAnswer) => resolve(message));
    child.send({ url, headers } satisfies ReadRequest);
  }).finally(() => {
    child.channel?.unref();
    clearInterval(sampler);
  });
  if ('error' in answer) throw new Error(answer.error);
  const used = process.cpuUsage(cpu);
  peak = Math.max(peak, process.memoryUsage.rss());
  return {
    lines: answer.lines,
    bytes: answer.bytes,
    time: seconds(started),
    cpu: ((used.user + used.system) / 1e6).toFixed(2),
    rss: `RSS ${mb(base)} → peak ${mb(peak)} MB (+${mb(peak - base)})`,
  };
}

/**
 * The light request the export rows probe: one `select 1` and a small answer, so its time is the server's wait
 * and one round trip to the database.
 */
export const LIGHT_URL = '/api/health';

function p99(times: number[]): number {
  const sorted = [...times].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * 0.99) - 1)] ?? Number.NaN;
}

/**
 * A light request's p99, one probe after another, alone (`probes` of them) and while `work` runs (as many as it
 * lasts): how long an export makes everyone else wait. The product runs in this process, so the probes share
 * the request thread with the export, as a second client's would. Alone, the probes last about as long as
 * during a large export (a few seconds): a p99 over a shorter window misses the server's periodic work (a
 * major collection, the pool's timers) that the longer one always holds, and the ratio then measured the windows.
 */
export async function lightDuring<T>(address: string, work: () => Promise<T>, probes = 1000) {
  const probe = async () => {
    const start = performance.now();
    const response = await fetch(`${address}${LIGHT_URL}`);
    await response.arrayBuffer();
    if (!response.ok) throw new Error(`${LIGHT_URL} answered ${response.status}`);
    return performance.now() - start;
  };
  const alone: number[] = [];
  for (let i = 0; i < probes; i++) alone.push(await probe());
  const during: number[] = [];
  let running = true;
  const done = work().finally(() => {
    running = false;
  });
  while (running) during.push(await probe());
  await done;
  return {
    result: await done,
    aloneP99: p99(alone),
    duringP99: p99(during),
    line:
      `${LIGHT_URL} p99 alone ${p99(alone).toFixed(1)} ms (${alone.length} probes), during ` +
      `${p99(during).toFixed(1)} ms (${during.length} probes, max ${Math.max(...during).toFixed(0)} ms): ` +
      `× ${(p99(during) / p99(alone)).toFixed(1)}`,
  };
}
