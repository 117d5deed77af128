import type { Kysely } from 'kysely';

// Sessions of signed-in browsers and sign-on state of sign-ins under way (src/server/auth).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('sessions')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('subject', 'text', (col) => col.notNull())
    .addColumn('principal', 'text', (col) => col.notNull())
    .addColumn('tokens', 'text', (col) => col.notNull())
    .addColumn('accessTokenExpiresAt', 'bigint', (col) => col.notNull())
    .addColumn('createdAt', 'bigint', (col) => col.notNull())
    .addColumn('expiresAt', 'bigint', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('sessions_subject').on('sessions').column('subject').execute();
  await db.schema.createIndex('sessions_expiresAt').on('sessions').column('expiresAt').execute();

  await db.schema
    .createTable('signOnStates')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('browser', 'text', (col) => col.notNull())
    .addColumn('mode', 'text', (col) => col.notNull())
    .addColumn('returnTo', 'text', (col) => col.notNull())
    .addColumn('codeVerifier', 'text', (col) => col.notNull())
    .addColumn('nonce', 'text', (col) => col.notNull())
    .addColumn('createdAt', 'bigint', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('signOnStates_createdAt')
    .on('signOnStates')
    .column('createdAt')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('signOnStates').execute();
  await db.schema.dropTable('sessions').execute();
}
