import {
  Migrator,
  PostgresAdapter,
  sql,
  type Kysely,
  type Migration,
  type MigrationProvider,
} from 'kysely';
import * as initial from './migrations/0001-initial.js';
import * as sessions from './migrations/0002-sessions.js';
import * as admin from './migrations/0003-admin.js';
import * as statusHistory from './migrations/0004-status-history.js';
import * as portalNotices from './migrations/0005-portal-notices.js';
import * as monitorShared from './migrations/0006-monitor-shared.js';
import * as rateLimits from './migrations/0007-rate-limits.js';
import * as writeProbe from './migrations/0008-write-probe.js';
import * as appsUpdatedIndex from './migrations/0009-apps-updated-index.js';
import * as favoriteOrder from './migrations/0010-favorite-order.js';
import * as portalBranding from './migrations/0011-portal-branding.js';
import * as accessRequests from './migrations/0012-access-requests.js';
import * as outbox from './migrations/0013-outbox.js';
import * as membershipRetries from './migrations/0014-membership-retries.js';
import * as translatedTexts from './migrations/0015-translated-texts.js';
import * as portalImageSizes from './migrations/0016-portal-image-sizes.js';
import * as networks from './migrations/0017-networks.js';
import * as noticeReceipts from './migrations/0018-notice-receipts.js';
import * as appTerms from './migrations/0019-app-terms.js';
import * as subscriptions from './migrations/0020-subscriptions.js';
import * as notifier from './migrations/0021-notifier.js';
import * as groupChannels from './migrations/0022-group-channels.js';
import * as noticeCancellations from './migrations/0023-notice-cancellations.js';

/** Migrations in order. Listed explicitly so the build needs no file scanning. */
export const MIGRATIONS: Record<string, Migration> = {
  '0001-initial': initial,
  '0002-sessions': sessions,
  '0003-admin': admin,
  '0004-status-history': statusHistory,
  '0005-portal-notices': portalNotices,
  '0006-monitor-shared': monitorShared,
  '0007-rate-limits': rateLimits,
  '0008-write-probe': writeProbe,
  '0009-apps-updated-index': appsUpdatedIndex,
  '0010-favorite-order': favoriteOrder,
  '0011-portal-branding': portalBranding,
  '0012-access-requests': accessRequests,
  '0013-outbox': outbox,
  '0014-membership-retries': membershipRetries,
  '0015-translated-texts': translatedTexts,
  '0016-portal-image-sizes': portalImageSizes,
  '0017-networks': networks,
  '0018-notice-receipts': noticeReceipts,
  '0019-app-terms': appTerms,
  '0020-subscriptions': subscriptions,
  '0021-notifier': notifier,
  '0022-group-channels': groupChannels,
  '0023-notice-cancellations': noticeCancellations,
};

const provider: MigrationProvider = { getMigrations: async () => MIGRATIONS };

export class MigrationError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'MigrationError';
  }
}

/**
 * A migrator for `db`. On PostgreSQL its bookkeeping tables live in the connection's current
 * schema (search_path), not wherever a table of that name happens to exist in the database.
 */
async function migratorFor(
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations see no table types
  db: Kysely<any>,
  migrations: MigrationProvider,
): Promise<Migrator> {
  let migrationTableSchema: string | undefined;
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(db);
    migrationTableSchema = rows[0]?.schema;
  }
  return new Migrator({ db, provider: migrations, migrationTableSchema });
}

/** Brings the schema to the latest version; throws MigrationError saying which step failed. */
export async function migrateToLatest(
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations see no table types
  db: Kysely<any>,
  migrations = provider,
): Promise<string[]> {
  const migrator = await migratorFor(db, migrations);
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((result) => result.status === 'Error');
  if (error !== undefined) {
    const cause = error instanceof Error ? error.message : String(error);
    const step = failed ? ` "${failed.migrationName}"` : '';
    throw new MigrationError(`Database migration${step} failed: ${cause}`, { cause: error });
  }
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}

/** Names of the known migrations not applied to this database yet (readiness). */
export async function pendingMigrations(
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations see no table types
  db: Kysely<any>,
): Promise<string[]> {
  const migrations = await (await migratorFor(db, provider)).getMigrations();
  return migrations.filter((migration) => !migration.executedAt).map((m) => m.name);
}
