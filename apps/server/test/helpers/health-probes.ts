import { expect } from 'vitest';

/** One health check over a real socket, as a second client would send it: how long its answer took (ms). */
export async function timedHealth(base: string): Promise<number> {
  const start = performance.now();
  const response = await fetch(`${base}/health`);
  await response.arrayBuffer();
  expect(response.status).toBe(200);
  return performance.now() - start;
}

/**
 * Probes the health check one call after another until `work` settles: the latencies of the probes answered
 * meanwhile (a server held by the work answers a handful at most). `work`'s own outcome is the caller's to await.
 */
export async function probeWhile(base: string, work: Promise<unknown>): Promise<number[]> {
  let running = true;
  const settled = work.then(
    () => {
      running = false;
    },
    () => {
      running = false;
    },
  );
  const latencies: number[] = [];
  while (running) {
    latencies.push(await timedHealth(base));
    await new Promise((resolve) => setImmediate(resolve));
  }
  await settled;
  return latencies;
}
