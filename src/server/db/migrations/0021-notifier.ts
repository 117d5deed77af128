import type { Kysely } from 'kysely';

// The notifier (docs/notifications.md, "Messages"): the last announced state per app, the
// notices announced, the queue of changes per person, the mails sent per person and the
// one-click unsubscribe tokens. Times are epoch milliseconds (bigint on PostgreSQL).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('notifyAppStates')
    .addColumn('appId', 'text', (col) => col.primaryKey())
    .addColumn('state', 'text', (col) => col.notNull())
    .addColumn('since', 'bigint', (col) => col.notNull())
    .addColumn('recordedAt', 'bigint', (col) => col.notNull())
    .execute();
  await db.schema
    .createTable('notifyNotices')
    .addColumn('noticeId', 'text', (col) => col.notNull())
    .addColumn('version', 'integer', (col) => col.notNull())
    .addColumn('announcedAt', 'bigint', (col) => col.notNull())
    .addPrimaryKeyConstraint('notifyNotices_pk', ['noticeId', 'version'])
    .execute();
  await db.schema
    .createTable('notifyQueue')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('userSubject', 'text', (col) => col.notNull())
    .addColumn('appId', 'text', (col) => col.notNull())
    .addColumn('event', 'text', (col) => col.notNull())
    .addColumn('phase', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('at', 'bigint', (col) => col.notNull())
    .addColumn('noticeId', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('noticeTitle', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('queuedAt', 'bigint', (col) => col.notNull())
    .execute();
  // A person's waiting changes, oldest first.
  await db.schema
    .createIndex('notifyQueue_userSubject')
    .on('notifyQueue')
    .columns(['userSubject', 'queuedAt'])
    .execute();
  await db.schema
    .createTable('notifySends')
    .addColumn('userSubject', 'text', (col) => col.notNull())
    .addColumn('sentAt', 'bigint', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('notifySends_userSubject')
    .on('notifySends')
    .columns(['userSubject', 'sentAt'])
    .execute();
  await db.schema
    .createTable('notifyTokens')
    .addColumn('digest', 'text', (col) => col.primaryKey())
    .addColumn('userSubject', 'text', (col) => col.notNull())
    .addColumn('createdAt', 'bigint', (col) => col.notNull())
    .addColumn('expiresAt', 'bigint', (col) => col.notNull())
    .addColumn('usedAt', 'bigint')
    .execute();
  await db.schema
    .createIndex('notifyTokens_expiresAt')
    .on('notifyTokens')
    .column('expiresAt')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('notifyTokens').execute();
  await db.schema.dropTable('notifySends').execute();
  await db.schema.dropTable('notifyQueue').execute();
  await db.schema.dropTable('notifyNotices').execute();
  await db.schema.dropTable('notifyAppStates').execute();
}
