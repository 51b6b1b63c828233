import { loadavg } from 'node:os';
import type { ResumeProvider } from '@sejour/domain';
import { createOffloadPool } from '../apps/server/src/offload/pool';
import { noticesPdf } from '../apps/server/src/resume/notices';
import { type NoticeItem, noticesPdfWriter } from '../apps/server/src/resume/notices-render';
import { createResumeService } from '../apps/server/src/resume/service';
import { createCollectivitySettings } from '../apps/server/src/settings';
import { openBenchDatabase, scaledSizes, seed } from './seed';

/**
 * Where the combined notices PDF's time goes between the database and the layout: `npx tsx bench/notices-db.ts`
 * seeds the bench territory (`BENCH_SCALE`, PGlite unless `DATABASE_URL`), then times, for 2026 S1,
 * 1. the request's reads alone: the providers, then the identities and lines 25 at a time, as the PDF reads them;
 * 2. the writer alone on the notices so read (in this thread, no database);
 * 3. the whole PDF as the route makes it: the reads here, the layout in an offload worker.
 * If 3 is about 2, the layout is the bottleneck; if it is about 1 + 2, the reads and the layout take turns.
 */
const scope = { year: 2026, semester: 1 as const };
const load = () =>
  loadavg()
    .map((l) => l.toFixed(1))
    .join(' / ');
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

const database = await openBenchDatabase();
const started = performance.now();
await seed(database, scaledSizes());
console.log(`${database.describe}: seeded in ${seconds(performance.now() - started)}, load ${load()}`);
const settings = createCollectivitySettings(database.db, 'Communauté de communes du banc d’essai');
const service = createResumeService({ db: database.db, now: () => new Date(), settings });

for (let round = 0; round < Number(process.env.RUNS ?? 2); round++) {
  // 1. The reads, exactly as notices.ts makes them, each timed.
  const items: NoticeItem[] = [];
  const reads: number[] = [];
  let t = performance.now();
  const readsStarted = t;
  let batch: ResumeProvider[] = [];
  const flush = async () => {
    const details = await service.noticeDetails(
      scope,
      batch.map((p) => p.userId),
    );
    for (const provider of batch)
      items.push({
        provider,
        address: { name: provider.providerName, lines: [] },
        lines: details.get(provider.userId)?.lines ?? [],
      });
    batch = [];
    reads.push(performance.now() - t);
    t = performance.now();
  };
  for await (const provider of service.eachProvider(scope)) {
    batch.push(provider);
    if (batch.length === 25) await flush();
  }
  await flush();
  const readsMs = performance.now() - readsStarted;
  const sorted = [...reads].sort((a, b) => a - b);
  console.log(
    `reads: ${items.length} providers, ${items.reduce((n, i) => n + i.lines.length, 0)} lines in ${seconds(readsMs)}` +
      ` (${reads.length} pages of 25, median ${sorted[Math.floor(sorted.length / 2)]?.toFixed(0)} ms, max ${sorted.at(-1)?.toFixed(0)} ms), load ${load()}`,
  );

  // 2. The writer alone on them.
  const head = {
    title: 'Avis',
    collectivity: await settings.get(),
    terms: await service.terms(scope),
    ...scope,
  };
  let w = performance.now();
  const writer = noticesPdfWriter(head);
  let size = 0;
  for (let i = 0; i < items.length; i += 4) size += (await writer.add(items.slice(i, i + 4))).byteLength;
  size += (await writer.end()).byteLength;
  console.log(
    `writer alone: ${(size / 1e6).toFixed(2)} MB in ${seconds(performance.now() - w)}, load ${load()}`,
  );

  // 3. The route's way: reads here, layout in a worker, read as fast as it comes.
  const pool = createOffloadPool(1);
  w = performance.now();
  const cpu = process.cpuUsage();
  let bytes = 0;
  for await (const chunk of noticesPdf(service, settings, scope, pool)) bytes += (chunk as Buffer).length;
  const used = process.cpuUsage(cpu);
  console.log(
    `whole PDF: ${(bytes / 1e6).toFixed(2)} MB in ${seconds(performance.now() - w)}, ` +
      `${seconds((used.user + used.system) / 1000)} CPU (both threads; the worker's first start included), load ${load()}`,
  );
  await pool.close();
}
await database.close();
