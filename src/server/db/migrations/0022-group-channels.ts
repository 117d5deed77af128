import type { Kysely } from 'kysely';

// Group channels (docs/notifications.md, "Group channels"): a group's webhook (JSON, Slack,
// Teams, Matrix) that hears status changes of the apps the group may see, one row each, at most
// one per group and URL; its secret signs every delivery. And a notice may be mailed to its
// audience when published (`portalNotices.mailAudience`, 1: mailed; every existing notice: 0).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('groupChannels')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('group', 'text', (col) => col.notNull())
    .addColumn('url', 'text', (col) => col.notNull())
    .addColumn('format', 'text', (col) => col.notNull())
    .addColumn('secret', 'text', (col) => col.notNull())
    .addColumn('created', 'text', (col) => col.notNull())
    .addColumn('updated', 'text', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('groupChannels_group_url')
    .unique()
    .on('groupChannels')
    .columns(['group', 'url'])
    .execute();
  await db.schema
    .alterTable('portalNotices')
    .addColumn('mailAudience', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('portalNotices').dropColumn('mailAudience').execute();
  await db.schema.dropTable('groupChannels').execute();
}
