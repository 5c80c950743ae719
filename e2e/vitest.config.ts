import { defineConfig } from 'vitest/config';

/**
 * Browser journeys: the run starts the real product (API + built web app) and Debian's Chromium
 * once in its global setup; each file drives them with its own accounts, organisations and
 * browser contexts.
 * Build the web app first: npm run build --workspace apps/web.
 */
export default defineConfig({
  test: {
    include: ['journeys/**/*.e2e.ts'],
    globalSetup: ['./global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    fileParallelism: false,
    // expect.poll waits for what the page shows as long as a locator's waitFor does (newSession's
    // 15 s), not vitest's default 1 s, which a loaded CI machine overran before a page had loaded.
    expect: { poll: { timeout: 15_000 } },
  },
});
