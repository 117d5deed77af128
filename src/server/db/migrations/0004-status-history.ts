import { sql, SqliteAdapter, type Kysely } from 'kysely';

// Status history of the monitor (src/server/monitor/history): one row per state change.
export async function up(db: Kysely<unknown>): Promise<void> {
  let table = db.schema
    .createTable('statusChanges')
    .addColumn('appId', 'text', (col) => col.notNull())
    .addColumn('state', 'text', (col) => col.notNull())
    .addColumn('since', 'bigint', (col) => col.notNull())
    .addColumn('until', 'bigint')
    .addColumn('source', 'text', (col) => col.notNull())
    .addColumn('responseMs', 'integer')
    .addPrimaryKeyConstraint('statusChanges_pk', ['appId', 'since']);
  // On SQLite the rows live in the primary key's b-tree itself instead of in a second copy: a
  // third smaller. Reads by app and time use that key; pruning (hourly) and the start-up read of
  // the open rows scan the table, which is cheaper than keeping an index on `until` up to date.
  if (db.getExecutor().adapter instanceof SqliteAdapter) {
    table = table.modifyEnd(sql`without rowid`);
  }
  await table.execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('statusChanges').execute();
}
