import type { Kysely } from 'kysely';

// Cancelled maintenance (docs/notifications.md, "Personal calendar"; decision 0055): a deleted
// notice leaves a row here, so that the calendar feeds send its event once more as cancelled,
// under the same UID with a higher SEQUENCE, and subscribed calendars drop it. Kept while the
// notice's window is within the feeds' 30 days.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('noticeCancellations')
    .addColumn('noticeId', 'text', (col) => col.primaryKey())
    .addColumn('title', 'text', (col) => col.notNull())
    .addColumn('startsAt', 'text', (col) => col.notNull())
    .addColumn('endsAt', 'text', (col) => col.notNull())
    .addColumn('appIds', 'text', (col) => col.notNull())
    .addColumn('audience', 'text', (col) => col.notNull())
    .addColumn('sequence', 'integer', (col) => col.notNull())
    .addColumn('created', 'text', (col) => col.notNull())
    .addColumn('cancelledAt', 'text', (col) => col.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('noticeCancellations').execute();
}
