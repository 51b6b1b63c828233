import { parentPort } from 'node:worker_threads';
import type { FromWorker, ToWorker } from './pool';
import { offloadTasks } from './tasks';

/**
 * A thread of the offload pool: gathers one job's items as they arrive, runs its task at the end, and answers
 * with the result or the error.
 */
const port = parentPort;
if (!port) throw new Error('the offload worker runs in a worker thread');

let current: { id: number; name: keyof typeof offloadTasks; head: unknown; items: unknown[] } | undefined;

const answer = (message: FromWorker) => port.postMessage(message);

port.on('message', async (message: ToWorker) => {
  if (message.type === 'start') {
    current = { id: message.id, name: message.name, head: message.head, items: [] };
    return;
  }
  if (!current || Math.abs(message.id) !== current.id) return;
  if (message.type === 'items') {
    for (const item of message.items) current.items.push(item);
    return;
  }
  const job = current;
  current = undefined;
  // A negative id: the pool gave the job up (its read failed), nothing to make.
  if (message.id < 0) return;
  try {
    const task = offloadTasks[job.name] as (head: unknown, items: unknown[]) => unknown;
    answer({ id: job.id, ok: true, value: await task(job.head, job.items) });
  } catch (error) {
    answer({
      id: job.id,
      ok: false,
      message: error instanceof Error ? (error.stack ?? error.message) : String(error),
    });
  }
});
