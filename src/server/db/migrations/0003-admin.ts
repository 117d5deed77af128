import { PostgresAdapter, sql, type Kysely } from 'kysely';

// The admin console (docs/admin.md): app versions and trash, logos in the database, the audit
// log, and small settings (the hash of the catalog file last applied).
export async function up(db: Kysely<unknown>): Promise<void> {
  // PostgreSQL (docs/deploy.md) differs in three places: bytea for blobs, an identity column for
  // the audit id, and triggers written as a function.
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .alterTable('apps')
    .addColumn('version', 'integer', (col) => col.notNull().defaultTo(1))
    .execute();
  await db.schema
    .alterTable('apps')
    .addColumn('updatedBy', 'text', (col) => col.notNull().defaultTo(''))
    .execute();
  await db.schema
    .alterTable('apps')
    .addColumn('managedBy', 'text', (col) => col.notNull().defaultTo('portal'))
    .execute();
  await db.schema.alterTable('apps').addColumn('deletedAt', 'text').execute();
  await db.schema.alterTable('apps').addColumn('deletedBy', 'text').execute();
  await db.schema.createIndex('apps_deletedAt').on('apps').column('deletedAt').execute();

  await db.schema
    .createTable('logos')
    .addColumn('appId', 'text', (col) => col.primaryKey().references('apps.id').onDelete('cascade'))
    .addColumn('contentType', 'text', (col) => col.notNull())
    .addColumn('bytes', postgres ? 'bytea' : 'blob', (col) => col.notNull())
    .addColumn('sha256', 'text', (col) => col.notNull())
    .addColumn('updated', 'text', (col) => col.notNull())
    .execute();

  await db.schema
    .createTable('audit')
    .addColumn('id', 'integer', (col) =>
      postgres ? col.primaryKey().generatedByDefaultAsIdentity() : col.primaryKey().autoIncrement(),
    )
    .addColumn('at', 'text', (col) => col.notNull())
    .addColumn('actorSubject', 'text', (col) => col.notNull())
    .addColumn('actorUsername', 'text', (col) => col.notNull())
    .addColumn('action', 'text', (col) => col.notNull())
    .addColumn('appId', 'text')
    .addColumn('before', 'text')
    .addColumn('after', 'text')
    .execute();
  await db.schema.createIndex('audit_appId').on('audit').columns(['appId', 'id']).execute();
  // Append-only, also against SQL typed by hand: no route edits or deletes entries.
  if (postgres) {
    await sql`create function audit_append_only() returns trigger language plpgsql as $$
      begin
        if tg_op = 'UPDATE' then raise exception 'audit entries cannot be changed'; end if;
        raise exception 'audit entries cannot be deleted';
      end $$`.execute(db);
    await sql`create trigger audit_no_update before update on audit
      for each row execute function audit_append_only()`.execute(db);
    await sql`create trigger audit_no_delete before delete on audit
      for each row execute function audit_append_only()`.execute(db);
  } else {
    await sql`create trigger audit_no_update before update on audit
      begin select raise(abort, 'audit entries cannot be changed'); end`.execute(db);
    await sql`create trigger audit_no_delete before delete on audit
      begin select raise(abort, 'audit entries cannot be deleted'); end`.execute(db);
  }

  await db.schema
    .createTable('settings')
    .addColumn('key', 'text', (col) => col.primaryKey())
    .addColumn('value', 'text', (col) => col.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('settings').execute();
  await db.schema.dropTable('audit').execute();
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`drop function if exists audit_append_only()`.execute(db);
  }
  await db.schema.dropTable('logos').execute();
  await db.schema.dropIndex('apps_deletedAt').execute();
  for (const column of ['deletedBy', 'deletedAt', 'managedBy', 'updatedBy', 'version']) {
    await db.schema.alterTable('apps').dropColumn(column).execute();
  }
}
