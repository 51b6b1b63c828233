import { parentPort } from 'node:worker_threads';
import type { FromWorker, ToWorker } from './pool';
import { offloadStreams, offloadTasks, type StreamWriter } from './tasks';

/**
 * A thread of the offload pool. A task gathers one job's items as they arrive, runs at the end, and answers
 * with the result or the error; a stream writes each page of items as it arrives and answers it with the bytes
 * made, so that neither side holds the whole file.
 */
const port = parentPort;
if (!port) throw new Error('the offload worker runs in a worker thread');

type Current = { id: number } & (
  | { kind: 'task'; name: keyof typeof offloadTasks; head: unknown; items: unknown[] }
  // Pages are written one after the other even if the next one arrives while the last is written.
  | { kind: 'stream'; writer: StreamWriter; last: Promise<unknown>; dropped: boolean }
);
let current: Current | undefined;

const answer = (message: FromWorker, bytes?: Uint8Array) =>
  port.postMessage(message, bytes ? [bytes.buffer as ArrayBuffer] : []);
const failure = (id: number, error: unknown): FromWorker => ({
  id,
  ok: false,
  message: error instanceof Error ? (error.stack ?? error.message) : String(error),
});
/** Bytes of their own, so that their memory moves to the pool's thread instead of being copied. */
const own = (bytes: Uint8Array) => new Uint8Array(bytes);

port.on('message', async (message: ToWorker) => {
  if (message.type === 'start') {
    if (current?.kind === 'stream') current.dropped = true;
    if (message.name in offloadStreams) {
      const open = offloadStreams[message.name as keyof typeof offloadStreams] as (
        head: unknown,
      ) => StreamWriter;
      current = {
        id: message.id,
        kind: 'stream',
        writer: open(message.head),
        last: Promise.resolve(),
        dropped: false,
      };
    } else {
      current = {
        id: message.id,
        kind: 'task',
        name: message.name as keyof typeof offloadTasks,
        head: message.head,
        items: [],
      };
    }
    return;
  }
  if (!current || Math.abs(message.id) !== current.id) return;
  const job = current;
  if (message.type === 'items') {
    if (job.kind === 'task') {
      for (const item of message.items) job.items.push(item);
      return;
    }
    job.last = job.last.then(async () => {
      if (job.dropped) return;
      try {
        const bytes = own(await job.writer.add(message.items));
        if (!job.dropped) answer({ id: job.id, chunk: bytes }, bytes);
      } catch (error) {
        // The pool waits for this page's bytes before sending the next: it must hear of the failure now.
        job.dropped = true;
        answer(failure(job.id, error));
      }
    });
    return;
  }
  current = undefined;
  // A negative id: the pool gave the job up (its read failed, or its reader left), nothing to make.
  if (message.id < 0) {
    if (job.kind === 'stream') job.dropped = true;
    return;
  }
  try {
    if (job.kind === 'task') {
      const task = offloadTasks[job.name] as (head: unknown, items: unknown[]) => unknown;
      answer({ id: job.id, ok: true, value: await task(job.head, job.items) });
    } else {
      await job.last;
      if (job.dropped) return;
      const bytes = own(await job.writer.end());
      answer({ id: job.id, ok: true, value: bytes }, bytes);
    }
  } catch (error) {
    answer(failure(job.id, error));
  }
});
