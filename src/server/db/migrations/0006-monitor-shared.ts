import type { Kysely } from 'kysely';

// Several instances (docs/deploy.md): the monitor leader's latest result per status source, which
// the other instances serve instead of reading the upstream sources themselves.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('monitorShared')
    .addColumn('source', 'text', (col) => col.primaryKey())
    .addColumn('ok', 'integer', (col) => col.notNull())
    .addColumn('statuses', 'text', (col) => col.notNull())
    .addColumn('error', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('at', 'bigint', (col) => col.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('monitorShared').execute();
}
