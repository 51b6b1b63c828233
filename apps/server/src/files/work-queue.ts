/**
 * Runs tasks `concurrency` at a time, the others waiting in order. For work whose cost is memory and CPU
 * out of proportion to its request (decoding an image): a burst of requests then waits its turn instead of
 * multiplying the server's memory.
 */
export function createWorkQueue(concurrency: number) {
  let running = 0;
  const waiting: Array<() => void> = [];

  /** A finished task hands its slot to the first waiting one, so that no newcomer slips in between. */
  function next(): void {
    const first = waiting.shift();
    if (first) first();
    else running -= 1;
  }

  return {
    async run<T>(task: () => Promise<T>): Promise<T> {
      if (running < concurrency) running += 1;
      else await new Promise<void>((resolve) => waiting.push(resolve));
      try {
        return await task();
      } finally {
        next();
      }
    },
    /** Tasks running and waiting (tests, logs). */
    get load() {
      return { running, waiting: waiting.length };
    },
  };
}
