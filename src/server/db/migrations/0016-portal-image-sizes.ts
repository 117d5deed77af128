import type { Kysely } from 'kysely';

// The sizes of the portal's images as a web app manifest names them ("16x16 32x32", "any"),
// worked out when an image is stored: the manifest never reads an image's bytes again. Empty for
// the images stored before; the branding fills them in once (branding/branding.service.ts).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('portalImages').addColumn('sizes', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('portalImages').dropColumn('sizes').execute();
}
