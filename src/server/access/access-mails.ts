import type { Language } from '../../shared/i18n/languages.js';
import type { Translate } from '../i18n/translator.js';
import type { OutboxMessage } from './ports.js';
import type { AccessRequestRow } from './access-requests.table.js';
import { mailBodies } from '../outbox/mail-bodies.js';

/**
 * The language mails are written in and its texts (the `server` catalog): DEFAULT_LANGUAGE, as
 * the portal does not know the recipients' languages (docs/i18n.md).
 */
export interface MailTexts {
  language: Language;
  t: Translate;
}

/** A date of a mail ("25 December 2026"), in the mail's language; the calendar day in UTC. */
export function mailDate(iso: string, language: Language): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(language, { dateStyle: 'long', timeZone: 'UTC' }).format(date);
}

/** User text in a subject: one line, no CR/LF or other control characters, bounded. */
export function subjectText(text: string, max = 80): string {
  // eslint-disable-next-line no-control-regex -- removing them is the point
  const line = text.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g, ' ').trim();
  return line.length > max ? `${line.slice(0, max - 1)}…` : line;
}

function mail(
  to: string[],
  subject: string,
  lines: string[],
  link: { href: string; label: string },
): OutboxMessage {
  const { text, html } = mailBodies(lines, link);
  return { kind: 'mail', to, subject, text, html };
}

/** The request's fields a webhook carries (never a token; the reason only on creation). */
/**
 * Every event the access webhook sends (docs/access-requests-delivery.md, "Events" lists each
 * with its body; access-webhook-events.test.ts keeps the two in step).
 */
export const ACCESS_WEBHOOK_EVENTS = [
  'access.requested',
  'access.withdrawn',
  'access.expired',
  'access.membership_failed',
] as const;
export type AccessWebhookEvent = (typeof ACCESS_WEBHOOK_EVENTS)[number];

/** A webhook message of one of ACCESS_WEBHOOK_EVENTS. */
function webhook(event: AccessWebhookEvent, payload: Record<string, unknown>): OutboxMessage {
  return { kind: 'webhook', event, payload };
}

function payloadOf(row: AccessRequestRow): Record<string, unknown> {
  return {
    id: row.id,
    appId: row.appId,
    appName: row.appName,
    requester: { username: row.username, name: row.name, email: row.email },
    status: row.status,
    membership: row.membership,
    group: row.grantGroup,
    created: row.created,
    decidedAt: row.decidedAt,
    decidedBy: row.decidedByName,
    expiresAt: row.expiresAt,
  };
}

/** The portal's pages the mails link to (the inbox is the SPA route /requests). */
export function portalLinks(publicUrl: string) {
  const base = publicUrl.replace(/\/+$/, '');
  return { home: `${base}/`, inbox: `${base}/requests` };
}

export function requestCreatedMessages(
  row: AccessRequestRow,
  approverEmails: string[],
  publicUrl: string,
  { t }: MailTexts,
): OutboxMessage[] {
  const links = portalLinks(publicUrl);
  const messages: OutboxMessage[] = [
    webhook('access.requested', { ...payloadOf(row), reason: row.reason }),
  ];
  if (approverEmails.length > 0) {
    messages.unshift(
      mail(
        approverEmails,
        t('accessMail.requested.subject', {
          requester: subjectText(row.name || row.username),
          app: subjectText(row.appName),
        }),
        [
          t('accessMail.requested.who', {
            name: row.name,
            account: row.email ? `${row.username}, ${row.email}` : row.username,
            app: row.appName,
          }),
          t('accessMail.requested.reason', { reason: row.reason }),
          t('accessMail.requested.group', { group: row.grantGroup }),
          ...(row.acceptedTerms
            ? [t('accessMail.requested.terms', { version: row.acceptedTerms })]
            : []),
        ],
        { href: links.inbox, label: t('accessMail.requested.link') },
      ),
    );
  }
  return messages;
}

export function withdrawnMessages(row: AccessRequestRow): OutboxMessage[] {
  return [webhook('access.withdrawn', payloadOf(row))];
}

export function decidedMessages(
  row: AccessRequestRow,
  publicUrl: string,
  { t, language }: MailTexts,
): OutboxMessage[] {
  const links = portalLinks(publicUrl);
  const approved = row.status === 'approved';
  const app = row.appName;
  const approver = row.decidedByName;
  const lines = [
    approved
      ? approver
        ? t('accessMail.decided.approvedBy', { app, approver })
        : t('accessMail.decided.approved', { app })
      : approver
        ? t('accessMail.decided.declinedBy', { app, approver })
        : t('accessMail.decided.declined', { app }),
  ];
  if (row.note) lines.push(t('accessMail.decided.note', { note: row.note }));
  if (approved && row.membership === 'waiting') lines.push(t('accessMail.decided.settingUp'));
  if (approved && row.expiresAt) {
    lines.push(t('accessMail.decided.until', { date: mailDate(row.expiresAt, language) }));
  }
  const messages: OutboxMessage[] = [
    {
      kind: 'webhook',
      event: approved ? 'access.approved' : 'access.declined',
      payload: payloadOf(row),
    },
  ];
  if (row.email) {
    messages.unshift(
      mail(
        [row.email],
        approved
          ? t('accessMail.decided.subjectApproved', { app: subjectText(row.appName) })
          : t('accessMail.decided.subjectDeclined', { app: subjectText(row.appName) }),
        lines,
        { href: links.home, label: t('accessMail.openPortal') },
      ),
    );
  }
  return messages;
}

export function reminderMessages(
  row: AccessRequestRow,
  publicUrl: string,
  { t, language }: MailTexts,
): OutboxMessage[] {
  if (!row.email || !row.expiresAt) return [];
  const date = mailDate(row.expiresAt, language);
  return [
    mail(
      [row.email],
      t('accessMail.reminder.subject', { app: subjectText(row.appName), date }),
      [t('accessMail.reminder.body', { app: row.appName, date }), t('accessMail.reminder.again')],
      { href: portalLinks(publicUrl).home, label: t('accessMail.openPortal') },
    ),
  ];
}

export function expiredMessages(
  row: AccessRequestRow,
  publicUrl: string,
  { t }: MailTexts,
): OutboxMessage[] {
  const messages: OutboxMessage[] = [webhook('access.expired', payloadOf(row))];
  if (row.email) {
    messages.unshift(
      mail(
        [row.email],
        t('accessMail.expired.subject', { app: subjectText(row.appName) }),
        [t('accessMail.expired.body', { app: row.appName }), t('accessMail.expired.again')],
        { href: portalLinks(publicUrl).home, label: t('accessMail.openPortal') },
      ),
    );
  }
  return messages;
}

/**
 * The portal gave up writing an approved request's membership: the approver (or the app's
 * approvers) must add it by hand; the webhook says so too.
 */
export function membershipFailedMessages(
  row: AccessRequestRow,
  approverEmails: string[],
  publicUrl: string,
  { t }: MailTexts,
): OutboxMessage[] {
  const messages: OutboxMessage[] = [webhook('access.membership_failed', payloadOf(row))];
  if (approverEmails.length > 0) {
    messages.unshift(
      mail(
        approverEmails,
        t('accessMail.failed.subject', {
          username: subjectText(row.username),
          group: subjectText(row.grantGroup),
          app: subjectText(row.appName),
        }),
        [
          t('accessMail.failed.body', {
            name: row.name,
            username: row.username,
            app: row.appName,
            group: row.grantGroup,
          }),
          t('accessMail.failed.action', { username: row.username, group: row.grantGroup }),
        ],
        { href: portalLinks(publicUrl).inbox, label: t('accessMail.failed.link') },
      ),
    );
  }
  return messages;
}
