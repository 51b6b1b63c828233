// Bundles the server and the workspace's own packages into dist/main.js, and the offload pool's worker into
// dist/offload-worker.js beside it (src/offload/pool.ts starts it from there); npm dependencies stay external.
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

await build({
  entryPoints: { main: 'src/main.ts', 'offload-worker': 'src/offload/worker.ts' },
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  sourcemap: true,
  packages: 'external',
  // Workspace packages are TypeScript sources: bundle them rather than leave them to Node.
  alias: {
    '@sejour/domain': fileURLToPath(new URL('../../packages/domain/src/index.ts', import.meta.url)),
    // The estimator apart from the index (its dictionaries stay out of the web app's screens).
    '@sejour/domain/password-estimator': fileURLToPath(
      new URL('../../packages/domain/src/passwords/zxcvbn.ts', import.meta.url),
    ),
  },
  logLevel: 'warning',
});
