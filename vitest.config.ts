import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // One test file per core. Vitest's default leaves a core free (one worker on CI's 2 cores);
    // measured on 2 cores at 2db8b72: unit 112 s → 74 s, API 291 s → 222 s, all green (issue 19).
    maxWorkers: availableParallelism(),
    projects: [
      {
        test: {
          name: 'unit',
          include: ['packages/contract/src/**/*.test.ts', 'apps/web/src/**/*.test.{ts,tsx}', 'apps/api/src/**/*.unit.test.ts', 'apps/api/test/**/*.unit.test.ts', 'scripts/**/*.unit.test.ts'],
          environment: 'node',
          // jsdom renders of long lists take seconds on a busy 2-core machine; 5 s was too tight.
          testTimeout: 20_000,
        },
      },
      {
        test: {
          name: 'api',
          include: ['apps/api/src/**/*.test.ts', 'apps/api/test/**/*.test.ts'],
          exclude: ['apps/api/src/**/*.unit.test.ts', 'apps/api/test/**/*.unit.test.ts'],
          globalSetup: ['apps/api/test/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
