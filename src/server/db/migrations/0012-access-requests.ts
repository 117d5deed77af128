import { sql, type Kysely } from 'kysely';

// Access requests (src/server/access, docs/access-requests.md): an app's access settings, the
// requests people make and approvers decide, and a flag that makes a session refresh its
// identity (the new group) on its next request. Times are ISO 8601 UTC text, as elsewhere.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('apps').addColumn('access', 'text').execute();

  await db.schema
    .createTable('accessRequests')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('appId', 'text', (col) => col.notNull())
    .addColumn('appName', 'text', (col) => col.notNull())
    .addColumn('subject', 'text', (col) => col.notNull())
    .addColumn('username', 'text', (col) => col.notNull())
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('email', 'text', (col) => col.notNull())
    .addColumn('reason', 'text', (col) => col.notNull())
    .addColumn('status', 'text', (col) => col.notNull())
    .addColumn('membership', 'text', (col) => col.notNull())
    .addColumn('grantGroup', 'text', (col) => col.notNull())
    .addColumn('created', 'text', (col) => col.notNull())
    .addColumn('updated', 'text', (col) => col.notNull())
    .addColumn('decidedAt', 'text')
    .addColumn('decidedBySubject', 'text')
    .addColumn('decidedByName', 'text')
    .addColumn('note', 'text')
    .addColumn('expiresAt', 'text')
    .addColumn('remindedAt', 'text')
    .execute();
  // One open request per person and app, whatever races: the database refuses a second one.
  await sql`create unique index "accessRequests_open" on "accessRequests" ("appId", "subject") where "status" = 'pending'`.execute(
    db,
  );
  await db.schema
    .createIndex('accessRequests_subject')
    .on('accessRequests')
    .columns(['subject', 'created'])
    .execute();
  await db.schema
    .createIndex('accessRequests_status')
    .on('accessRequests')
    .columns(['status', 'created'])
    .execute();
  await db.schema
    .createIndex('accessRequests_expiresAt')
    .on('accessRequests')
    .column('expiresAt')
    .execute();

  await db.schema
    .alterTable('sessions')
    .addColumn('refreshNeeded', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('sessions').dropColumn('refreshNeeded').execute();
  await db.schema.dropTable('accessRequests').execute();
  await db.schema.alterTable('apps').dropColumn('access').execute();
}
