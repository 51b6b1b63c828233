import { join } from 'node:path';
import { benchApiLists } from './api-lists';
import { benchDeclarations } from './declarations';
import { measureLoginBundle } from './login-bundle';

/**
 * `npm run bench`: prints numbers, asserts nothing. Sizes: PROVIDERS (default 5000), ITERATIONS (default 30).
 * Build the web app first (`npm run build`) for the bundle numbers.
 */
const providers = Number(process.env.PROVIDERS ?? 5000);
const iterations = Number(process.env.ITERATIONS ?? 30);

try {
  const bundle = measureLoginBundle(join(import.meta.dirname, '..', 'apps', 'web', 'dist'));
  console.log('Login page, first visit (entry + LoginPage route):');
  console.log(bundle.rows.join('\n'));
  console.log(`  total ${(bundle.raw / 1024).toFixed(1)} KB, ${(bundle.gzip / 1024).toFixed(1)} KB gzip\n`);
} catch (error) {
  console.log(`Login bundle: skipped (${error instanceof Error ? error.message : error})\n`);
}

console.log(`API lists on PGlite with ${providers} providers, ${iterations} calls each (in-process inject):`);
console.log((await benchApiLists({ providers, iterations })).join('\n'));

console.log('\nDeclarations (seeded: DATABASE_URL = PostgreSQL, else PGlite in a temp folder):');
console.log((await benchDeclarations({ seconds: Number(process.env.LOAD_SECONDS ?? 10) })).join('\n'));
