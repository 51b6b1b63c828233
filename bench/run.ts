import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { budgetTable, firstVisits, type Manifest, sizeVisits } from '../scripts/bundle-budget';
import { benchApiLists } from './api-lists';
import { benchDeclarations } from './declarations';
import { benchLighthouse, findChromium } from './lighthouse';

/**
 * `npm run bench`: prints numbers, asserts nothing. Sizes: PROVIDERS (default 5000), ITERATIONS (default 30).
 * Build the web app first (`npm run build`) for the bundle numbers.
 */
const providers = Number(process.env.PROVIDERS ?? 5000);
const iterations = Number(process.env.ITERATIONS ?? 30);

try {
  const dist = join(import.meta.dirname, '..', 'apps', 'web', 'dist');
  const manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8')) as Manifest;
  const sizes = sizeVisits(firstVisits(manifest), (file) => gzipSync(readFileSync(join(dist, file))).length);
  console.log('First visit of each screen (JS + CSS, gzip, against its budget):');
  console.log(`${budgetTable(sizes).join('\n')}\n`);
} catch (error) {
  console.log(`Bundle sizes: skipped (${error instanceof Error ? error.message : error})\n`);
}

console.log(`API lists on PGlite with ${providers} providers, ${iterations} calls each (in-process inject):`);
console.log((await benchApiLists({ providers, iterations })).join('\n'));

console.log('\nDeclarations (seeded: DATABASE_URL = PostgreSQL, else PGlite in a temp folder):');
console.log((await benchDeclarations({ seconds: Number(process.env.LOAD_SECONDS ?? 10) })).join('\n'));

if (findChromium()) {
  console.log('\nLighthouse (npm run bench:lighthouse):');
  console.log((await benchLighthouse()).join('\n'));
}
