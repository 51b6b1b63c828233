import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import autocannon from 'autocannon';
import { HOST_LIST_URL, LIST_URL } from './declarations';
import { ESTABLISHMENTS_URL, RESUME_URL } from './endpoints';
import { mb } from './load';
import { BENCH_ADMIN, type BenchDatabase } from './seed';

/**
 * The server's memory over a long load (`SOAK_SECONDS`, default 600): the admin's list, establishments and resume
 * and a host's own list in turn, 20 connections. The server runs alone in a child process (the production entry
 * point, `apps/server/src/main.ts`, through tsx) on the bench's database, so that its resident set — read from
 * `/proc/<pid>/status` every second — holds neither autocannon's memory nor the bench's. What counts is the
 * shape: after the warm-up (caches filled, the JIT settled) it should stay flat. The child also reports its V8
 * heap and the memory outside it (`bench/soak-probe.ts`), which tells a JavaScript leak from native growth.
 */
const WARM_UP_SECONDS = 60;
const SLICE_SECONDS = 20;
const root = join(import.meta.dirname, '..');

interface Sample {
  at: number;
  rss: number;
}

interface ProbeLine {
  rss: number;
  heapUsed: number;
  heapTotal: number;
  external: number;
  arrayBuffers: number;
  malloced: number;
}

export interface SoakFigures {
  lines: string[];
  /** The median RSS of a window just after the warm-up and of the last one, and the growth in percent. */
  warmed: number;
  end: number;
  growth: number;
  warmUpSeconds: number;
  windowSeconds: number;
}

/**
 * Runs the load against a server started apart on `database`. On PGlite the data folder can be opened by one
 * process only: the caller releases its own handle first.
 */
export async function benchSoak(database: BenchDatabase, options: { seconds: number }): Promise<SoakFigures> {
  const server = await startServer(database);
  try {
    return await soak(server, options);
  } finally {
    await server.stop();
  }
}

async function soak(server: ChildServer, options: { seconds: number }): Promise<SoakFigures> {
  const { address } = server;
  const signIn = async (username: string) => {
    const login = await fetch(`${address}/api/users/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username, password: BENCH_ADMIN.password }),
    });
    if (!login.ok) throw new Error(`login of ${username} answered ${login.status}`);
    return { authorization: ((await login.json()) as { data: string }).data };
  };
  const adminHeaders = await signIn(BENCH_ADMIN.username);
  const hostHeaders = await signIn('host1');
  const targets = [
    { url: LIST_URL, headers: adminHeaders },
    { url: ESTABLISHMENTS_URL, headers: adminHeaders },
    { url: RESUME_URL, headers: adminHeaders },
    { url: HOST_LIST_URL, headers: hostHeaders },
  ];
  // A short soak (a quick run) takes half its length as warm-up, so that growth after it is still measured.
  const warmUp = Math.min(WARM_UP_SECONDS, options.seconds / 2);
  const samples: Sample[] = [];
  const probes: Array<ProbeLine & { at: number }> = [];
  const started = performance.now();
  const elapsed = () => (performance.now() - started) / 1000;
  server.onProbe = (line) => probes.push({ ...line, at: elapsed() });
  const sampler = setInterval(() => {
    const rss = server.rss();
    if (rss !== undefined) samples.push({ at: elapsed(), rss });
  }, 1000);
  let requests = 0;
  let non2xx = 0;
  let errors = 0;
  try {
    for (let slice = 0; elapsed() < options.seconds; slice++) {
      const target = targets[slice % targets.length]!;
      const result = await autocannon({
        url: `${address}${target.url}`,
        headers: target.headers,
        connections: 20,
        duration: Math.min(SLICE_SECONDS, Math.max(1, Math.ceil(options.seconds - elapsed()))),
      });
      requests += result.requests.total;
      non2xx += result.non2xx;
      errors += result.errors;
    }
  } finally {
    clearInterval(sampler);
    server.onProbe = undefined;
  }
  const first = samples[0];
  const warmed = samples.find((sample) => sample.at >= warmUp) ?? samples.at(-1);
  const last = samples.at(-1);
  const peak = Math.max(...samples.map((sample) => sample.rss));
  const afterWarmUp = samples.filter((sample) => sample.at >= warmUp).map((sample) => sample.rss);
  // One sample swings with the slice under way (the resume holds more than a list): the verdict compares the
  // median of a window just after the warm-up with the median of the last one, each a full turn of the four
  // targets when the soak is long enough, else a third of what follows the warm-up.
  const window = Math.max(1, Math.min(SLICE_SECONDS * targets.length, (options.seconds - warmUp) / 3));
  const end = last?.at ?? 0;
  const early = <T extends { at: number }>(list: T[]) =>
    list.filter((x) => x.at >= warmUp && x.at < warmUp + window);
  const late = <T extends { at: number }>(list: T[]) => list.filter((x) => x.at > end - window);
  const before = median(early(samples).map((sample) => sample.rss));
  const after = median(late(samples).map((sample) => sample.rss));
  const growth = ((after - before) / before) * 100;
  const lines = [
    `  ${options.seconds} s of load (${requests} requests, ${non2xx} non-2xx, ${errors} connection errors or timeouts) on the server alone (process ${server.pid}), ` +
      `RSS (VmRSS) sampled every second:`,
    `    start ${first ? mb(first.rss) : '?'} MB → after ${warmUp} s ${warmed ? mb(warmed.rss) : '?'} MB → end ${
      last ? mb(last.rss) : '?'
    } MB (peak ${mb(peak)} MB${afterWarmUp.length > 0 ? `, lowest after warm-up ${mb(Math.min(...afterWarmUp))} MB` : ''})`,
    `    median of the ${Math.round(window)} s after warm-up ${mb(before)} MB → of the last ${Math.round(window)} s ` +
      `${mb(after)} MB: growth ${growth >= 0 ? '+' : ''}${growth.toFixed(1)} % (target: ≤ +10 %)`,
  ];
  const [earlyProbes, lateProbes] = [early(probes), late(probes)];
  if (earlyProbes.length > 0 && lateProbes.length > 0) {
    const part = (pick: (probe: ProbeLine) => number) =>
      `${mb(median(earlyProbes.map(pick)))} → ${mb(median(lateProbes.map(pick)))} MB`;
    // Node counts WebAssembly memory as external, apart from array buffers: on PGlite that is the database's.
    const outside = (probe: ProbeLine) => probe.rss - probe.heapTotal - probe.external;
    lines.push(
      `    where (the same windows' medians): V8 heap used ${part((p) => p.heapUsed)} (of ${part((p) => p.heapTotal)}); ` +
        `external ${part((p) => p.external)}, of which array buffers ${part((p) => p.arrayBuffers)} and ` +
        `WebAssembly memory and native objects ${part((p) => p.external - p.arrayBuffers)}; ` +
        `the rest (code, stacks, malloc) ${part(outside)}`,
    );
  }
  return { lines, warmed: before, end: after, growth, warmUpSeconds: warmUp, windowSeconds: window };
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

interface ChildServer {
  pid: number;
  address: string;
  rss(): number | undefined;
  onProbe: ((line: ProbeLine) => void) | undefined;
  stop(): Promise<void>;
}

/** A free loopback port: the server prints its address but not the port it was given by the system. */
async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as { port: number };
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

/** The production entry point, in a child process, with the bench's rate limits and proxy setting. */
async function startServer(database: BenchDatabase): Promise<ChildServer> {
  const port = await freePort();
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      '--import',
      pathToFileURL(join(import.meta.dirname, 'soak-probe.ts')).href,
      join(root, 'apps', 'server', 'src', 'main.ts'),
    ],
    {
      cwd: root,
      stdio: ['ignore', 'ignore', 'pipe'],
      env: {
        ...process.env,
        // An empty DATABASE_URL means the embedded database: PGlite's folder comes from serverEnv's DATA_DIR.
        DATABASE_URL: '',
        ...database.serverEnv,
        PORT: String(port),
        HOST: '127.0.0.1',
        LOG_LEVEL: 'silent',
        RATE_LIMIT_MAX: '100000000',
        TRUST_PROXY: 'true',
        REMINDERS: 'off',
        NODE_ENV: 'production',
        ADMIN_PASSWORD: BENCH_ADMIN.password,
        SOAK_PROBE: '1',
      },
    },
  );
  const pid = child.pid;
  if (pid === undefined) throw new Error('the soak server did not start');
  const server: ChildServer = {
    pid,
    address: `http://127.0.0.1:${port}`,
    rss: () => vmRss(pid),
    onProbe: undefined,
    stop: () => stop(child),
  };
  const errors: string[] = [];
  let pending = '';
  child.stderr?.setEncoding('utf8');
  child.stderr?.on('data', (chunk: string) => {
    pending += chunk;
    const lines = pending.split('\n');
    pending = lines.pop() ?? '';
    for (const line of lines) {
      if (line.startsWith('soak-probe ')) server.onProbe?.(JSON.parse(line.slice(11)) as ProbeLine);
      else errors.push(line);
    }
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  const deadline = performance.now() + 120_000;
  for (;;) {
    const up = await fetch(`${server.address}/api/health`).then(
      (response) => response.ok,
      () => false,
    );
    if (up) return server;
    const code = await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 250, 'running'))]);
    if (code !== 'running' || performance.now() > deadline) {
      await stop(child);
      throw new Error(
        `the soak server did not answer (exit ${String(code)}): ${errors.slice(-5).join(' / ')}`,
      );
    }
  }
}

/** Asks the server to close (it releases the database), and kills it if it has not after 30 s. */
async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
  await exited;
  clearTimeout(timer);
}

/** The resident set of a process, from Linux's `/proc` (undefined elsewhere, or once it has exited). */
function vmRss(pid: number): number | undefined {
  try {
    const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) * 1024 : undefined;
  } catch {
    return undefined;
  }
}
