import { randomUUID } from 'node:crypto';
import type { Actor } from '../../shared/api/admin-schemas.js';
import type { PortalNotice, PortalNoticeSeverity } from '../../shared/api/notice-schemas.js';
import { checkNoticeFields, type NoticeFields } from '../../shared/notices/notice-rules.js';
import type { Notice } from '../../shared/status/history-schemas.js';
import { NotFoundError } from '../http/errors.js';
import { textIn } from '../../shared/i18n/localized-text.js';
import { storedText } from '../i18n/stored-text.js';
import type { AdminRepository } from '../admin/admin.repository.js';
import { audited } from '../audit/unit-of-work.js';
import type { Db } from '../db/database.js';
import { invalidFields } from '../admin-http/admin-errors.js';
import { CALENDAR_HISTORY_MS, type PortalNoticesRepository } from './portal-notices.repository.js';
import type { PortalNoticeRow } from './portal-notices.table.js';
import { inAudience, parseAudience } from '../../shared/notices/notice-audience.js';
import type { NoticeReceiptsRepository } from './notice-receipts.repository.js';
import type { NoticeMailing } from './notice-mailing.js';

/** Who asks for notices: null for an anonymous visitor. */
export type NoticeViewer = { subject?: string; groups: readonly string[] } | null;

/** The public id of a portal notice's version (GET /api/notices): `portal-<id>-<version>`. */
const PUBLIC_ID =
  /^portal-([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})-[1-9]\d{0,8}$/;

/** The stored id of a notice named by its public id or its own id; undefined when neither. */
export function storedNoticeId(id: string): string | undefined {
  const match = PUBLIC_ID.exec(id);
  if (match) return match[1];
  return /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/.test(id) ? id : undefined;
}

function fieldsOf(row: PortalNoticeRow): NoticeFields {
  return {
    title: row.title,
    text: storedText(row.text, row.textTexts),
    severity: row.severity as PortalNoticeSeverity,
    startsAt: row.startsAt,
    endsAt: row.endsAt,
    appIds: parseIds(row.appIds),
    audience: parseAudience(row.audience),
    requireAck: row.requireAck === 1,
    mailAudience: row.mailAudience === 1,
  };
}

export function parseIds(json: string): string[] {
  try {
    const ids: unknown = JSON.parse(json);
    return Array.isArray(ids) ? ids.filter((id): id is string => typeof id === 'string') : [];
  } catch {
    return [];
  }
}

export function toPortalNotice(row: PortalNoticeRow): PortalNotice {
  return {
    id: row.id,
    ...fieldsOf(row),
    version: row.version,
    created: row.created,
    createdBy: { subject: row.createdBySubject, username: row.createdByUsername },
    updated: row.updated,
    updatedBy: { subject: row.updatedBySubject, username: row.updatedByUsername },
  };
}

/**
 * A portal notice as GET /api/notices shows it, beside the status page's: its text in
 * `language` (textIn), the default language's when none is given.
 */
export function toPublicNotice(
  row: PortalNoticeRow,
  appIds: string[],
  language?: { language: string; defaultLanguage: string },
): Notice {
  const severity = row.severity as PortalNoticeSeverity;
  return {
    // The version is part of the id: an edited notice shows again after a dismissal.
    id: `portal-${row.id}-${row.version}`,
    kind: severity === 'info' ? 'notice' : severity,
    title: row.title,
    text: language
      ? textIn(storedText(row.text, row.textTexts), language.language, language.defaultLanguage)
      : row.text,
    severity: severity === 'incident' ? 'warning' : 'info',
    start: row.startsAt,
    end: row.endsAt,
    appIds,
    ...(row.requireAck === 1 ? { requireAck: true } : {}),
  };
}

/**
 * Notices admins post: every change checked field by field and written in one transaction with
 * its audit entry (action `notice`, the notice's fields before and after).
 */
export function createPortalNoticesService(deps: {
  notices: PortalNoticesRepository;
  admin: Pick<AdminRepository, 'findApp'>;
  db: Db;
  clock: () => string;
  /** DEFAULT_LANGUAGE: a text given per language keeps this language's in its plain column. */
  defaultLanguage?: string;
  /** A notice with `mailAudience` is mailed to its audience in its transaction (notice-mailing.ts). */
  mailing?: Pick<NoticeMailing, 'mailsFor' | 'enqueue'>;
}) {
  const { notices, admin } = deps;
  const mailsFor = async (fields: NoticeFields) => (await deps.mailing?.mailsFor(fields)) ?? [];

  async function checked(body: Record<string, unknown>, base?: NoticeFields) {
    const { fields, errors } = checkNoticeFields(body, base);
    if (errors.appIds === undefined && body.appIds !== undefined) {
      const unknown: string[] = [];
      for (const id of fields.appIds) if (!(await admin.findApp(id))) unknown.push(id);
      if (unknown.length > 0) errors.appIds = `names unknown apps: ${unknown.join(', ')}`;
    }
    if (Object.keys(errors).length > 0) throw invalidFields(errors);
    return fields;
  }

  const valuesOf = (id: string, fields: NoticeFields | null) => (fields ? { id, ...fields } : null);

  return {
    async list(): Promise<PortalNotice[]> {
      return (await notices.list()).map(toPortalNotice);
    },

    async create(actor: Actor, body: Record<string, unknown>): Promise<PortalNotice> {
      const fields = await checked(body);
      const id = randomUUID();
      const mails = await mailsFor(fields);
      await audited(deps.db, { actor, at: deps.clock() }, async ({ trx, at, audit }) => {
        await notices.insert(trx, id, fields, actor, at, deps.defaultLanguage);
        await deps.mailing?.enqueue(trx, mails);
        await audit({ action: 'notice', appId: null, before: null, after: valuesOf(id, fields) });
      });
      return toPortalNotice((await notices.find(id)) as PortalNoticeRow);
    },

    async update(actor: Actor, id: string, body: Record<string, unknown>): Promise<PortalNotice> {
      const current = await notices.find(id);
      if (!current) throw new NotFoundError('There is no such notice.');
      const before = fieldsOf(current);
      const fields = await checked(body, before);
      // The new version is mailed again when it is to be mailed (its readers see it anew).
      const mails = await mailsFor(fields);
      await audited(deps.db, { actor, at: deps.clock() }, async ({ trx, at, audit }) => {
        await notices.update(trx, id, fields, actor, at, deps.defaultLanguage);
        await deps.mailing?.enqueue(trx, mails);
        await audit({
          action: 'notice',
          appId: null,
          before: valuesOf(id, before),
          after: valuesOf(id, fields),
        });
      });
      return toPortalNotice((await notices.find(id)) as PortalNoticeRow);
    },

    async remove(actor: Actor, id: string): Promise<void> {
      const current = await notices.find(id);
      if (!current) throw new NotFoundError('There is no such notice.');
      await audited(deps.db, { actor, at: deps.clock() }, async ({ trx, at, audit }) => {
        // The calendars send it once more as cancelled (maintenance-calendar.ts).
        const keepAfterEnd = new Date(Date.parse(at) - CALENDAR_HISTORY_MS).toISOString();
        await notices.remove(trx, id, at, keepAfterEnd);
        await audit({
          action: 'notice',
          appId: null,
          before: valuesOf(id, fieldsOf(current)),
          after: null,
        });
      });
    },
  };
}

/**
 * The portal notices in force now, as a viewer sees them: a notice naming apps lists only the
 * apps the viewer may see, and one naming only apps hidden from the viewer is not shown at all.
 */
export function createActivePortalNotices(deps: {
  notices: Pick<PortalNoticesRepository, 'activeAt'>;
  /** A signed-in viewer's dismissals and acknowledgements (left out of what they see). */
  receipts?: Pick<NoticeReceiptsRepository, 'forUser'>;
  now: () => number;
  /** DEFAULT_LANGUAGE: the text shown when a notice has none in the viewer's language. */
  defaultLanguage?: string;
}) {
  const defaultLanguage = deps.defaultLanguage ?? 'en';
  return {
    /**
     * The notices in force for a viewer who sees `visibleIds`, texts in `language`: only those
     * whose audience holds the viewer, without the ones the viewer dismissed or acknowledged
     * (unless `all`), those to acknowledge first.
     */
    async activeFor(
      visibleIds: ReadonlySet<string>,
      language?: string,
      viewer: NoticeViewer = null,
      options: { all?: boolean } = {},
    ): Promise<Notice[]> {
      const rows = (await deps.notices.activeAt(new Date(deps.now()).toISOString())).filter((row) =>
        inAudience(parseAudience(row.audience), viewer),
      );
      const handled = new Set<string>();
      if (viewer?.subject && deps.receipts && !options.all) {
        const receipts = await deps.receipts.forUser(
          viewer.subject,
          rows.map((row) => row.id),
        );
        const required = new Set(rows.filter((row) => row.requireAck === 1).map((row) => row.id));
        for (const receipt of receipts) {
          if (receipt.acknowledgedAt !== null) handled.add(receipt.noticeId);
          else if (receipt.dismissedAt !== null && !required.has(receipt.noticeId)) {
            handled.add(receipt.noticeId);
          }
        }
      }
      const shown: Notice[] = [];
      for (const row of rows) {
        if (handled.has(row.id)) continue;
        const named = parseIds(row.appIds);
        const visible = named.filter((id) => visibleIds.has(id));
        if (named.length > 0 && visible.length === 0) continue;
        shown.push(
          toPublicNotice(row, visible, {
            language: language ?? defaultLanguage,
            defaultLanguage,
          }),
        );
      }
      // Notices to acknowledge first, else in their order (the sort is stable).
      return shown.sort((a, b) => Number(b.requireAck === true) - Number(a.requireAck === true));
    },
  };
}

export type PortalNoticesService = ReturnType<typeof createPortalNoticesService>;
export type ActivePortalNotices = ReturnType<typeof createActivePortalNotices>;
