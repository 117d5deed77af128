import { defineConfig } from 'vitest/config';

const webTests = 'src/web/**/*.test.{ts,tsx}';

export default defineConfig({
  test: {
    // Two cores here: keep workers few so server tests are not starved.
    maxWorkers: 2,
    testTimeout: 15_000,
    projects: [
      {
        extends: true,
        test: {
          name: 'node',
          include: ['src/**/*.test.{ts,tsx}', 'scripts/**/*.test.{ts,mjs}'],
          exclude: [webTests],
          environment: 'node',
        },
      },
      {
        extends: true,
        test: {
          name: 'web',
          include: [webTests],
          environment: 'jsdom',
          setupFiles: ['src/web/test-support/setup.ts'],
        },
      },
    ],
  },
});
