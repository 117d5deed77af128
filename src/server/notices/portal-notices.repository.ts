import type { Actor } from '../../shared/api/admin-schemas.js';
import type { NoticeFields } from '../../shared/notices/notice-rules.js';
import type { Db } from '../db/database.js';
import { textColumns } from '../i18n/stored-text.js';
import type { Trx } from '../audit/unit-of-work.js';
import type { NoticeCancellationRow, PortalNoticeRow } from './portal-notices.table.js';

/** How long an ended notice stays in the calendars, so they keep what happened last month. */
export const CALENDAR_HISTORY_MS = 30 * 24 * 60 * 60 * 1000;

/** At most this many notices are listed for admins (latest start first)... */
export const MAX_LISTED_NOTICES = 500;
/** ...and at most this many in force are shown to viewers (earliest start first). */
export const MAX_ACTIVE_NOTICES = 20;

/** A notice's fields as columns: the text given per language kept as two (stored-text.ts). */
function columnsOf(fields: NoticeFields, defaultLanguage: string) {
  const { plain, texts } = textColumns(fields.text, defaultLanguage);
  return {
    ...fields,
    text: plain,
    textTexts: texts,
    appIds: JSON.stringify(fields.appIds),
    audience: JSON.stringify(fields.audience),
    requireAck: fields.requireAck ? 1 : 0,
    mailAudience: fields.mailAudience ? 1 : 0,
  };
}

/**
 * Data access of portal notices: the only place their SQL lives. On writes, `defaultLanguage`
 * (DEFAULT_LANGUAGE) is the language whose text a text given per language keeps in `text`.
 */
export function createPortalNoticesRepository(db: Db) {
  return {
    async list(q: Trx | Db = db): Promise<PortalNoticeRow[]> {
      return q
        .selectFrom('portalNotices')
        .selectAll()
        .orderBy('startsAt', 'desc')
        .orderBy('created', 'desc')
        .limit(MAX_LISTED_NOTICES)
        .execute();
    },

    async find(id: string, q: Trx | Db = db): Promise<PortalNoticeRow | undefined> {
      return q.selectFrom('portalNotices').selectAll().where('id', '=', id).executeTakeFirst();
    },

    /** Notices that end after `at` (ISO), by start: the calendar's (past ones kept a while). */
    async endingAfter(at: string): Promise<PortalNoticeRow[]> {
      return db
        .selectFrom('portalNotices')
        .selectAll()
        .where('endsAt', '>', at)
        .orderBy('startsAt')
        .orderBy('created')
        .limit(MAX_LISTED_NOTICES)
        .execute();
    },

    /** Notices in force at `at` (ISO): started, and not ended. */
    async activeAt(at: string): Promise<PortalNoticeRow[]> {
      return db
        .selectFrom('portalNotices')
        .selectAll()
        .where('endsAt', '>', at)
        .where('startsAt', '<=', at)
        .orderBy('startsAt')
        .orderBy('created')
        .limit(MAX_ACTIVE_NOTICES)
        .execute();
    },

    async insert(
      trx: Trx,
      id: string,
      fields: NoticeFields,
      actor: Actor,
      at: string,
      defaultLanguage = 'en',
    ) {
      await trx
        .insertInto('portalNotices')
        .values({
          id,
          ...columnsOf(fields, defaultLanguage),
          version: 1,
          created: at,
          createdBySubject: actor.subject,
          createdByUsername: actor.username,
          updated: at,
          updatedBySubject: actor.subject,
          updatedByUsername: actor.username,
        })
        .execute();
    },

    async update(
      trx: Trx,
      id: string,
      fields: NoticeFields,
      actor: Actor,
      at: string,
      defaultLanguage = 'en',
    ) {
      await trx
        .updateTable('portalNotices')
        .set((eb) => ({
          ...columnsOf(fields, defaultLanguage),
          version: eb('version', '+', 1),
          updated: at,
          updatedBySubject: actor.subject,
          updatedByUsername: actor.username,
        }))
        .where('id', '=', id)
        .execute();
    },

    /**
     * Deletes a notice and its receipts, and leaves its cancellation for the calendars (the
     * event under the same UID, the next SEQUENCE); cancellations whose window ended more than
     * `keepAfterEnd` ago (ISO) go.
     */
    async remove(trx: Trx, id: string, at = new Date().toISOString(), keepAfterEnd?: string) {
      const row = await trx
        .selectFrom('portalNotices')
        .selectAll()
        .where('id', '=', id)
        .executeTakeFirst();
      await trx.deleteFrom('noticeReceipts').where('noticeId', '=', id).execute();
      await trx.deleteFrom('portalNotices').where('id', '=', id).execute();
      if (keepAfterEnd !== undefined) {
        await trx.deleteFrom('noticeCancellations').where('endsAt', '<', keepAfterEnd).execute();
      }
      if (!row) return;
      await trx
        .insertInto('noticeCancellations')
        .values({
          noticeId: row.id,
          title: row.title,
          startsAt: row.startsAt,
          endsAt: row.endsAt,
          appIds: row.appIds,
          audience: row.audience,
          sequence: row.version,
          created: row.created,
          cancelledAt: at,
        })
        .execute();
    },

    /** Deleted notices whose window ends after `at` (ISO), for the calendars. */
    async cancelledEndingAfter(at: string): Promise<NoticeCancellationRow[]> {
      return db
        .selectFrom('noticeCancellations')
        .selectAll()
        .where('endsAt', '>', at)
        .orderBy('startsAt')
        .limit(MAX_LISTED_NOTICES)
        .execute();
    },
  };
}

export type PortalNoticesRepository = ReturnType<typeof createPortalNoticesRepository>;
