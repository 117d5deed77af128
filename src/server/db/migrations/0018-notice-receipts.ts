import type { Kysely } from 'kysely';

// Notices that reach the right people (docs/notifications.md): a notice's audience (JSON:
// everyone, signed-in people, or groups) and whether it must be acknowledged, and one receipt
// per (user, notice) that keeps when the person dismissed or acknowledged it. Portable: text and
// integer columns only, times as ISO 8601 UTC text. Every existing notice reads as shown to
// everyone and not requiring acknowledgement, as before.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('portalNotices')
    .addColumn('audience', 'text', (col) => col.notNull().defaultTo('{"kind":"everyone"}'))
    .execute();
  await db.schema
    .alterTable('portalNotices')
    .addColumn('requireAck', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createTable('noticeReceipts')
    .addColumn('userSubject', 'text', (col) => col.notNull())
    .addColumn('noticeId', 'text', (col) => col.notNull())
    .addColumn('dismissedAt', 'text')
    .addColumn('acknowledgedAt', 'text')
    .addPrimaryKeyConstraint('noticeReceipts_pk', ['userSubject', 'noticeId'])
    .execute();
  // The acknowledgements of a notice (GET /api/admin/notices/{id}/acknowledgements).
  await db.schema
    .createIndex('noticeReceipts_noticeId')
    .on('noticeReceipts')
    .column('noticeId')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('noticeReceipts').execute();
  await db.schema.alterTable('portalNotices').dropColumn('requireAck').execute();
  await db.schema.alterTable('portalNotices').dropColumn('audience').execute();
}
