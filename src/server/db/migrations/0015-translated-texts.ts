import type { Kysely } from 'kysely';

// Catalog texts per language (docs/catalog.md, decision 0037). The existing text columns keep the
// default language's text, so search, sorting, the audit log and older readers work as before;
// the texts of every language, when a field is given per language, sit beside them as JSON
// (`{"en": "...", "de": "..."}`). Null: the field is one plain string, as every row was before.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('apps').addColumn('nameTexts', 'text').execute();
  await db.schema.alterTable('apps').addColumn('descriptionTexts', 'text').execute();
  await db.schema.alterTable('portalNotices').addColumn('textTexts', 'text').execute();
  // The branding's texts by field: `{"title": {"en": "...", "de": "..."}, ...}`.
  await db.schema.alterTable('portalBranding').addColumn('texts', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('portalBranding').dropColumn('texts').execute();
  await db.schema.alterTable('portalNotices').dropColumn('textTexts').execute();
  await db.schema.alterTable('apps').dropColumn('descriptionTexts').execute();
  await db.schema.alterTable('apps').dropColumn('nameTexts').execute();
}
