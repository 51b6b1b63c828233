import { availableParallelism } from 'node:os';
import { Readable } from 'node:stream';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { Worker } from 'node:worker_threads';
import type { StreamHead, StreamItem, StreamName, TaskHead, TaskItem, TaskName, TaskOutput } from './tasks';

/**
 * A small fixed pool of worker threads for the CPU-heavy work one request can trigger (a year's register as a
 * PDF or a CSV): the request thread only reads the database and sends the file, so every other request keeps
 * being answered while it is made (docs/decisions/0123-exports-offthread.md). Workers start on first use and
 * are replaced if one dies; tasks wait their turn in order.
 */
export interface OffloadPool {
  /**
   * Runs a task on a free worker. Its items (a register's stays) are handed over page by page as they are
   * read: one large message would hold the request thread while it is copied.
   */
  run<N extends TaskName>(
    name: N,
    head: TaskHead<N>,
    items: AsyncIterable<readonly TaskItem<N>[]>,
  ): Promise<TaskOutput<N>>;
  /**
   * Makes a file on a free worker while it is read: each page of items is read, then goes to the worker, once
   * the reader has taken what the last one made (the file's bytes in the stream stay about its high-water mark,
   * whatever the reader's pace) and the requests that arrived meanwhile have had their turn, and the worker's
   * bytes come back page by page. The database and the worker never work on one file at once, so an export takes
   * one core at a time from the other requests (docs/decisions/0168-export-stages-in-turn.md). A reader that
   * leaves ends the job; a failed read or head destroys the stream with the error.
   */
  stream<N extends StreamName>(
    name: N,
    head: Promise<StreamHead<N>>,
    items: AsyncIterable<readonly StreamItem<N>[]>,
  ): Readable;
  close(): Promise<void>;
}

interface Job {
  id: number;
  name: TaskName | StreamName;
  head: unknown;
  items: AsyncIterable<readonly unknown[]>;
  resolve: (value: never) => void;
  reject: (error: Error) => void;
  /** A stream's bytes as the worker makes them. */
  chunk?: (bytes: Uint8Array) => void;
}

/** What the thread and the pool say to each other about one job. */
export type ToWorker =
  | { type: 'start'; id: number; name: TaskName | StreamName; head: unknown }
  | { type: 'items'; id: number; items: readonly unknown[] }
  | { type: 'end'; id: number };
export type FromWorker =
  | { id: number; chunk: Uint8Array }
  | { id: number; ok: true; value: unknown }
  | { id: number; ok: false; message: string };

/** Items gathered into pages of `size` (the last one shorter), for a stream's messages to the worker. */
export async function* inPages<Item>(items: AsyncIterable<Item>, size: number): AsyncGenerator<Item[]> {
  let page: Item[] = [];
  for await (const item of items) {
    page.push(item);
    if (page.length === size) {
      yield page;
      page = [];
    }
  }
  if (page.length > 0) yield page;
}

/** At most two: the request thread and the database need a core too, and exports are rare. */
export const OFFLOAD_WORKERS = Math.max(1, Math.min(2, availableParallelism() - 1));

/**
 * The worker: the bundled file beside `dist/main.js` in production; from the TypeScript sources (tests,
 * `npm run dev`), a bootstrap that registers tsx in the thread before importing the source (Node 20 does not
 * pass `--import tsx` to a worker's entry).
 */
function startWorker(): Worker {
  if (!import.meta.url.endsWith('.ts')) return new Worker(new URL('./offload-worker.js', import.meta.url));
  const source = new URL('./worker.ts', import.meta.url).href;
  return new Worker(
    `import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(source)}); });`,
    { eval: true },
  );
}

export function createOffloadPool(size = OFFLOAD_WORKERS): OffloadPool {
  const queue: Job[] = [];
  const idle: Worker[] = [];
  const busy = new Map<Worker, Job>();
  let spawned = 0;
  let nextId = 1;
  let closed = false;

  function release(worker: Worker) {
    busy.delete(worker);
    idle.push(worker);
    pump();
  }

  function spawn(): Worker {
    const worker = startWorker();
    // A pool at rest must not keep the process alive (tests, a server stopping).
    worker.unref();
    spawned += 1;
    worker.on('message', (reply: FromWorker) => {
      const job = busy.get(worker);
      if (!job || job.id !== reply.id) return;
      if ('chunk' in reply) {
        job.chunk?.(reply.chunk);
        return;
      }
      release(worker);
      if (reply.ok) job.resolve(reply.value as never);
      else job.reject(new Error(reply.message));
    });
    const lost = (error: Error) => {
      if (!busy.has(worker) && !idle.includes(worker)) return;
      const job = busy.get(worker);
      busy.delete(worker);
      const at = idle.indexOf(worker);
      if (at >= 0) idle.splice(at, 1);
      spawned -= 1;
      job?.reject(error);
      if (!closed) pump();
    };
    worker.on('error', lost);
    worker.on('exit', (code) => lost(new Error(`offload worker exited with code ${code}`)));
    return worker;
  }

  async function feed(worker: Worker, job: Job) {
    const send = (message: ToWorker) => worker.postMessage(message);
    try {
      send({ type: 'start', id: job.id, name: job.name, head: await job.head });
      for await (const items of job.items) {
        if (busy.get(worker) !== job) return;
        send({ type: 'items', id: job.id, items });
      }
      send({ type: 'end', id: job.id });
    } catch (error) {
      // The read failed: the worker drops the job (it answers once the next one starts) and is free again.
      if (busy.get(worker) === job) {
        send({ type: 'end', id: -job.id });
        release(worker);
      }
      job.reject(error instanceof Error ? error : new Error(String(error)));
    }
  }

  function pump() {
    while (queue.length > 0 && !closed) {
      const worker = idle.pop() ?? (spawned < size ? spawn() : undefined);
      if (!worker) return;
      const job = queue.shift()!;
      busy.set(worker, job);
      void feed(worker, job);
    }
  }

  function enqueue(job: Omit<Job, 'id' | 'resolve' | 'reject'>): Promise<unknown> {
    if (closed) return Promise.reject(new Error('offload pool closed'));
    return new Promise((resolve, reject) => {
      queue.push({ ...job, id: nextId++, resolve: resolve as (value: never) => void, reject });
      pump();
    });
  }

  return {
    run(name, head, items) {
      return enqueue({ name, head, items }) as Promise<never>;
    },
    stream(name, head, items) {
      // A head that fails before a worker is free must not count as unhandled: the job reports it.
      head.catch(() => {});
      let fed = true;
      // Node asks for more (`_read`) once, then waits for a push before asking again, even if its buffer
      // empties meanwhile: the ask is remembered until the next page goes.
      let asked = false;
      let wake = () => {};
      const out = new Readable({
        read: () => {
          asked = true;
          wake();
        },
      });
      out.once('close', () => wake());
      const ready = () =>
        new Promise<void>((resolve) => {
          const check = () => {
            if (out.destroyed || (fed && (asked || out.readableLength < out.readableHighWaterMark)))
              resolve();
            else wake = check;
          };
          check();
        });
      // The next page is read only once the worker has answered the last: read ahead, the database's work
      // and the worker's ran side by side and took both cores of a small server.
      async function* paced() {
        const pages = items[Symbol.asyncIterator]();
        try {
          while (true) {
            await ready();
            // What arrived while the worker wrote the last page (a request, up to its first query) goes first:
            // the database answers in the order it is asked — on PGlite, on this very thread — so a request
            // waits at most for the page already running, never for the one the export would ask for next.
            await nextTurn();
            if (out.destroyed) throw new Error('reader gone');
            const next = await pages.next();
            if (next.done) return;
            fed = false;
            asked = false;
            yield next.value;
          }
        } finally {
          // However the file ends (done, reader gone, job given up), the source's own cleanup runs.
          await pages.return?.();
        }
      }
      const push = (bytes: Uint8Array) => {
        if (!out.destroyed && bytes.byteLength > 0)
          out.push(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
      };
      enqueue({
        name,
        head,
        items: paced(),
        chunk: (bytes) => {
          push(bytes);
          fed = true;
          wake();
        },
      }).then(
        (last) => {
          push(last as Uint8Array);
          if (!out.destroyed) out.push(null);
        },
        (error: Error) => out.destroy(error),
      );
      return out;
    },
    async close() {
      closed = true;
      for (const job of queue.splice(0)) job.reject(new Error('offload pool closed'));
      const workers = [...idle, ...busy.keys()];
      for (const job of busy.values()) job.reject(new Error('offload pool closed'));
      idle.length = 0;
      busy.clear();
      await Promise.all(workers.map((worker) => worker.terminate()));
    },
  };
}
