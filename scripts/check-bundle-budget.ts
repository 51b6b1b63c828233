/**
 * `npm run check:bundle`: fails when a screen's first visit downloads more JavaScript and CSS (gzip) than its
 * budget (`scripts/bundle-budget.ts`). Reads the web app's build: run `npm run build` first.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { budgetTable, firstVisits, type Manifest, overBudget, sizeVisits } from './bundle-budget';

const dist = process.argv[2] ?? join(import.meta.dirname, '..', 'apps', 'web', 'dist');
let manifest: Manifest;
try {
  manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8')) as Manifest;
} catch {
  console.error(`Bundle budgets: no manifest in ${dist}/.vite: build the web app first (npm run build).`);
  process.exit(1);
}
const sizes = sizeVisits(firstVisits(manifest), (file) => gzipSync(readFileSync(join(dist, file))).length);
console.log('Bundle budgets, first visit of each screen (JS + CSS, gzip):');
console.log(budgetTable(sizes).join('\n'));
const failures = overBudget(sizes);
if (failures.length > 0) {
  console.error(`\nBundle budget exceeded:\n${failures.map((line) => `  ${line}`).join('\n')}`);
  process.exit(1);
}
console.log('Every screen is within its budget.');
