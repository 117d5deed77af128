import type { Kysely } from 'kysely';

// Notices admins post (src/server/notices). Portable: text and integer columns only, the id
// made by the server, times as ISO 8601 UTC text (they compare correctly as strings).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('portalNotices')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('title', 'text', (col) => col.notNull())
    .addColumn('text', 'text', (col) => col.notNull())
    .addColumn('severity', 'text', (col) => col.notNull())
    .addColumn('startsAt', 'text', (col) => col.notNull())
    .addColumn('endsAt', 'text', (col) => col.notNull())
    .addColumn('appIds', 'text', (col) => col.notNull())
    .addColumn('version', 'integer', (col) => col.notNull())
    .addColumn('created', 'text', (col) => col.notNull())
    .addColumn('createdBySubject', 'text', (col) => col.notNull())
    .addColumn('createdByUsername', 'text', (col) => col.notNull())
    .addColumn('updated', 'text', (col) => col.notNull())
    .addColumn('updatedBySubject', 'text', (col) => col.notNull())
    .addColumn('updatedByUsername', 'text', (col) => col.notNull())
    .execute();
  // GET /api/notices asks for the notices not ended yet on every poll.
  await db.schema
    .createIndex('portalNotices_endsAt')
    .on('portalNotices')
    .column('endsAt')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('portalNotices').execute();
}
