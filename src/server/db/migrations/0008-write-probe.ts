import type { Kysely } from 'kysely';

// Readiness checks that the database takes writes (docs/operations.md): one row, upserted by
// every probe, by every instance. Nothing reads it.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('writeProbe')
    .addColumn('id', 'integer', (col) => col.primaryKey())
    .addColumn('checkedAt', 'bigint', (col) => col.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('writeProbe').execute();
}
