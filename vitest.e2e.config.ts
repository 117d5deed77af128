import { defineConfig } from 'vitest/config';

/**
 * Files that measure the page as it loads (first paint, Lighthouse, when hydration happens), drive
 * the slower engines (Firefox, WebKit), or time the portal's silent sign-in check against
 * Keycloak (5 s, which Keycloak missed once with another browser beside it): they run alone,
 * after the others, so that no other browser shares the two cores with them.
 */
const ALONE = [
  'e2e/engines/**/*.e2e.ts',
  'e2e/keycloak-sign-in.e2e.ts',
  'e2e/first-paint.e2e.ts',
  'e2e/installable.e2e.ts',
  'e2e/early-clicks.e2e.ts',
  'e2e/no-intl-at-load.e2e.ts',
];

/**
 * Browser tests: real Chromium (Debian's) driven by playwright-core against the built server.
 * Each file starts its own server on a free port and its own browser, and signs in through a
 * realm of its own: two files at a time share nothing but the cores. Most of a browser test's
 * time is waiting (pages, sign-in redirects, mail), so two at a time take the step from about
 * 15 minutes to about 10 (decision 0059).
 */
export default defineConfig({
  test: {
    environment: 'node',
    globalSetup: ['e2e/support/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 300_000,
    // expect.poll waits for a state, as long as a busy machine needs: its default of 1 s is a
    // time, not a state (a page of lazily loaded chunks took 2.3 s on a CI run).
    expect: { poll: { timeout: 15_000 } },
    projects: [
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['e2e/**/*.e2e.ts'],
          exclude: ALONE,
          maxWorkers: 2,
          sequence: { groupOrder: 0 },
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e-alone',
          include: ALONE,
          fileParallelism: false,
          maxWorkers: 1,
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
