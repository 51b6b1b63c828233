import autocannon from 'autocannon';
import { HOST_LIST_URL, LIST_URL } from './declarations';
import { ESTABLISHMENTS_URL, RESUME_URL } from './endpoints';
import { mb } from './load';
import type { Product } from './product';
import { BENCH_ADMIN } from './seed';

/**
 * The server's memory over a long load (`SOAK_SECONDS`, default 600): the admin's list, establishments and resume
 * and a host's own list in turn, 20 connections, the resident set sampled every second. The server runs in this
 * process, as in every section of the bench, so the figure includes autocannon's own (small and steady) memory.
 * What counts is the shape: after the first minute (caches filled, the JIT settled) it should stay flat.
 */
const WARM_UP_SECONDS = 60;
const SLICE_SECONDS = 20;

export async function benchSoak(product: Product, options: { seconds: number }): Promise<string[]> {
  const { address } = product;
  const login = await fetch(`${address}/api/users/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'host1', password: BENCH_ADMIN.password }),
  });
  const hostHeaders = { authorization: ((await login.json()) as { data: string }).data };
  const targets = [
    { url: LIST_URL, headers: product.headers },
    { url: ESTABLISHMENTS_URL, headers: product.headers },
    { url: RESUME_URL, headers: product.headers },
    { url: HOST_LIST_URL, headers: hostHeaders },
  ];
  const samples: Array<{ at: number; rss: number }> = [];
  const started = performance.now();
  const sampler = setInterval(() => {
    samples.push({ at: (performance.now() - started) / 1000, rss: process.memoryUsage().rss });
  }, 1000);
  let requests = 0;
  let errors = 0;
  try {
    for (let slice = 0; (performance.now() - started) / 1000 < options.seconds; slice++) {
      const target = targets[slice % targets.length]!;
      const result = await autocannon({
        url: `${address}${target.url}`,
        headers: target.headers,
        connections: 20,
        duration: Math.min(
          SLICE_SECONDS,
          Math.max(1, Math.ceil(options.seconds - (performance.now() - started) / 1000)),
        ),
      });
      requests += result.requests.total;
      errors += result.non2xx + result.errors;
    }
  } finally {
    clearInterval(sampler);
  }
  const first = samples[0]?.rss ?? process.memoryUsage().rss;
  const warmed = samples.find((sample) => sample.at >= WARM_UP_SECONDS) ?? samples.at(-1);
  const last = samples.at(-1);
  const peak = Math.max(...samples.map((sample) => sample.rss));
  const afterWarmUp = samples.filter((sample) => sample.at >= WARM_UP_SECONDS).map((sample) => sample.rss);
  const growth = warmed && last ? ((last.rss - warmed.rss) / warmed.rss) * 100 : Number.NaN;
  return [
    `  ${options.seconds} s of load (${requests} requests, ${errors} errors), RSS sampled every second:`,
    `    start ${mb(first)} MB → after ${WARM_UP_SECONDS} s ${warmed ? mb(warmed.rss) : '?'} MB → end ${
      last ? mb(last.rss) : '?'
    } MB (peak ${mb(peak)} MB${afterWarmUp.length > 0 ? `, lowest after warm-up ${mb(Math.min(...afterWarmUp))} MB` : ''})`,
    `    growth after warm-up: ${growth >= 0 ? '+' : ''}${growth.toFixed(1)} % (target: ≤ +10 %)`,
  ];
}
