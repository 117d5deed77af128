import type { Kysely } from 'kysely';

// Membership writes that the identity provider refused right after an approval are retried by
// the access jobs' leader (docs/access-requests.md): how many attempts were made and when the
// next one is due. The outbox's `sent` rows are now pruned by age (by `sentAt`).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('accessRequests')
    .addColumn('membershipAttempts', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('accessRequests').addColumn('membershipRetryAt', 'text').execute();
  await db.schema
    .createIndex('accessRequests_membershipRetry')
    .on('accessRequests')
    .columns(['membership', 'membershipRetryAt'])
    .execute();
  await db.schema.createIndex('outboxSent').on('outbox').columns(['state', 'sentAt']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('outboxSent').execute();
  await db.schema.dropIndex('accessRequests_membershipRetry').execute();
  await db.schema.alterTable('accessRequests').dropColumn('membershipRetryAt').execute();
  await db.schema.alterTable('accessRequests').dropColumn('membershipAttempts').execute();
}
