import { performance } from 'node:perf_hooks';
import type { Product } from './product';

/** Times the people lists one call at a time (in-process inject), on the bench database the others use. */
export async function benchApiLists(product: Product, options: { iterations: number }): Promise<string[]> {
  const cases = [
    '/api/users',
    '/api/users?sort=lastname:desc,city:asc&limit=50',
    '/api/users?q=Metz&limit=50',
    '/api/users?offset=1500',
  ];
  const results: string[] = [];
  for (const url of cases) {
    const times: number[] = [];
    for (let i = 0; i < options.iterations; i++) {
      const start = performance.now();
      const response = await product.app.inject({ method: 'GET', url, headers: product.headers });
      times.push(performance.now() - start);
      if (response.statusCode !== 200) throw new Error(`${url}: ${response.body}`);
    }
    times.sort((a, b) => a - b);
    const pct = (p: number) => times[Math.min(times.length - 1, Math.floor(p * times.length))]?.toFixed(1);
    results.push(`  GET ${url.padEnd(52)} p50 ${pct(0.5)} ms  p95 ${pct(0.95)} ms`);
  }
  return results;
}
