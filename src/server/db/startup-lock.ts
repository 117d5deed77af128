import pg from 'pg';
import type { DatabaseTarget } from './database.js';

/** The advisory lock held while one instance does the start-up work (any fixed 64-bit number). */
export const STARTUP_LOCK_KEY = 7_364_522_012;

/**
 * Runs `work` (migrations, the catalog's start-up work) as the only instance doing so. Several
 * instances started at once on one PostgreSQL database (a Deployment's replicas) would otherwise
 * migrate and load the catalog side by side, and all but one would stop on the conflict. The
 * lock is a session advisory lock on a connection of its own: PostgreSQL frees it when the work
 * ends, or when the instance holding it dies. SQLite needs none: one server per DATA_DIR.
 */
export async function withStartupLock<T>(
  target: DatabaseTarget,
  work: () => Promise<T>,
): Promise<T> {
  if (target.kind !== 'postgres') return work();
  const client = new pg.Client({ connectionString: target.url, connectionTimeoutMillis: 10_000 });
  // A connection lost while waiting surfaces as the failed query below, not as a crash.
  client.on('error', () => undefined);
  await client.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [STARTUP_LOCK_KEY]);
    return await work();
  } finally {
    // Ending the session frees the lock as well; unlock first so the next instance need not
    // wait for the connection to close.
    await client.query('select pg_advisory_unlock($1)', [STARTUP_LOCK_KEY]).catch(() => undefined);
    await client.end().catch(() => undefined);
  }
}
