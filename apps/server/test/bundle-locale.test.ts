import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { workspaceAliases } from '../workspace-aliases.mjs';

/**
 * The French zod messages are installed by a side-effect import of the domain package. The production
 * bundle (apps/server/build.mjs: esbuild, the domain aliased to its sources by the same aliases) must keep it, or every
 * message zod writes itself comes out in English.
 */
describe('production bundle', () => {
  it('keeps the French zod locale', async () => {
    const result = await build({
      entryPoints: [fileURLToPath(new URL('../src/main.ts', import.meta.url))],
      write: false,
      bundle: true,
      platform: 'node',
      format: 'esm',
      packages: 'external',
      alias: workspaceAliases,
      logLevel: 'silent',
    });
    const code = result.outputFiles.map((f) => f.text).join('\n');
    expect(code).toContain('zod/v4/locales/fr.js');
  }, 60_000);
});
