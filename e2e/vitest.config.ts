import { defineConfig } from 'vitest/config';

/**
 * Browser journeys: the run starts the real product (API + built web app) once in its global setup
 * and each file drives Debian's Chromium against it, with its own accounts and organisations.
 * Build the web app first: npm run build --workspace apps/web.
 */
export default defineConfig({
  test: {
    include: ['journeys/**/*.e2e.ts'],
    globalSetup: ['./global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    fileParallelism: false,
  },
});
