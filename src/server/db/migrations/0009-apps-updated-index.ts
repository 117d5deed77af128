import type { Kysely } from 'kysely';

// Every write asks for the latest `updated` (admin.repository.ts nextStamp) and the catalog's
// fingerprint reads it once a second: without an index that is a scan of every app, which at
// ten thousand apps held up each logo upload for ~17 ms of the event loop (npm run bench:hostile).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex('apps_updated').on('apps').column('updated').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('apps_updated').execute();
}
