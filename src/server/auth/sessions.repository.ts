import type { Db } from '../db/database.js';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import type { NewSessionRow, SessionRow, SignOnStateRow } from './sessions.table.js';

// Times are BIGINT columns: some drivers return them as strings, so read them back as numbers.
const sessionRow = (row: SessionRow): SessionRow => ({
  ...row,
  accessTokenExpiresAt: Number(row.accessTokenExpiresAt),
  createdAt: Number(row.createdAt),
  expiresAt: Number(row.expiresAt),
  refreshNeeded: Number(row.refreshNeeded),
});
const stateRow = (row: SignOnStateRow): SignOnStateRow => ({
  ...row,
  createdAt: Number(row.createdAt),
});

/** The only place SQL for sessions and sign-on state lives. */
export function createSessionsRepository(db: Db) {
  return {
    async insertState(row: SignOnStateRow): Promise<void> {
      await db.insertInto('signOnStates').values(row).execute();
    },

    /** Deletes and returns the state in one statement: a second caller gets nothing. */
    async takeState(id: string): Promise<SignOnStateRow | undefined> {
      const row = await db
        .deleteFrom('signOnStates')
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirst();
      return row && stateRow(row);
    },

    async deleteStatesCreatedBefore(time: number): Promise<void> {
      await db.deleteFrom('signOnStates').where('createdAt', '<', time).execute();
    },

    async deleteState(id: string): Promise<void> {
      await db.deleteFrom('signOnStates').where('id', '=', id).execute();
    },

    async countStates(): Promise<number> {
      const row = await db
        .selectFrom('signOnStates')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .executeTakeFirstOrThrow();
      return Number(row.count);
    },

    /** Deletes the `count` oldest sign-on states. */
    async deleteOldestStates(count: number): Promise<void> {
      if (count <= 0) return;
      await db
        .deleteFrom('signOnStates')
        .where(
          'id',
          'in',
          db.selectFrom('signOnStates').select('id').orderBy('createdAt').limit(count),
        )
        .execute();
    },

    async insertSession(row: NewSessionRow): Promise<void> {
      await db.insertInto('sessions').values(row).execute();
    },

    async findSession(id: string): Promise<SessionRow | undefined> {
      const row = await db
        .selectFrom('sessions')
        .selectAll()
        .where('id', '=', id)
        .executeTakeFirst();
      return row && sessionRow(row);
    },

    async updateSession(
      id: string,
      fields: Pick<SessionRow, 'principal' | 'tokens' | 'accessTokenExpiresAt'>,
    ): Promise<void> {
      await db
        .updateTable('sessions')
        .set({ ...fields, refreshNeeded: 0 })
        .where('id', '=', id)
        .execute();
    },

    /**
     * Makes every session of the subject refresh its identity on its next request (its groups
     * changed in the identity provider). `executor`: the transaction of the change, if any.
     */
    async markRefreshNeeded(subject: string, executor: Kysely<Database> = db): Promise<void> {
      await executor
        .updateTable('sessions')
        .set({ refreshNeeded: 1 })
        .where('subject', '=', subject)
        .execute();
    },

    async deleteSession(id: string): Promise<void> {
      await db.deleteFrom('sessions').where('id', '=', id).execute();
    },

    async countActive(time: number): Promise<number> {
      const row = await db
        .selectFrom('sessions')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where('expiresAt', '>', time)
        .executeTakeFirstOrThrow();
      return Number(row.count);
    },

    async deleteSessionsExpiredBy(time: number): Promise<void> {
      await db.deleteFrom('sessions').where('expiresAt', '<=', time).execute();
    },
  };
}

export type SessionsRepository = ReturnType<typeof createSessionsRepository>;
