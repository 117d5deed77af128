import type { Kysely } from 'kysely';

// Status history of the monitor (src/server/monitor/history): one row per state change.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('statusChanges')
    .addColumn('appId', 'text', (col) => col.notNull())
    .addColumn('state', 'text', (col) => col.notNull())
    .addColumn('since', 'bigint', (col) => col.notNull())
    .addColumn('until', 'bigint')
    .addColumn('source', 'text', (col) => col.notNull())
    .addColumn('responseMs', 'integer')
    .addPrimaryKeyConstraint('statusChanges_pk', ['appId', 'since'])
    .execute();
  // Pruning deletes by `until`; the open rows (until null) are read at start-up.
  await db.schema.createIndex('statusChanges_until').on('statusChanges').column('until').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('statusChanges').execute();
}
