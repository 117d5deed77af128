import type { Kysely } from 'kysely';

// Status subscriptions (docs/notifications.md): a person's notification settings, one row per
// person, and the apps they follow. Portable: text and integer columns only, times as ISO 8601
// UTC text.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('subscriptions')
    .addColumn('userSubject', 'text', (col) => col.primaryKey())
    .addColumn('allFavorites', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('events', 'text', (col) => col.notNull().defaultTo('["down","up"]'))
    .addColumn('emailChannel', 'integer', (col) => col.notNull().defaultTo(1))
    .addColumn('digestMinutes', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('quietFrom', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('quietTo', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('timeZone', 'text', (col) => col.notNull().defaultTo('UTC'))
    .addColumn('language', 'text', (col) => col.notNull().defaultTo('en'))
    .addColumn('calendarSecretDigest', 'text')
    .addColumn('created', 'text', (col) => col.notNull())
    .addColumn('updated', 'text', (col) => col.notNull())
    .execute();
  // The personal calendar is found by its secret's digest.
  await db.schema
    .createIndex('subscriptions_calendarSecretDigest')
    .unique()
    .on('subscriptions')
    .column('calendarSecretDigest')
    .execute();
  await db.schema
    .createTable('subscriptionApps')
    .addColumn('userSubject', 'text', (col) => col.notNull())
    .addColumn('appId', 'text', (col) => col.notNull())
    .addColumn('created', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('subscriptionApps_pk', ['userSubject', 'appId'])
    .execute();
  // The followers of an app, when it changes state.
  await db.schema
    .createIndex('subscriptionApps_appId')
    .on('subscriptionApps')
    .column('appId')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('subscriptionApps').execute();
  await db.schema.dropTable('subscriptions').execute();
}
