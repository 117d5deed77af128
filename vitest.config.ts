import { defineConfig } from 'vitest/config';
import { REACT_TO_PREACT, REACT_USERS } from './vite.config.js';

const webTests = 'src/web/**/*.test.{ts,tsx}';
/** The server's worker modules, bundled once per run for the tests (worker-bundles.ts). */
const WORKER_BUNDLES = 'src/server/test-support/worker-bundles.ts';
const WORKER_BUNDLES_SETUP = 'src/server/test-support/worker-bundles-setup.ts';
/** One Keycloak for the run's Keycloak tests, each file in a realm of its own. */
const SHARED_KEYCLOAK = 'scripts/keycloak/shared-keycloak-setup.mjs';
/**
 * Files that replace a module for their tests (vi.mock): they get a module graph of their own.
 * Every other file of a worker shares one (`isolate: false`): importing the server's modules
 * and starting jsdom once per worker rather than once per file takes a suite of 2 x 8 minutes
 * to about 4 (decision 0052). A test file therefore leaves no global state behind: what it
 * stubs it restores, what it opens it closes.
 */
const MOCKING_TESTS = [
  'src/server/spa/page.service.test.ts',
  'src/server/http/security-headers.test.ts',
];
const postgresTests = [
  'src/server/{catalog,admin,users,files,system,access,audit,reports}/*.test.ts',
  'src/server/notices/*.test.ts',
  'src/server/branding/*.test.ts',
  'src/server/auth/{sign-in,oidc-flow}.test.ts',
  'src/server/monitor/history/*.test.ts',
  'src/server/cli/catalog.test.ts',
  'src/server/http/shared-rate-limits.test.ts',
  'src/server/http/id-patterns.test.ts',
  'src/server/outbox/{outbox,channel-sender}.test.ts',
  'src/server/networks/*.test.ts',
  'src/server/{subscriptions,notifier,group-channels}/*.test.ts',
];

export default defineConfig({
  // The web tests (and the server's rendering tests) run on Preact, as the browser does: React's
  // imports go to Preact's compatibility layer, also in the test libraries that import React.
  resolve: {
    alias: [
      ...REACT_TO_PREACT,
      // Its ES module build (the package's main is CommonJS, whose `require('react')` no alias
      // reaches).
      {
        find: /^@testing-library\/react$/,
        replacement: '@testing-library/react/dist/@testing-library/react.esm.js',
      },
    ],
  },
  test: {
    server: { deps: { inline: [...REACT_USERS, '@testing-library/react'] } },
    // Two cores here: keep workers few so server tests are not starved.
    maxWorkers: 2,
    testTimeout: 15_000,
    projects: [
      {
        extends: true,
        test: {
          name: 'node',
          include: ['src/**/*.test.{ts,tsx}', 'scripts/**/*.test.{ts,mjs}'],
          exclude: [webTests, ...MOCKING_TESTS],
          environment: 'node',
          isolate: false,
          globalSetup: [WORKER_BUNDLES, SHARED_KEYCLOAK],
          setupFiles: [WORKER_BUNDLES_SETUP],
        },
      },
      {
        extends: true,
        test: {
          name: 'node-isolated',
          include: MOCKING_TESTS,
          environment: 'node',
          globalSetup: [WORKER_BUNDLES],
          setupFiles: [WORKER_BUNDLES_SETUP],
        },
      },
      {
        // The repository and service integration tests again, on PostgreSQL (docs/deploy.md):
        // each file gets its own database on TEST_POSTGRES_URL (default 127.0.0.1:5432), and
        // fails, not skips, when no server answers.
        extends: true,
        test: {
          name: 'node-postgres',
          include: postgresTests,
          // PostgreSQL-only already, or SQLite-only by design.
          exclude: [
            'src/server/catalog/catalog-snapshot.test.ts',
            'src/server/catalog/catalog-notify.test.ts',
          ],
          environment: 'node',
          isolate: false,
          env: { TEST_DATABASE: 'postgres' },
          globalSetup: [WORKER_BUNDLES],
          setupFiles: ['src/server/db/test-support/postgres-setup.ts', WORKER_BUNDLES_SETUP],
        },
      },
      {
        extends: true,
        test: {
          name: 'web',
          include: [webTests],
          environment: 'jsdom',
          isolate: false,
          setupFiles: ['src/web/test-support/setup.ts'],
        },
      },
    ],
  },
});
