import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

/** Every unit and integration suite; the browser journeys run separately (e2e/, after a build). */
export default defineConfig({
  test: {
    // Vitest's default is one worker fewer than the cores: on the 2-core CI machine that is one
    // test file at a time, with a core idle while a file waits on its database.
    maxWorkers: availableParallelism(),
    projects: [
      { test: { name: 'contract', root: './packages/contract', include: ['src/**/*.test.ts'] } },
      {
        extends: './apps/server/vitest.config.ts',
        test: { name: 'server:pglite', root: './apps/server', env: { TEST_DB: 'pglite' } },
      },
      {
        extends: './apps/server/vitest.config.ts',
        test: {
          name: 'server:postgres',
          root: './apps/server',
          env: { TEST_DB: 'postgres' },
          globalSetup: ['./test/postgres-setup.ts'],
        },
      },
      { extends: './apps/web/vite.config.ts', test: { name: 'web', root: './apps/web' } },
    ],
  },
});
