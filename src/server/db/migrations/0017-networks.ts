import type { Kysely } from 'kysely';

// Networks admins define (docs/networks.md): a name, the ranges that make it and a help link, in
// the list's order (`position`: where ranges of the same length overlap, the first listed wins).
// Each app gets its addresses per network and its typed links, as JSON lists; every existing app
// reads as having none, so a catalog without networks behaves exactly as before.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('networks')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('position', 'integer', (col) => col.notNull())
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('ranges', 'text', (col) => col.notNull())
    .addColumn('help', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('helpText', 'text', (col) => col.notNull().defaultTo(''))
    .execute();
  await db.schema
    .alterTable('apps')
    .addColumn('addresses', 'text', (col) => col.notNull().defaultTo('[]'))
    .execute();
  await db.schema
    .alterTable('apps')
    .addColumn('links', 'text', (col) => col.notNull().defaultTo('[]'))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('apps').dropColumn('links').execute();
  await db.schema.alterTable('apps').dropColumn('addresses').execute();
  await db.schema.dropTable('networks').execute();
}
