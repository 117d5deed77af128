import type { Kysely } from 'kysely';

// The outbox (docs/decisions/0032-keycloak-admin-and-outbox.md): messages (mail, webhook)
// written in the same transaction as the change that causes them, sent later by one instance
// with retries. A row is never deleted by the sender: `sent`, `failed` and `skipped` rows stay
// for the admins' list of deliveries.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('outbox')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('kind', 'text', (col) => col.notNull())
    .addColumn('payload', 'text', (col) => col.notNull())
    .addColumn('state', 'text', (col) => col.notNull())
    .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('nextAttemptAt', 'bigint', (col) => col.notNull())
    // A sender holds a message it is sending until this time; a crash lets it go after it.
    .addColumn('claimedUntil', 'bigint')
    .addColumn('lastError', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('createdAt', 'bigint', (col) => col.notNull())
    .addColumn('sentAt', 'bigint')
    .execute();
  await db.schema
    .createIndex('outboxDue')
    .on('outbox')
    .columns(['state', 'nextAttemptAt'])
    .execute();
  await db.schema.createIndex('outboxCreated').on('outbox').column('createdAt').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('outbox').execute();
}
