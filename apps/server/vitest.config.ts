import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'server',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    environment: 'node',
    globalSetup: ['test/global-setup.ts'],
    // Each file gets its own database cloned from a migrated template; argon2 makes some tests slow-ish.
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
