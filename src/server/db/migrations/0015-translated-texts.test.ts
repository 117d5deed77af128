import { Kysely, PostgresDialect, type Migration } from 'kysely';
import { describe, expect, it } from 'vitest';
import { createAppsRepository } from '../../catalog/apps.repository.js';
import { fieldsOf } from '../../catalog/app-fields.js';
import { createBrandingRepository } from '../../branding/branding.repository.js';
import { createPostgresPool, openDatabase, type Db } from '../database.js';
import { migrateToLatest, MIGRATIONS } from '../migrate.js';
import type { Database } from '../schema.js';
import { createPostgresDatabase, DIALECTS, type Dialect } from '../test-support/test-database.js';

/** The migrations before this one: the schema a portal had until now. */
const BEFORE: Record<string, Migration> = Object.fromEntries(
  Object.entries(MIGRATIONS).filter(([name]) => name < '0015'),
);

async function withDatabase(dialect: Dialect, work: (db: Db) => Promise<void>): Promise<void> {
  if (dialect === 'sqlite') {
    const db = openDatabase(':memory:');
    try {
      await work(db);
    } finally {
      await db.destroy();
    }
    return;
  }
  const database = await createPostgresDatabase('portal_migration');
  const db = new Kysely<Database>({
    dialect: new PostgresDialect({ pool: createPostgresPool(database.url, 2) }),
  });
  try {
    await work(db);
  } finally {
    await db.destroy();
    await database.drop();
  }
}

const NOW = '2026-01-01T10:00:00.000Z';

describe('migration 0015-translated-texts', () => {
  // Both here (not only in the node-postgres project): db/ tests run on SQLite otherwise.
  it.each(DIALECTS)('keeps every text as the one string it was, on %s', async (dialect) => {
    await withDatabase(dialect, async (db) => {
      await migrateToLatest(db, { getMigrations: async () => BEFORE });
      // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the tables before 0015
      const old = db as Kysely<any>;
      await old
        .insertInto('apps')
        .values({
          id: 'galaxy',
          name: 'Galaxy',
          description: 'Workflows.',
          image: '',
          doc: '',
          github: '',
          env: 'prod',
          category: 'apps',
          link: '',
          isPublic: 1,
          collectionId: 'apps',
          created: NOW,
          updated: NOW,
        })
        .execute();
      await old
        .insertInto('portalBranding')
        .values({
          id: 'portal',
          title: 'Lab Portal',
          subtitle: null,
          footer: '© Lab',
          footerLink: null,
          accentColor: null,
          version: 1,
          updated: NOW,
          updatedBySubject: 's',
          updatedByUsername: 'u',
        })
        .execute();

      expect(await migrateToLatest(db)).toContain('0015-translated-texts');
      const [record] = await createAppsRepository(db).findAll();
      expect(record).toMatchObject({ nameTexts: null, descriptionTexts: null });
      expect(fieldsOf(record!)).toMatchObject({ name: 'Galaxy', description: 'Workflows.' });
      const branding = await createBrandingRepository(db).read();
      expect(branding.texts).toMatchObject({
        title: 'Lab Portal',
        subtitle: null,
        footer: '© Lab',
      });
    });
  });
});
