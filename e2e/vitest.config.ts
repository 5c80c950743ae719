import { defineConfig } from 'vitest/config';

/**
 * Browser journeys: each file starts the real product (API + built web app) in a beforeAll and
 * drives Debian's Chromium. Build the web app first: npm run build --workspace apps/web.
 */
export default defineConfig({
  test: {
    include: ['journeys/**/*.e2e.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    fileParallelism: false,
  },
});
