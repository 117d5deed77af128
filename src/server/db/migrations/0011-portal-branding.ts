import { PostgresAdapter, type Kysely } from 'kysely';

// The portal's own branding (src/server/branding, decision 0028): one row of texts and colour
// that admins set over the configuration's defaults (null: the default), and the logo and
// favicon as images in the database, like app logos (decision 0005).
export async function up(db: Kysely<unknown>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .createTable('portalBranding')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('title', 'text')
    .addColumn('subtitle', 'text')
    .addColumn('footer', 'text')
    .addColumn('footerLink', 'text')
    .addColumn('accentColor', 'text')
    .addColumn('version', 'integer', (col) => col.notNull())
    .addColumn('updated', 'text', (col) => col.notNull())
    .addColumn('updatedBySubject', 'text', (col) => col.notNull())
    .addColumn('updatedByUsername', 'text', (col) => col.notNull())
    .execute();
  await db.schema
    .createTable('portalImages')
    .addColumn('kind', 'text', (col) => col.primaryKey())
    .addColumn('contentType', 'text', (col) => col.notNull())
    .addColumn('bytes', postgres ? 'bytea' : 'blob', (col) => col.notNull())
    .addColumn('sha256', 'text', (col) => col.notNull())
    .addColumn('updated', 'text', (col) => col.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('portalImages').execute();
  await db.schema.dropTable('portalBranding').execute();
}
