import { ONBOARDING_BATCH_SIZE, type OnboardingImportResult, type OnboardingLine } from '@sejour/domain';
import { batchesOf, onboardingLines } from '../apps/server/test/helpers/onboarding-lines';
import type { Product } from './product';

/** Lines of the file, as `npm run bench` times it. */
const LINES = 5000;

/**
 * Bulk onboarding of a generated file of 5 000 establishments (2 500 providers), sent as the web sends it: JSON
 * batches of 500 lines, one request (one transaction) each, one after the other. Timed three times over the
 * seeded territory: the simulation, the import, and the same file again (everything recognised). Prints;
 * asserts nothing.
 */
export async function benchOnboarding(product: Product): Promise<string[]> {
  const lines = onboardingLines(LINES, 9);
  const out = [`  ${LINES} lines (${LINES / 2} providers), batches of ${ONBOARDING_BATCH_SIZE} lines`];
  for (const [label, dryRun] of [
    ['simulation (dry run)', true],
    ['import', false],
    ['same file again', false],
  ] as const) {
    const run = await importAll(product, lines, dryRun);
    out.push(
      `  ${label.padEnd(22)} ${(run.ms / 1000).toFixed(1)} s (${Math.round(LINES / (run.ms / 1000))} lines/s; slowest batch ${run.slowest.toFixed(0)} ms): ${run.providers} providers and ${run.establishments} establishments created, ${run.existing} lines already there`,
    );
  }
  return out;
}

async function importAll(product: Product, lines: OnboardingLine[], dryRun: boolean) {
  const started = performance.now();
  let slowest = 0;
  const totals = { providers: 0, establishments: 0, existing: 0 };
  for (const batch of batchesOf(lines, ONBOARDING_BATCH_SIZE)) {
    const once = performance.now();
    const response = await fetch(`${product.address}/api/onboarding/import`, {
      method: 'POST',
      headers: { ...product.headers, 'content-type': 'application/json' },
      body: JSON.stringify({ lines: batch, dryRun }),
    });
    if (!response.ok) throw new Error(`onboarding answered ${response.status}: ${await response.text()}`);
    const answer = ((await response.json()) as { data: OnboardingImportResult }).data;
    slowest = Math.max(slowest, performance.now() - once);
    totals.providers += answer.providersCreated;
    totals.establishments += answer.establishmentsCreated;
    totals.existing += answer.existing;
  }
  return { ms: performance.now() - started, slowest, ...totals };
}
