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
    // They run beside the CPU-bound checks and unit suite (scripts/test.mjs), which can stretch a
    // long journey well past the minute it takes alone.
    testTimeout: 180_000,
    hookTimeout: 120_000,
    // Two files at a time: a journey spends most of its time waiting on the page and the product
    // (about a third of a core between them), and each has its own accounts and organisations.
    maxWorkers: 2,
    // One more try for a journey that fails: beside lint and the unit suite on 2 cores, a
    // journey's page can miss a wait (stop 34's run: 3 of 68 missed a 15 s wait and passed alone;
    // waits are 30 s since). A journey that fails twice fails the run, so a journey must survive
    // a second run: fixed e-mail addresses go through registerOrSignIn.
    retry: 1,
    isolate: false,
    // expect.poll waits for what the page shows as long as a locator's waitFor does (newSession's
    // 30 s), not vitest's default 1 s, which a loaded CI machine overran before a page had loaded.
    expect: { poll: { timeout: 30_000 } },
  },
});
