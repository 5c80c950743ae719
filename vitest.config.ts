import { defineConfig } from 'vitest/config';

/** Every unit and integration suite; the browser journeys run separately (e2e/, after a build). */
export default defineConfig({
  test: {
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
