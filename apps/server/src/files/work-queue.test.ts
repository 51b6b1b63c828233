import { describe, expect, it } from 'vitest';
import { createWorkQueue } from './work-queue';

/** A task's await: the event loop turns once before the task ends. */
const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('a work queue', () => {
  it('runs no more than its concurrency at once, every task in the end, in order', async () => {
    const queue = createWorkQueue(2);
    let running = 0;
    let most = 0;
    const started: number[] = [];
    const results = await Promise.all(
      Array.from({ length: 7 }, (_, i) =>
        queue.run(async () => {
          started.push(i);
          running += 1;
          most = Math.max(most, running);
          await tick();
          running -= 1;
          return i * 10;
        }),
      ),
    );
    expect(most).toBe(2);
    expect(started).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(results).toEqual([0, 10, 20, 30, 40, 50, 60]);
    expect(queue.load).toEqual({ running: 0, waiting: 0 });
  });

  it('a failed task frees its slot and its caller gets the error', async () => {
    const queue = createWorkQueue(1);
    const failed = queue.run(async () => {
      throw new Error('corrompu');
    });
    const next = queue.run(async () => 'suivant');
    await expect(failed).rejects.toThrow('corrompu');
    await expect(next).resolves.toBe('suivant');
  });

  it('a newcomer does not overtake a waiting task when a slot frees', async () => {
    const queue = createWorkQueue(1);
    let running = 0;
    let most = 0;
    const task = async () => {
      running += 1;
      most = Math.max(most, running);
      await tick();
      running -= 1;
    };
    const first = queue.run(task);
    const second = queue.run(task);
    await first;
    // The slot went to `second`; a task arriving now waits behind it.
    const third = queue.run(task);
    await Promise.all([second, third]);
    expect(most).toBe(1);
  });
});
