import { defineConfig } from 'vitest/config';

/** Browser tests: real Chromium (Debian's) driven by playwright-core against the built server. */
export default defineConfig({
  test: {
    include: ['e2e/**/*.e2e.ts'],
    environment: 'node',
    globalSetup: ['e2e/support/global-setup.ts'],
    // One browser and one server at a time on two cores; files run one after another.
    fileParallelism: false,
    maxWorkers: 1,
    testTimeout: 60_000,
    hookTimeout: 300_000,
    // expect.poll waits for a state, as long as a busy machine needs: its default of 1 s is a
    // time, not a state (a page of lazily loaded chunks took 2.3 s on a CI run).
    expect: { poll: { timeout: 15_000 } },
  },
});
