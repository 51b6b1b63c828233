// Bundles the server and the workspace's own packages into dist/main.js, and the offload pool's worker into
// dist/offload-worker.js beside it (src/offload/pool.ts starts it from there); npm dependencies stay external.
import { build } from 'esbuild';
import { workspaceAliases } from './workspace-aliases.mjs';

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
  alias: workspaceAliases,
  logLevel: 'warning',
});
