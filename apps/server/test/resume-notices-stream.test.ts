import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { establishments, users } from '../src/db/schema';
import { createOffloadPool } from '../src/offload/pool';
import { noticesPdf } from '../src/resume/notices';
import { createResumeService } from '../src/resume/service';
import { createCollectivitySettings } from '../src/settings/collectivity';
import { useApp } from './fixture';
import { pdfPages } from './helpers/pdf-text';

const PROVIDERS = 300;
const t = useApp();
const offload = createOffloadPool(1);
afterAll(() => offload.close());

/** Many providers with an establishment each: every one gets a notice (nothing declared, months missing). */
beforeAll(async () => {
  const hosts = await t.database.db
    .insert(users)
    .values(
      Array.from({ length: PROVIDERS }, (_, i) => ({
        username: `stream${i}`,
        email: `stream${i}@example.test`,
        role: 'host' as const,
        activated: true,
        company: `Hébergeur ${String(i).padStart(3, '0')}`,
      })),
    )
    .returning({ id: users.id });
  await t.database.db.insert(establishments).values(
    hosts.map((host, i) => ({
      userId: host.id,
      name: `Gîte ${i}`,
      type: 'HOTEL_2' as const,
      capacityMaxPerson: 10,
      city: 'Metz',
      cp: '57000',
    })),
  );
});

/**
 * The combined PDF of 2025's second semester, how many providers' notices have been read so far, and a promise that
 * settles once the writer has stopped asking for providers (it has finished, or given up).
 */
function combinedPdf() {
  const settings = createCollectivitySettings(t.database.db, 'Communauté de communes');
  const service = createResumeService({ db: t.database.db, now: t.clock.now, settings });
  const written = { count: 0 };
  let stopped: () => void = () => {};
  const writerStopped = new Promise<void>((resolve) => {
    stopped = resolve;
  });
  const counting = {
    ...service,
    noticeDetails: (...args: Parameters<typeof service.noticeDetails>) => {
      written.count += args[1].length;
      return service.noticeDetails(...args);
    },
    async *eachProvider(scope: Parameters<typeof service.eachProvider>[0]) {
      try {
        yield* service.eachProvider(scope);
      } finally {
        stopped();
      }
    },
  };
  return {
    doc: noticesPdf(counting, settings, { year: 2025, semester: 2 }, offload),
    written,
    writerStopped,
  };
}

/** Lets the event loop turn until `done` holds: no clock involved, only the other side's progress. */
async function until(done: () => boolean) {
  while (!done()) await new Promise((resolve) => setImmediate(resolve));
}

describe('the combined PDF with a slow reader', () => {
  it('waits for the reader: the stream never buffers much more than its high-water mark', async () => {
    const { doc, written } = combinedPdf();
    const mark = doc.readableHighWaterMark;
    const chunks: Buffer[] = [];
    let peak = 0;
    let received = 0;
    let nextPause = 0;
    // While notices are written; pdfkit's end() then pushes the page tree and the cross-reference table at once
    // (a few bytes per object: the offsets it keeps anyway).
    const sample = () => {
      if (written.count < PROVIDERS) peak = Math.max(peak, doc.readableLength);
    };
    // A reader slower than the writer: after every 8 KiB it takes, it waits until the writer has filled the
    // stream to its mark (and so must wait for the reader), or has written every notice.
    for await (const chunk of doc) {
      sample();
      chunks.push(chunk as Buffer);
      received += (chunk as Buffer).length;
      if (received >= nextPause) {
        nextPause = received + 8 * 1024;
        await until(() => doc.readableLength >= mark || written.count >= PROVIDERS || doc.destroyed);
        sample();
      }
    }
    const bytes = Buffer.concat(chunks);
    // The whole file is many times the mark; what waited in the stream stayed within the mark plus one notice
    // (without the wait, the whole file did).
    expect(bytes.length).toBeGreaterThan(5 * (mark + 8 * 1024));
    expect(peak).toBeGreaterThanOrEqual(mark);
    expect(peak).toBeLessThan(mark + 8 * 1024);
    const pages = await pdfPages(bytes);
    expect(pages).toHaveLength(PROVIDERS);
    expect(pages[PROVIDERS - 1]).toContain(`Hébergeur ${PROVIDERS - 1}`);
  });

  it('stops writing when the reader goes away', async () => {
    const { doc, written, writerStopped } = combinedPdf();
    for await (const _chunk of doc) break; // destroys the stream, as a client that hangs up
    await writerStopped;
    expect(doc.destroyed).toBe(true);
    expect(written.count).toBeLessThan(PROVIDERS / 10);
  });
});

describe('the providers an export goes through', () => {
  it('are every provider once, in name order, whatever the page their establishments are read in', async () => {
    const settings = createCollectivitySettings(t.database.db, 'Communauté de communes');
    const names = async (providerPage: number) => {
      const service = createResumeService({ db: t.database.db, now: t.clock.now, settings, providerPage });
      const read: string[] = [];
      for await (const provider of service.eachProvider({ year: 2025, semester: 2 }))
        read.push(provider.providerName);
      return read;
    };
    const whole = await names(PROVIDERS + 1);
    expect(whole).toHaveLength(PROVIDERS);
    expect(whole).toEqual([...whole].sort((a, b) => a.localeCompare(b)));
    expect(await names(7)).toEqual(whole);
    expect(await names(PROVIDERS)).toEqual(whole);
  });
});
