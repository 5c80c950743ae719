import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    globalSetup: ['./test/pglite-setup.ts'],
    // expect.poll waits for work the queue does after a commit (file removals, processing); its
    // default of 1 s was overrun on a loaded CI machine.
    expect: { poll: { timeout: 15_000 } },
  },
});
