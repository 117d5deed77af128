import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.{ts,tsx}', 'scripts/**/*.test.{ts,mjs}'],
    // Two cores here: keep workers few so server tests are not starved.
    maxWorkers: 2,
    testTimeout: 15_000,
    environment: 'node',
  },
});
