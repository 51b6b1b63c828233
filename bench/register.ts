import { sql } from 'drizzle-orm';
import { download } from './load';
import type { Product } from './product';

/**
 * The register of stays of the seeded sample: one month computed from the register (the stays it used, split
 * into the month, each night's band), and a year's register as CSV and as PDF, each timed alone.
 * Prints; asserts nothing.
 */
export async function benchRegister(product: Product): Promise<string[]> {
  const { database, address, headers } = product;
  const found = (await database.db.execute(sql`
    SELECT establishment_id AS id, count(*)::int AS n FROM stays
    GROUP BY establishment_id ORDER BY count(*) DESC, establishment_id LIMIT 1`)) as unknown as {
    rows: { id: number; n: number }[];
  };
  const busiest = found.rows[0];
  if (!busiest) return ['  No stays were seeded: skipped'];
  const out = [`  Establishment ${busiest.id}, ${busiest.n} stays over two years`];
  const monthUrl = `/api/establishments/${busiest.id}/register?year=2026&month=6`;
  const times: number[] = [];
  for (let i = 0; i < 5; i++) {
    const once = performance.now();
    const response = await fetch(`${address}${monthUrl}`, { headers });
    if (!response.ok) throw new Error(`${monthUrl} answered ${response.status}`);
    await response.text();
    times.push(performance.now() - once);
  }
  times.sort((a, b) => a - b);
  out.push(
    `  GET ${monthUrl}, 5 times: min ${times[0]?.toFixed(0)} ms, median ${times[2]?.toFixed(0)} ms, max ${times[4]?.toFixed(0)} ms`,
  );
  for (const format of ['csv', 'pdf']) {
    const url = `/api/establishments/${busiest.id}/stays/export.${format}?year=2026`;
    const file = await download(`${address}${url}`, headers);
    out.push(`  GET ${url}: ${(file.bytes / 1024).toFixed(0)} KiB in ${file.time} s (${file.cpu} s CPU)`);
  }
  return out;
}
