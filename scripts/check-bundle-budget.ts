/**
 * `npm run check:bundle`: fails when a screen's first visit downloads more JavaScript and CSS (gzip) than its
 * budget (`scripts/bundle-budget.ts`), or when a chunk uses a Mantine class whose stylesheet does not load
 * with it.
 * Reads the web app's build: run `npm run build` first.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  backUnderTarget,
  budgetTable,
  type Manifest,
  overBudget,
  unstyledChunks,
  type VisitSize,
} from './bundle-budget';
import { readWebBuild, WEB_DIST } from './web-build';

const dist = process.argv[2] ?? WEB_DIST;
let manifest: Manifest;
let sizes: VisitSize[];
try {
  ({ manifest, visits: sizes } = readWebBuild(dist));
} catch (error) {
  console.error(`Bundle budgets: ${error instanceof Error ? error.message : error}.`);
  process.exit(1);
}
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
// The app imports each Mantine stylesheet where its component is used: a chunk whose stylesheet is not
// loaded with it would show unstyled.
const unstyled = unstyledChunks(manifest, (file) => readFileSync(join(dist, file), 'utf8'));
if (unstyled.length > 0) {
  console.error(
    `\nMantine classes used by a chunk that no stylesheet loaded with it defines (import the component's sheet where it is used, or in apps/web/src/app/mantine-components.css):\n${unstyled.map((line) => `  ${line}`).join('\n')}`,
  );
}
if (failures.length > 0 || unstyled.length > 0) process.exit(1);
console.log('Every screen is within its budget, and every chunk loads the Mantine stylesheets it uses.');
