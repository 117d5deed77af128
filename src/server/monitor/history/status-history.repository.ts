import type { Db } from '../../db/database.js';
import type { HistoryState } from '../../../shared/status/history.js';
import type { StatusChangeRow } from './status-history.table.js';

export interface NewState {
  appId: string;
  state: HistoryState;
  source: string;
  responseMs: number | null;
}

/** Rows per statement: well under every dialect's limit on bound parameters. */
const CHUNK = 200;

function chunks<T>(items: readonly T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += CHUNK) out.push(items.slice(i, i + CHUNK));
  return out;
}

/** bigint columns come back as strings from some drivers (pg): always numbers here. */
function toRow(row: StatusChangeRow): StatusChangeRow {
  return {
    ...row,
    since: Number(row.since),
    until: row.until === null ? null : Number(row.until),
    responseMs: row.responseMs === null ? null : Number(row.responseMs),
  };
}

/** The status history's SQL, in Kysely's portable query builder (SQLite and PostgreSQL). */
export function createStatusHistoryRepository(db: Db) {
  return {
    /** The current state of every app that has one (the rows still open). */
    async openStates(): Promise<StatusChangeRow[]> {
      const rows = await db
        .selectFrom('statusChanges')
        .selectAll()
        .where('until', 'is', null)
        .execute();
      return rows.map(toRow);
    },

    /**
     * In one transaction: ends the open rows of `ended` apps (and of every app in `started`) at
     * `at`, and opens a row at `at` for each of `started`.
     */
    async applyChanges(at: number, started: readonly NewState[], ended: readonly string[]) {
      const close = [...new Set([...ended, ...started.map((change) => change.appId)])];
      await db.transaction().execute(async (trx) => {
        for (const ids of chunks(close)) {
          await trx
            .updateTable('statusChanges')
            .set({ until: at })
            .where('until', 'is', null)
            .where('appId', 'in', ids)
            .execute();
        }
        for (const rows of chunks(started)) {
          await trx
            .insertInto('statusChanges')
            .values(rows.map((row) => ({ ...row, since: at, until: null })))
            .execute();
        }
      });
    },

    /** An app's rows overlapping [start, end), oldest first. */
    async findRange(appId: string, start: number, end: number): Promise<StatusChangeRow[]> {
      const rows = await db
        .selectFrom('statusChanges')
        .selectAll()
        .where('appId', '=', appId)
        .where('since', '<', end)
        .where((eb) => eb.or([eb('until', 'is', null), eb('until', '>', start)]))
        .orderBy('since')
        .execute();
      return rows.map(toRow);
    },

    /** Every app's rows overlapping [start, end), by app then oldest first. */
    async findAllInRange(start: number, end: number): Promise<StatusChangeRow[]> {
      const rows = await db
        .selectFrom('statusChanges')
        .selectAll()
        .where('since', '<', end)
        .where((eb) => eb.or([eb('until', 'is', null), eb('until', '>', start)]))
        .orderBy('appId')
        .orderBy('since')
        .execute();
      return rows.map(toRow);
    },

    /** Deletes the rows that ended before `before`; answers how many. */
    async prune(before: number): Promise<number> {
      const result = await db
        .deleteFrom('statusChanges')
        .where('until', 'is not', null)
        .where('until', '<', before)
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}

export type StatusHistoryRepository = ReturnType<typeof createStatusHistoryRepository>;
