import { afterAll, describe, expect, it } from 'vitest';
import type { ExportedRow } from '../src/declarations/export-render';
import { createOffloadPool } from '../src/offload/pool';

const offload = createOffloadPool(1);
afterAll(() => offload.close());

/** One batch of the declarations' CSV as the database sends it: a row per establishment named `Gîte <page>-<n>`. */
function batch(page: number, rows = 3): string {
  const exported: ExportedRow[] = Array.from({ length: rows }, (_, n) => [
    2026,
    1,
    page * 100 + n,
    'HOTEL_2',
    true,
    2,
    4,
    0,
    4,
    0,
    400,
    40,
    440,
    `Gîte ${page}-${n}`,
    `Hébergeur ${page}`,
    0,
    0,
    0,
    'REEL',
    null,
    null,
  ]);
  return JSON.stringify(exported);
}

describe('a file made on the offload pool while it is read', () => {
  it('reads the next page only once the worker has sent back the last one: one stage of the file runs at a time', async () => {
    const PAGES = 6;
    let text = '';
    /** What the file held each time the next page was asked for. */
    const seenWhenAsked: string[] = [];
    async function* pages() {
      for (let page = 0; page < PAGES; page++) {
        seenWhenAsked.push(text);
        yield [batch(page)];
      }
    }
    const file = offload.stream(
      'declarationsCsv',
      Promise.resolve({ components: ['DEPARTMENTAL'] }),
      pages(),
    );
    // Flowing: each chunk is seen as the pool pushes it, not when an iterator gets round to it.
    file.on('data', (chunk: Buffer) => {
      text += chunk.toString('utf8');
    });
    await new Promise((resolve, reject) => file.on('end', resolve).on('error', reject));

    expect(seenWhenAsked).toHaveLength(PAGES);
    seenWhenAsked.forEach((seen, page) => {
      // Every page before this one is written, and this one's rows are not yet: it was read after the worker
      // answered, never while the worker was writing the page before.
      if (page > 0) expect(seen).toContain(`Gîte ${page - 1}-2`);
      expect(seen).not.toContain(`Gîte ${page}-0`);
    });
    expect(text).toContain(`Gîte ${PAGES - 1}-2`);
    expect(text.split('\r\n').filter((line) => line.includes('Gîte'))).toHaveLength(PAGES * 3);
  });

  it('lets what arrived while the worker wrote a page go before the next page is asked for', async () => {
    const PAGES = 5;
    const happened: string[] = [];
    async function* pages() {
      for (let page = 0; page < PAGES; page++) {
        happened.push('page');
        yield [batch(page)];
      }
    }
    const file = offload.stream(
      'declarationsCsv',
      Promise.resolve({ components: ['DEPARTMENTAL'] }),
      pages(),
    );
    // Stands for a request arriving as the worker answers: its callback is due in the event loop's next turn.
    file.on('data', () => setImmediate(() => happened.push('request')));
    await new Promise((resolve, reject) => file.on('end', resolve).on('error', reject));

    expect(happened.filter((event) => event === 'page')).toHaveLength(PAGES);
    happened.forEach((event, at) => {
      // Every page after the first was asked for once the request that came with the last page's bytes ran.
      if (event === 'page' && at > 0) expect(happened[at - 1]).toBe('request');
    });
  });

  it('stops asking for pages when the reader goes away', async () => {
    let asked = 0;
    let finished = false;
    async function* pages() {
      try {
        for (let page = 0; page < 1000; page++) {
          asked += 1;
          yield [batch(page, 50)];
        }
      } finally {
        finished = true;
      }
    }
    const file = offload.stream(
      'declarationsCsv',
      Promise.resolve({ components: ['DEPARTMENTAL'] }),
      pages(),
    );
    for await (const _chunk of file) break;
    await new Promise<void>((resolve) => {
      const check = () => (finished ? resolve() : setImmediate(check));
      check();
    });
    expect(asked).toBeLessThan(10);
  });
});
