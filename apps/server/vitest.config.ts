import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // A worker keeps the modules it has imported from one test file to the next: importing the
    // server afresh for every file was half the suite's time. Files stay independent through their
    // own app, database (copy) and organisations; a test that changes the environment restores it.
    isolate: false,
    globalSetup: ['./test/pglite-setup.ts'],
    // expect.poll waits for work the queue does after a commit (file removals, processing); its
    // default of 1 s was overrun on a loaded CI machine.
    expect: { poll: { timeout: 15_000 } },
  },
});
