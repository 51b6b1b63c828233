import { getHeapStatistics } from 'node:v8';

/**
 * Loaded into the soak's server (`node --import`) when `SOAK_PROBE=1`: once a second, one line on stderr with
 * the V8 heap and the memory outside it, so that a growing resident set can be told apart — objects kept by
 * JavaScript (the heap), array buffers, WebAssembly memory (counted as external by Node: PGlite's database,
 * which can grow but never shrink), or neither (code, stacks, malloc).
 */
if (process.env.SOAK_PROBE === '1') {
  setInterval(() => {
    const usage = process.memoryUsage();
    const heap = getHeapStatistics();
    const line = {
      rss: usage.rss,
      heapUsed: usage.heapUsed,
      heapTotal: usage.heapTotal,
      external: usage.external,
      arrayBuffers: usage.arrayBuffers,
      malloced: heap.malloced_memory,
    };
    process.stderr.write(`soak-probe ${JSON.stringify(line)}\n`);
  }, 1000).unref();
}
