import { sql, type Transaction } from 'kysely';
import { normalizeGroup } from '../../shared/identity/groups.js';
import type { Db } from '../db/database.js';
import type { Database } from '../db/schema.js';
import { accessOf } from './app-fields.js';
import { attachGroups, visibleTo, type AppRecord } from './apps.queries.js';
import type { NewAppRow } from './apps.table.js';
import { createCatalogChanges, type CatalogChanges } from './catalog-changes.js';
import type { Viewer } from './visibility.js';

export type { AppRecord } from './apps.queries.js';

/**
 * The apps table as the catalog's read side and the catalog file use it. `changes` is the
 * database's catalog change signal (src/server/repositories.ts makes one per database); a
 * repository made without one has its own, heard by nobody else.
 */
export function createAppsRepository(db: Db, changes: CatalogChanges = createCatalogChanges()) {
  // Compiled once: the fingerprint is checked on every catalog read.
  const versionQuery = db
    .selectNoFrom((eb) => [
      eb
        .selectFrom('apps')
        .select((e) => e.fn.countAll<number>().as('count'))
        .as('apps'),
      eb
        .selectFrom('apps')
        .select((e) => e.fn.max('updated').as('updated'))
        .as('updated'),
      eb
        .selectFrom('appGroups')
        .select((e) => e.fn.countAll<number>().as('count'))
        .as('groups'),
    ])
    .compile();

  const withGroups = (rows: Parameters<typeof attachGroups>[1]) => attachGroups(db, rows);

  return {
    /** Calls `listener` after every catalog write made through this database's change signal. */
    onChange(listener: () => void): () => void {
      return changes.onChange(listener);
    },

    /**
     * A cheap fingerprint of the catalog: app count, latest `updated`, group-link count. Every
     * write sets `updated`; inserts and deletions change the counts; so does another process.
     */
    async catalogVersion(): Promise<string> {
      const { rows } = await db.executeQuery(versionQuery);
      const row = rows[0];
      return row ? `${row.apps}|${row.updated ?? ''}|${row.groups}` : '';
    },

    /** The app if it exists and the viewer may see it; undefined otherwise (no difference). */
    async findVisibleApp(viewer: Viewer, id: string): Promise<AppRecord | undefined> {
      const row = await db
        .selectFrom('apps')
        .selectAll()
        .where('id', '=', id)
        .where(visibleTo(viewer))
        .executeTakeFirst();
      if (!row) return undefined;
      const [record] = await withGroups([row]);
      return record;
    },

    /**
     * The app if the viewer sees it listed: visible to them, or, for a signed-in viewer, shown
     * as a locked card (requestable; docs/access-requests.md). Undefined otherwise.
     */
    async findListedApp(viewer: Viewer, id: string): Promise<AppRecord | undefined> {
      const visible = await this.findVisibleApp(viewer, id);
      if (visible || viewer === null) return visible;
      const record = await this.findLiveApp(id);
      return record && accessOf(record)?.requestable ? record : undefined;
    },

    /** The app (not in the trash) with its groups, whoever asks: callers check visibility. */
    async findLiveApp(id: string): Promise<AppRecord | undefined> {
      // The app and its groups are read whether or not it exists: callers answer 404 alike for
      // an app hidden from the caller and for none, and the time it takes must not tell them
      // apart (the same queries on both paths).
      const [row, groups] = await Promise.all([
        db
          .selectFrom('apps')
          .selectAll()
          .where('id', '=', id)
          .where('deletedAt', 'is', null)
          .executeTakeFirst(),
        db
          .selectFrom('appGroups')
          .select('groupName')
          .where('appId', '=', id)
          .orderBy('groupName')
          .execute(),
      ]);
      if (!row) return undefined;
      return { ...row, associatedGroups: groups.map((group) => group.groupName) };
    },

    /** Tells every listener (the catalog snapshot) that the catalog changed. */
    notifyChange(): void {
      changes.notify();
    },
    /** Every app (not in the trash) with its groups, in listing order: category, then name. */
    async findAll(): Promise<AppRecord[]> {
      const rows = await db
        .selectFrom('apps')
        .selectAll()
        .where('deletedAt', 'is', null)
        .orderBy((eb) => eb.fn('lower', ['category']))
        .orderBy((eb) => eb.fn('lower', ['name']))
        .orderBy('id')
        .execute();
      return withGroups(rows);
    },

    /** The stored logo of an app (decision 0005), whatever the app's visibility. */
    async findLogo(appId: string) {
      return db.selectFrom('logos').selectAll().where('appId', '=', appId).executeTakeFirst();
    },
    async count(): Promise<number> {
      const { count } = await db
        .selectFrom('apps')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where('deletedAt', 'is', null)
        .executeTakeFirstOrThrow();
      return Number(count);
    },

    /**
     * Inserts or updates apps by id, replacing each one's groups; apps not named are kept.
     * All or nothing: one transaction.
     */
    async upsertApps(
      apps: { row: Omit<NewAppRow, 'created' | 'updated'>; groups: string[] }[],
      now: string,
    ): Promise<{ inserted: number; updated: number }> {
      const result = await db.transaction().execute(async (trx: Transaction<Database>) => {
        // Each write moves the latest `updated` forward, even within one millisecond, so the
        // catalog fingerprint (catalogVersion) always changes.
        const { latest } = await trx
          .selectFrom('apps')
          .select((eb) => eb.fn.max('updated').as('latest'))
          .executeTakeFirstOrThrow();
        if (latest && latest >= now) {
          now = new Date(new Date(latest).getTime() + 1).toISOString();
        }
        let inserted = 0;
        let updated = 0;
        for (const { row, groups } of apps) {
          const existing = await trx
            .selectFrom('apps')
            .select('id')
            .where('id', '=', row.id)
            .executeTakeFirst();
          if (existing) {
            await trx
              .updateTable('apps')
              .set({ ...row, updated: now, version: sql<number>`version + 1` })
              .where('id', '=', row.id)
              .execute();
            updated += 1;
          } else {
            await trx
              .insertInto('apps')
              .values({ ...row, created: now, updated: now })
              .execute();
            inserted += 1;
          }
          await trx.deleteFrom('appGroups').where('appId', '=', row.id).execute();
          // Stored as compared: trimmed, without leading slashes, once each.
          const names = [...new Set(groups.map(normalizeGroup).filter((name) => name !== ''))];
          if (names.length > 0) {
            await trx
              .insertInto('appGroups')
              .values(names.map((groupName) => ({ appId: row.id, groupName })))
              .execute();
          }
        }
        return { inserted, updated };
      });
      changes.notify();
      return result;
    },
  };
}

export type AppsRepository = ReturnType<typeof createAppsRepository>;
