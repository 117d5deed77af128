import type { Language } from '../../shared/i18n/languages.js';
import { textIn } from '../../shared/i18n/localized-text.js';
import { normalizeGroup } from '../../shared/identity/groups.js';
import { inAudience } from '../../shared/notices/notice-audience.js';
import type { NoticeFields } from '../../shared/notices/notice-rules.js';
import type { Trx } from '../audit/unit-of-work.js';
import type { Db } from '../db/database.js';
import type { Translate } from '../i18n/translator.js';
import { mailBodies } from '../outbox/mail-bodies.js';
import type { MailMessage, Outbox } from '../outbox/outbox.js';

/** Rows written per insert (SQLite's bound on a statement's variables). */
const CHUNK = 500;

/** A time of a notice as a mail reads it: `2026-11-30 08:00 UTC`. */
const timeOf = (iso: string) => `${iso.slice(0, 16).replace('T', ' ')} UTC`;

function groupsOf(json: string): string[] {
  try {
    const groups: unknown = JSON.parse(json);
    return Array.isArray(groups)
      ? groups.filter((group): group is string => typeof group === 'string').map(normalizeGroup)
      : [];
  } catch {
    return [];
  }
}

/**
 * Mailing a notice to its audience (docs/notifications.md, "Mailing a notice"): one mail per
 * person the portal knows (kcUsers with an e-mail address, once per address) who is in the
 * notice's audience and, for a notice naming apps, may see one of them (as GET /api/notices
 * shows it). In the default language (people's languages are not known), with the notice's text,
 * its time and a link to the portal, where a notice to acknowledge is acknowledged. The mails are
 * made before the change's transaction (the catalog is read apart) and written in it (`enqueue`).
 */
export function createNoticeMailing(deps: {
  db: Db;
  outbox: Outbox;
  visibleApps: (viewer: { groups: readonly string[] }) => Promise<readonly { id: string }[]>;
  mailTexts: { language: Language; t: Translate };
  publicUrl: string;
}) {
  const { t, language } = deps.mailTexts;

  /** Who of the known people gets the notice: their e-mail addresses, sorted. */
  async function recipients(fields: NoticeFields): Promise<string[]> {
    const users = await deps.db
      .selectFrom('kcUsers')
      .select(['email', 'groups'])
      .where('email', '!=', '')
      .execute();
    const seen = new Map<string, boolean>();
    const emails = new Set<string>();
    for (const user of users) {
      const groups = groupsOf(user.groups);
      // Everyone the portal knows has signed in: `everyone` and `signed-in` reach them all.
      if (!inAudience(fields.audience, { groups })) continue;
      if (fields.appIds.length > 0) {
        const key = [...new Set(groups)].sort().join('\n');
        let sees = seen.get(key);
        if (sees === undefined) {
          const visible = new Set((await deps.visibleApps({ groups })).map((app) => app.id));
          sees = fields.appIds.some((id) => visible.has(id));
          seen.set(key, sees);
        }
        if (!sees) continue;
      }
      emails.add(user.email.trim());
    }
    return [...emails].sort();
  }

  function mailTo(email: string, fields: NoticeFields): MailMessage {
    const text = textIn(fields.text, language, language);
    const lines = [
      t('noticeMail.intro'),
      fields.title,
      ...(text.trim() === '' ? [] : [text]),
      t('noticeMail.when', { start: timeOf(fields.startsAt), end: timeOf(fields.endsAt) }),
      ...(fields.requireAck ? [t('noticeMail.acknowledge')] : []),
    ];
    const link = {
      href: `${deps.publicUrl.replace(/\/+$/, '')}/`,
      label: t('accessMail.openPortal'),
    };
    return {
      kind: 'mail',
      to: [email],
      subject: t('noticeMail.subject', { title: fields.title }),
      ...mailBodies(lines, link),
    };
  }

  return {
    /** The mails of a notice mailed to its audience; none when it is not. */
    async mailsFor(fields: NoticeFields): Promise<MailMessage[]> {
      if (!fields.mailAudience) return [];
      return (await recipients(fields)).map((email) => mailTo(email, fields));
    },

    /** Writes the mails in the change's transaction. */
    async enqueue(trx: Trx, mails: readonly MailMessage[]): Promise<void> {
      for (let start = 0; start < mails.length; start += CHUNK) {
        await deps.outbox.enqueue(trx, mails.slice(start, start + CHUNK));
      }
    },
  };
}

export type NoticeMailing = ReturnType<typeof createNoticeMailing>;
