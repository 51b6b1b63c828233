/**
 * `npm run check:bundle`: fails when a screen's first visit downloads more JavaScript and CSS (gzip) than its
 * budget (`scripts/bundle-budget.ts`), or when a Mantine component's stylesheet is missing from the build.
 * Reads the web app's build: run `npm run build` first.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import {
  backUnderTarget,
  budgetTable,
  firstVisits,
  type Manifest,
  overBudget,
  sizeVisits,
  unstyledMantineClasses,
} from './bundle-budget';

const dist = process.argv[2] ?? join(import.meta.dirname, '..', 'apps', 'web', 'dist');
let manifest: Manifest;
try {
  manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8')) as Manifest;
} catch {
  console.error(`Bundle budgets: no manifest in ${dist}/.vite: build the web app first (npm run build).`);
  process.exit(1);
}
const sizes = sizeVisits(firstVisits(manifest), (file) => gzipSync(readFileSync(join(dist, file))).length);
console.log('Bundle budgets, first visit of each screen (JS + CSS, gzip, against the target):');
console.log(budgetTable(sizes).join('\n'));
const over = sizes.filter((visit) => visit.gzip > visit.target).length;
if (over > 0)
  console.log(`${over} screen(s) still over the target, held at their ceilings (OVER_TARGET_CEILINGS).`);
for (const screen of backUnderTarget(sizes)) {
  console.log(`${screen} is back within the target: remove it from OVER_TARGET_CEILINGS.`);
}
const failures = overBudget(sizes);
if (failures.length > 0) {
  console.error(`\nBundle budget exceeded:\n${failures.map((line) => `  ${line}`).join('\n')}`);
}
// The app imports only the Mantine stylesheets it needs: a component left out would show unstyled.
const assets = readdirSync(join(dist, 'assets'));
const read = (suffix: string) =>
  assets
    .filter((file) => file.endsWith(suffix))
    .map((file) => readFileSync(join(dist, 'assets', file), 'utf8'));
const unstyled = unstyledMantineClasses(read('.js'), read('.css'));
if (unstyled.length > 0) {
  console.error(
    `\nMantine classes used with no stylesheet (add the component's CSS to apps/web/src/app/mantine-components.css): ${unstyled.join(', ')}`,
  );
}
if (failures.length > 0 || unstyled.length > 0) process.exit(1);
console.log('Every screen is within its budget, and every Mantine class used has its stylesheet.');
