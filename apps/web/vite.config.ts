/// <reference types="vitest/config" />
import { join } from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { firstVisitGroups } from './chunk-groups.ts';
import { lazySchemasPlugin } from './lazy-schemas-plugin.ts';
import { phoneRuleLibraryPlugin } from './phone-rule-library-plugin.ts';
import { precompressPlugin } from './precompress-plugin.ts';
import { readRouteChunks, routeChunksPlugin } from './route-chunks-plugin.ts';
import { routeSchemasPlugin } from './route-schemas-plugin.ts';
import { scrollAreaRefsPlugin } from './scroll-area-refs-plugin.ts';
import { themeCssPlugin } from './theme-css-plugin.ts';

/**
 * Which modules run code when imported. The domain's and this app's modules only declare things, except
 * the zod locale (French messages, installed by the domain's index), the i18n set-up, each feature's
 * `texts.ts` (registers its texts), the entry and stylesheets: saying so lets the bundle leave out every
 * module of a barrel (`@sejour/domain`, `../ui`) that a screen does not use. Others: their package.json.
 */
function moduleSideEffects(id: string): boolean | undefined {
  if (id.endsWith('.css')) return true;
  // The package index imports the zod locale for its effect: it must stay for that import to stay.
  if (id.includes('/packages/domain/src/')) return /\/src\/(index|validation\/zod-locale)\.ts$/.test(id);
  if (id.includes('/apps/web/src/')) return /\/src\/(main\.tsx|i18n\/index\.ts|[a-z]+\/texts\.ts)$/.test(id);
  return undefined;
}

export default defineConfig({
  plugins: [
    react(),
    themeCssPlugin(import.meta.dirname),
    scrollAreaRefsPlugin(import.meta.dirname),
    phoneRuleLibraryPlugin(import.meta.dirname),
    routeSchemasPlugin(),
    lazySchemasPlugin(join(import.meta.dirname, '..', '..', 'packages', 'domain')),
    routeChunksPlugin(import.meta.dirname),
    precompressPlugin(),
  ],
  server: {
    port: 5173,
    proxy: { '/api': 'http://localhost:3000' },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    chunkSizeWarningLimit: 800,
    // Read by scripts/check-bundle-budget.ts: what each screen downloads on a first visit.
    manifest: true,
    rolldownOptions: {
      treeshake: { moduleSideEffects },
      output: {
        // Each first visit's modules grouped into few chunks (at most 25 requests a visit, the ceiling of
        // scripts/bundle-budget.ts). A group takes no module's dependencies along: they are grouped by the
        // visits that load them, and those of the entry must stay in the entry for the login.
        codeSplitting: {
          groups: [
            {
              name: firstVisitGroups(import.meta.dirname, () => readRouteChunks(import.meta.dirname), 25),
              includeDependenciesRecursively: false,
            },
          ],
        },
      },
    },
  },
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./test/setup.ts'],
    css: false,
  },
});
