import type { FastifyBaseLogger } from 'fastify';

/**
 * Work each instance repeats every hour (the monthly reminder, the classifications' notices): one run at a time
 * per instance, a failure logged and tried again at the next run. The work itself must be idempotent across
 * instances (each claims what it sends in the transaction that queues it).
 */
export function createHourlyCheck(options: {
  everyMs: number;
  log: FastifyBaseLogger;
  failure: string;
  work: () => Promise<unknown>;
}) {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> | null = null;

  function check(): Promise<unknown> {
    running ??= options
      .work()
      .catch((err: unknown) => options.log.error({ err }, options.failure))
      .finally(() => {
        running = null;
      });
    return running;
  }

  return {
    /** Runs now, then every `everyMs`. */
    start() {
      void check();
      timer = setInterval(() => void check(), options.everyMs);
      timer.unref();
    },
    /** Stops the timer and waits for a run in progress. */
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
