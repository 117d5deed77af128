import type { ExpressionBuilder } from 'kysely';
import type { Db } from '../db/database.js';
import type { Database } from '../db/schema.js';
import type { AppRow } from './apps.table.js';
import type { Viewer } from './visibility.js';

/** An app row with its group names. */
export interface AppRecord extends AppRow {
  associatedGroups: string[];
}

/** More groups than this in one token are ignored past the limit (SQL parameter budget). */
export const MAX_VIEWER_GROUPS = 1000;

/**
 * SQL form of visibility.ts's canSee: not in the trash, and public or sharing a group with the
 * viewer. Every query
 * that returns apps to a caller filters with this; visibility.test.ts checks both agree.
 */
export function visibleTo(viewer: Viewer) {
  return (eb: ExpressionBuilder<Database, 'apps'>) => {
    const groups = viewer?.groups.slice(0, MAX_VIEWER_GROUPS) ?? [];
    // Apps in the trash are seen by nobody (their favorites come back with a restore).
    const live = eb('apps.deletedAt', 'is', null);
    if (groups.length === 0) return eb.and([live, eb('apps.isPublic', '=', 1)]);
    return eb.and([
      live,
      eb.or([
        eb('apps.isPublic', '=', 1),
        eb.exists(
          eb
            .selectFrom('appGroups')
            .select('appGroups.appId')
            .whereRef('appGroups.appId', '=', 'apps.id')
            .where('appGroups.groupName', 'in', groups),
        ),
      ]),
    ]);
  };
}

/** Adds each app's group names, keeping the rows' order. */
export async function attachGroups(db: Db, rows: AppRow[]): Promise<AppRecord[]> {
  if (rows.length === 0) return [];
  const groupRows = await db
    .selectFrom('appGroups')
    .select(['appId', 'groupName'])
    .where(
      'appId',
      'in',
      rows.map((row) => row.id),
    )
    .orderBy('groupName')
    .execute();
  const byApp = new Map<string, string[]>();
  for (const { appId, groupName } of groupRows) {
    const list = byApp.get(appId) ?? [];
    list.push(groupName);
    byApp.set(appId, list);
  }
  return rows.map((row) => ({ ...row, associatedGroups: byApp.get(row.id) ?? [] }));
}
