import type { AppAccess } from '../../shared/catalog/app-rules.js';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp, type AppDeps } from '../app.js';
import type { ServiceOverrides } from '../services.js';
import { createTokenVerifier } from '../auth/token-verifier.js';
import { createAppsRepository } from '../catalog/apps.repository.js';
import { createRepositories } from '../repositories.js';
import type { NewAppRow } from '../catalog/apps.table.js';
import type { Config } from '../config/config.js';
import { loadConfig } from '../config/load-config.js';
import type { Db } from '../db/database.js';
import { openTestDatabase } from '../db/test-support/test-database.js';
import { createFileStorage, type FileStorage } from '../files/file-storage.js';
import { createTestIssuer, TEST_CLIENT_ID, type TestIssuer } from './test-issuer.js';

export interface TestAppSpec {
  id: string;
  name?: string;
  isPublic?: boolean;
  groups?: string[];
  category?: string;
  env?: 'prod' | 'stage' | 'dev';
  link?: string;
  image?: string;
  /** Access request settings (docs/access-requests.md). */
  access?: AppAccess;
  /** Addresses per network and typed links (docs/networks.md); absent: none. */
  addresses?: { network: string; url: string }[];
  links?: { kind: string; url: string; label?: string }[];
}

export function appRow(spec: TestAppSpec): {
  row: Omit<NewAppRow, 'created' | 'updated'>;
  groups: string[];
} {
  return {
    row: {
      id: spec.id,
      name: spec.name ?? spec.id,
      description: `About ${spec.id}`,
      image: spec.image ?? '',
      env: spec.env ?? 'prod',
      category: spec.category ?? 'apps',
      link: spec.link ?? `https://${spec.id}.example.edu/`,
      isPublic: spec.isPublic ? 1 : 0,
      collectionId: 'apps',
      access: spec.access ? JSON.stringify(spec.access) : null,
      ...(spec.addresses && { addresses: JSON.stringify(spec.addresses) }),
      ...(spec.links && { links: JSON.stringify(spec.links) }),
    },
    groups: spec.groups ?? [],
  };
}

export interface TestContext {
  app: FastifyInstance;
  db: Db;
  storage: FileStorage;
  issuer: TestIssuer;
  config: Config;
  dataDir: string;
  seed(apps: TestAppSpec[]): Promise<void>;
  close(): Promise<void>;
}

/**
 * The real app on a fresh database (SQLite in memory, or PostgreSQL) with the real migrations, trusting a local signing key.
 * Each test builds its own: no shared state.
 */
export async function createTestContext(
  options: {
    env?: Record<string, string>;
    apps?: TestAppSpec[];
    deps?: Partial<AppDeps> & ServiceOverrides;
  } = {},
): Promise<TestContext> {
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-test-'));
  const issuer = await createTestIssuer();
  const config = loadConfig({
    DATA_DIR: dataDir,
    DEMO_CATALOG: 'false',
    OIDC_ISSUER: issuer.issuer,
    ...options.env,
  });
  // SQLite in memory, or PostgreSQL in the node-postgres test project (docs/deploy.md).
  const db = await openTestDatabase();
  const storage = createFileStorage(join(dataDir, 'storage'));
  const verifier = createTokenVerifier({
    issuer: issuer.issuer,
    clientId: config.oidc.clientId || TEST_CLIENT_ID,
    clockToleranceSeconds: config.oidc.clockToleranceSeconds,
    requireAtJwt: config.oidc.requireAtJwt,
    keys: issuer.keys,
  });
  // One set of repositories for the app and the seeding (on the test's database): writes reach
  // the app's snapshot at once. A test that brings its own database gets repositories on it.
  const appDb = options.deps?.db ?? db;
  const repositories = options.deps?.repositories ?? createRepositories(appDb);
  // The test's seams go to the services (services.ts); the rest is the app's own.
  const {
    db: _db,
    repositories: _repositories,
    devIdp,
    logger,
    version,
    accessExpiryTimer,
    accessLeadership,
    overrides,
    ...seams
  } = options.deps ?? {};
  const app = await buildApp({
    config,
    db: appDb,
    storage,
    repositories,
    devIdp,
    logger,
    version,
    accessExpiryTimer,
    accessLeadership,
    overrides: { verifier, webRoot: false, ...seams, ...overrides },
  });
  const repository = appDb === db ? repositories.apps : createAppsRepository(db);
  const seed = async (apps: TestAppSpec[]) => {
    await repository.upsertApps(apps.map(appRow), new Date().toISOString());
  };
  if (options.apps) await seed(options.apps);
  return {
    app,
    db,
    storage,
    issuer,
    config,
    dataDir,
    seed,
    async close() {
      await app.close();
      await db.destroy();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export function bearer(token: string): { authorization: string } {
  return { authorization: `Bearer ${token}` };
}
