import { sql, type Kysely } from 'kysely';

// Migrations take Kysely<unknown>: they describe the schema as it was then, not as the code
// sees it now.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('apps')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('description', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('image', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('doc', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('github', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('env', 'text', (col) => col.notNull().check(sql`env in ('prod', 'stage', 'dev')`))
    .addColumn('category', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('link', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('isPublic', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('collectionId', 'text', (col) => col.notNull())
    .addColumn('created', 'text', (col) => col.notNull())
    .addColumn('updated', 'text', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('apps_category_name')
    .on('apps')
    .columns(['category', 'name'])
    .execute();
  await db.schema.createIndex('apps_is_public').on('apps').column('isPublic').execute();

  await db.schema
    .createTable('appGroups')
    .addColumn('appId', 'text', (col) => col.notNull().references('apps.id').onDelete('cascade'))
    .addColumn('groupName', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('appGroups_pk', ['appId', 'groupName'])
    .execute();
  await db.schema.createIndex('appGroups_group').on('appGroups').column('groupName').execute();

  await db.schema
    .createTable('kcUsers')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('subject', 'text', (col) => col.notNull().unique())
    .addColumn('name', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('username', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('email', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('givenName', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('groups', 'text', (col) => col.notNull().defaultTo('[]'))
    .addColumn('roles', 'text', (col) => col.notNull().defaultTo('[]'))
    .addColumn('created', 'text', (col) => col.notNull())
    .addColumn('updated', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('kcUsers_email').on('kcUsers').column('email').execute();

  await db.schema
    .createTable('favorites')
    .addColumn('userId', 'text', (col) =>
      col.notNull().references('kcUsers.id').onDelete('cascade'),
    )
    .addColumn('appId', 'text', (col) => col.notNull().references('apps.id').onDelete('cascade'))
    .addColumn('created', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('favorites_pk', ['userId', 'appId'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('favorites').execute();
  await db.schema.dropTable('kcUsers').execute();
  await db.schema.dropTable('appGroups').execute();
  await db.schema.dropTable('apps').execute();
}
