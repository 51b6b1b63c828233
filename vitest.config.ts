import { defineConfig } from 'vitest/config';

/** One runner for the unit, API and component tests; the browser tests run under Playwright (e2e/). */
export default defineConfig({
  test: {
    projects: [
      'packages/domain',
      'apps/server',
      'apps/web/vite.config.ts',
      // The repository's own tooling (the import rules of `npm run lint`).
      { test: { name: 'scripts', include: ['scripts/**/*.test.ts'], environment: 'node' } },
    ],
  },
});
