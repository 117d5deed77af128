import type { Language } from '../../shared/i18n/languages.js';
import type { Translate } from '../i18n/translator.js';
import { isMailAddress, type MailMessage } from '../outbox/outbox.js';
import { mailBodies } from '../outbox/mail-bodies.js';

/** The language of the mails and its texts (the `server` catalog), as the access mails'. */
export interface MailTexts {
  language: Language;
  t: Translate;
}

/** Catalog text in a subject: one line, no CR/LF or other control characters, bounded. */
function subjectText(text: string, max = 80): string {
  // eslint-disable-next-line no-control-regex -- removing them is the point
  const line = text.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g, ' ').trim();
  return line.length > max ? `${line.slice(0, max - 1)}…` : line;
}

/** The statuses the portal shows (0 Down, 1 Up, 2 Pending, 3 Maintenance), in words. */
export const STATUS_WORDS = ['down', 'up', 'pending', 'maintenance'] as const;
export type StatusWord = (typeof STATUS_WORDS)[number] | 'unknown';

export function statusWord(status: number | undefined): StatusWord {
  return (status !== undefined && STATUS_WORDS[status]) || 'unknown';
}

/** What a report says; never the reporter's address on the network, only its name. */
export interface ReportFacts {
  app: { id: string; name: string };
  status: StatusWord;
  reporter: { name: string; username: string; email: string };
  /** The name of the network the report came from; null: none the portal knows. */
  network: string | null;
  message: string;
}

/**
 * The mail to an app's support contact. Everything the reporter typed or the identity provider
 * sent is in the body only (HTML-escaped in the HTML part); the subject carries the app's name
 * as one bounded line (subjectText), so no line break reaches a header.
 */
export function reportMail(
  to: string[],
  facts: ReportFacts,
  publicUrl: string,
  { t }: MailTexts,
): MailMessage {
  const { app, reporter } = facts;
  const who = reporter.name || reporter.username;
  const account = reporter.email ? `${reporter.username}, ${reporter.email}` : reporter.username;
  const lines = [
    t('reportMail.intro', { name: who, account, app: app.name, id: app.id }),
    t('reportMail.status', { app: app.name, status: t(`reportMail.statusWord.${facts.status}`) }),
    t('reportMail.network', { network: facts.network ?? t('reportMail.noNetwork') }),
    t('reportMail.message', { message: facts.message }),
    reporter.email ? t('reportMail.reply', { email: reporter.email }) : t('reportMail.noEmail'),
  ];
  const link = { href: `${publicUrl.replace(/\/+$/, '')}/`, label: t('accessMail.openPortal') };
  const { text, html } = mailBodies(lines, link);
  return {
    kind: 'mail',
    to,
    subject: t('reportMail.subject', { app: subjectText(app.name), id: app.id }),
    text,
    html,
    // Support answers the reporter directly, when the sign-on gave a plain address.
    ...(isMailAddress(reporter.email) ? { replyTo: reporter.email } : {}),
  };
}
