import type { Kysely } from 'kysely';

// Several instances on PostgreSQL (docs/deploy.md): the `auth` and `write` rate-limit counters,
// one row per limit and client address, so that the limits hold across instances. On SQLite
// (one process) the table exists but stays empty: the counters live in memory.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('rateLimits')
    .addColumn('key', 'text', (col) => col.primaryKey())
    .addColumn('hits', 'integer', (col) => col.notNull())
    .addColumn('expires', 'bigint', (col) => col.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('rateLimits').execute();
}
