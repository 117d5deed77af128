import type { Db } from '../db/database.js';
import type { NoticeReceiptRow } from './portal-notices.table.js';

/** At most this many people are listed per notice's acknowledgements. */
export const MAX_LISTED_PEOPLE = 20_000;

/**
 * Data access of notice receipts (a person's dismissal or acknowledgement of a notice): the only
 * place their SQL lives. A receipt is written at most once per (user, notice): an insert that
 * keeps the first time on a conflict, then an update that sets a time only when unset.
 */
export function createNoticeReceiptsRepository(db: Db) {
  async function ensure(userSubject: string, noticeId: string) {
    await db
      .insertInto('noticeReceipts')
      .values({ userSubject, noticeId, dismissedAt: null, acknowledgedAt: null })
      .onConflict((oc) => oc.columns(['userSubject', 'noticeId']).doNothing())
      .execute();
  }

  return {
    /** The receipts of `userSubject` for the notices `noticeIds`. */
    async forUser(userSubject: string, noticeIds: readonly string[]): Promise<NoticeReceiptRow[]> {
      if (noticeIds.length === 0) return [];
      return db
        .selectFrom('noticeReceipts')
        .selectAll()
        .where('userSubject', '=', userSubject)
        .where('noticeId', 'in', [...noticeIds])
        .execute();
    },

    /** Every receipt of a notice. */
    async forNotice(noticeId: string): Promise<NoticeReceiptRow[]> {
      return db
        .selectFrom('noticeReceipts')
        .selectAll()
        .where('noticeId', '=', noticeId)
        .limit(MAX_LISTED_PEOPLE)
        .execute();
    },

    async dismiss(userSubject: string, noticeId: string, at: string): Promise<void> {
      await ensure(userSubject, noticeId);
      await db
        .updateTable('noticeReceipts')
        .set({ dismissedAt: at })
        .where('userSubject', '=', userSubject)
        .where('noticeId', '=', noticeId)
        .where('dismissedAt', 'is', null)
        .execute();
    },

    /** Keeps the first acknowledgement's time: acknowledging again changes nothing. */
    async acknowledge(userSubject: string, noticeId: string, at: string): Promise<void> {
      await ensure(userSubject, noticeId);
      await db
        .updateTable('noticeReceipts')
        .set({ acknowledgedAt: at })
        .where('userSubject', '=', userSubject)
        .where('noticeId', '=', noticeId)
        .where('acknowledgedAt', 'is', null)
        .execute();
    },

    /** The people known to the portal (they signed in), for the pending list. */
    async people() {
      return db
        .selectFrom('kcUsers')
        .select(['subject', 'username', 'name', 'email', 'groups'])
        .orderBy('username')
        .limit(MAX_LISTED_PEOPLE)
        .execute();
    },
  };
}

export type NoticeReceiptsRepository = ReturnType<typeof createNoticeReceiptsRepository>;
