import type { Db } from '../db/database.js';
import type { Trx } from '../audit/unit-of-work.js';
import type { AccessRequestRow, AccessRequestsTable } from './access-requests.table.js';

/** Paged rows and how many match. */
export interface RowPage {
  rows: AccessRequestRow[];
  total: number;
}

/** Whether an error is the database refusing a second open request (unique index). */
export function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown }).code;
  const message = error instanceof Error ? error.message : '';
  return code === '23505' || /UNIQUE constraint failed/i.test(message);
}

/** The only place SQL for access requests lives. */
export function createAccessRequestsRepository(db: Db) {
  /** One page of the requests matching `filter`, newest (by `order`) first, and how many match. */
  async function paged(
    filter: {
      subject?: string;
      appIds?: readonly string[] | null;
      statuses?: readonly AccessRequestRow['status'][];
    },
    order: 'created' | 'updated',
    page: number,
    perPage: number,
  ): Promise<RowPage> {
    let base = db.selectFrom('accessRequests');
    if (filter.subject !== undefined) base = base.where('subject', '=', filter.subject);
    if (filter.statuses) base = base.where('status', 'in', [...filter.statuses]);
    if (filter.appIds) base = base.where('appId', 'in', [...filter.appIds]);
    const rows = await base
      .selectAll()
      .orderBy(order, 'desc')
      .orderBy('id', 'desc')
      .limit(perPage)
      .offset((page - 1) * perPage)
      .execute();
    const { count } = await base
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .executeTakeFirstOrThrow();
    return { rows, total: Number(count) };
  }

  return {
    async insert(trx: Trx, row: AccessRequestsTable): Promise<void> {
      await trx.insertInto('accessRequests').values(row).execute();
    },

    async findById(id: string, trx: Trx | Db = db): Promise<AccessRequestRow | undefined> {
      return trx.selectFrom('accessRequests').selectAll().where('id', '=', id).executeTakeFirst();
    },

    async findOpen(appId: string, subject: string): Promise<AccessRequestRow | undefined> {
      return db
        .selectFrom('accessRequests')
        .selectAll()
        .where('appId', '=', appId)
        .where('subject', '=', subject)
        .where('status', '=', 'pending')
        .executeTakeFirst();
    },

    /** When `subject` asked for `appId` since `since` (any outcome), newest first. */
    async createdSince(appId: string, subject: string, since: string): Promise<string[]> {
      const rows = await db
        .selectFrom('accessRequests')
        .select('created')
        .where('appId', '=', appId)
        .where('subject', '=', subject)
        .where('created', '>=', since)
        .orderBy('created', 'desc')
        .limit(100)
        .execute();
      return rows.map((row) => row.created);
    },

    /** The requester's own requests, newest first. */
    async listBySubject(subject: string, page: number, perPage: number): Promise<RowPage> {
      return paged({ subject }, 'created', page, perPage);
    },

    /** Requests of the given apps (all apps: null), pending or decided, newest first. */
    async listForApps(
      appIds: readonly string[] | null,
      status: 'pending' | 'decided',
      page: number,
      perPage: number,
    ): Promise<RowPage> {
      if (appIds !== null && appIds.length === 0) return { rows: [], total: 0 };
      return paged(
        {
          appIds,
          statuses: status === 'pending' ? ['pending'] : ['approved', 'declined', 'expired'],
        },
        status === 'pending' ? 'created' : 'updated',
        page,
        perPage,
      );
    },

    /**
     * Changes a request only if it is still in `from` (so two deciders, or two instances, never
     * both win). Returns whether it changed.
     */
    async transition(
      trx: Trx,
      id: string,
      from: readonly AccessRequestRow['status'][],
      fields: Partial<AccessRequestsTable>,
    ): Promise<boolean> {
      const result = await trx
        .updateTable('accessRequests')
        .set(fields)
        .where('id', '=', id)
        .where('status', 'in', [...from])
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    async setMembership(
      trx: Trx | Db,
      id: string,
      membership: AccessRequestRow['membership'],
      updated: string,
    ): Promise<void> {
      await trx
        .updateTable('accessRequests')
        .set({ membership, updated })
        .where('id', '=', id)
        .execute();
    },

    /**
     * Changes an approved request's membership fields only if its membership is still in
     * `from` (a retry never overwrites what a sign-in or another pass did). Whether it changed.
     */
    async updateMembership(
      trx: Trx,
      id: string,
      from: readonly AccessRequestRow['membership'][],
      fields: Pick<
        Partial<AccessRequestsTable>,
        'membership' | 'membershipAttempts' | 'membershipRetryAt' | 'updated'
      >,
    ): Promise<boolean> {
      const result = await trx
        .updateTable('accessRequests')
        .set(fields)
        .where('id', '=', id)
        .where('status', '=', 'approved')
        .where('membership', 'in', [...from])
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    /** Approved requests whose membership write is due to be tried again by `now`, oldest first. */
    async findMembershipRetries(now: string): Promise<AccessRequestRow[]> {
      return db
        .selectFrom('accessRequests')
        .selectAll()
        .where('status', '=', 'approved')
        .where('membership', '=', 'retrying')
        .where('membershipRetryAt', '<=', now)
        .orderBy('membershipRetryAt')
        .limit(100)
        .execute();
    },

    /** The e-mail address of a known user (signed in at least once) by subject. */
    async emailOfSubject(subject: string): Promise<string | undefined> {
      const row = await db
        .selectFrom('kcUsers')
        .select('email')
        .where('subject', '=', subject)
        .executeTakeFirst();
      return row?.email || undefined;
    },

    /** Approved requests of a person whose membership is not confirmed by their token yet. */
    async findUnconfirmed(subject: string): Promise<AccessRequestRow[]> {
      return db
        .selectFrom('accessRequests')
        .selectAll()
        .where('subject', '=', subject)
        .where('status', '=', 'approved')
        .where('membership', 'in', ['waiting', 'written', 'retrying', 'failed'])
        .execute();
    },

    /** Approved time-boxed requests whose access ended by `now`. */
    async findExpired(trx: Trx | Db, now: string): Promise<AccessRequestRow[]> {
      return trx
        .selectFrom('accessRequests')
        .selectAll()
        .where('status', '=', 'approved')
        .where('expiresAt', 'is not', null)
        .where('expiresAt', '<=', now)
        .orderBy('expiresAt')
        .limit(500)
        .execute();
    },

    /** Approved time-boxed requests ending by `until`, not reminded yet. */
    async findToRemind(trx: Trx | Db, now: string, until: string): Promise<AccessRequestRow[]> {
      return trx
        .selectFrom('accessRequests')
        .selectAll()
        .where('status', '=', 'approved')
        .where('remindedAt', 'is', null)
        .where('expiresAt', '>', now)
        .where('expiresAt', '<=', until)
        .limit(500)
        .execute();
    },

    async markReminded(trx: Trx, id: string, at: string): Promise<boolean> {
      const result = await trx
        .updateTable('accessRequests')
        .set({ remindedAt: at })
        .where('id', '=', id)
        .where('remindedAt', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    /** E-mail addresses of known users (signed in at least once) by username. */
    async emailsOfUsernames(usernames: readonly string[]): Promise<string[]> {
      if (usernames.length === 0) return [];
      const rows = await db
        .selectFrom('kcUsers')
        .select('email')
        .where('username', 'in', [...usernames])
        .execute();
      return rows.map((row) => row.email);
    },

    /** Known users (signed in at least once), as their last sign-in said: groups and roles. */
    async knownUsersLike(
      fragment: string,
    ): Promise<{ email: string; groups: string[]; roles: string[] }[]> {
      const rows = await db
        .selectFrom('kcUsers')
        .select(['email', 'groups', 'roles'])
        .where((eb) =>
          eb.or([eb('groups', 'like', `%${fragment}%`), eb('roles', 'like', `%${fragment}%`)]),
        )
        .limit(1000)
        .execute();
      return rows.map((row) => ({
        email: row.email,
        groups: JSON.parse(row.groups) as string[],
        roles: JSON.parse(row.roles) as string[],
      }));
    },
  };
}

export type AccessRequestsRepository = ReturnType<typeof createAccessRequestsRepository>;
