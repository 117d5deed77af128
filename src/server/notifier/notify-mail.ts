import { escapeHtml } from '../lib/escape-html.js';
import type { Translate } from '../i18n/translator.js';
import type { MailMessage } from '../outbox/outbox.js';

/** One line of a notification mail: an app's latest change in the batch. */
export interface MailLine {
  appName: string;
  event: string;
  phase: string;
  at: number;
  noticeTitle: string;
}

function lineText(line: MailLine, t: Translate, time: string): string {
  const values = { app: line.appName, time, title: line.noticeTitle };
  if (line.event === 'down') return t('notify.event.down', values);
  if (line.event === 'up') return t('notify.event.up', values);
  if (line.event === 'notice') return t('notify.event.notice', values);
  return line.phase === 'ends'
    ? t('notify.event.maintenanceEnds', values)
    : t('notify.event.maintenanceBegins', values);
}

/** Formatters by language and time zone: making one costs far more than using it. */
const formats = new Map<string, Intl.DateTimeFormat>();

/** A time as the person reads it: their language, their time zone (UTC when it is unknown). */
export function formatTime(at: number, language: string, timeZone: string): string {
  const key = `${language} ${timeZone}`;
  let format = formats.get(key);
  if (!format) {
    const options: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeStyle: 'short' };
    try {
      format = new Intl.DateTimeFormat(language, { ...options, timeZone });
    } catch {
      format = new Intl.DateTimeFormat(language, { ...options, timeZone: 'UTC' });
    }
    if (formats.size > 1000) formats.clear();
    formats.set(key, format);
  }
  return format.format(at);
}

/**
 * One person's notification mail (docs/notifications.md, "Messages"): the apps with their event
 * and time, a link to the portal and to the settings, and the one-click unsubscribe link (also
 * sent as the List-Unsubscribe header). Plain text and HTML; every text from outside escaped.
 */
export function notificationMail(input: {
  to: string;
  t: Translate;
  language: string;
  timeZone: string;
  lines: readonly MailLine[];
  portalUrl: string;
  unsubscribeUrl: string;
}): MailMessage & { topic: 'notification' } {
  const { t, lines } = input;
  const base = input.portalUrl.replace(/\/+$/, '');
  const items = lines.map((line) =>
    lineText(line, t, formatTime(line.at, input.language, input.timeZone)),
  );
  const subject =
    lines.length === 1 && lines[0]
      ? t('notify.subjectOne', { app: lines[0].appName })
      : t('notify.subjectMany', { count: lines.length });
  const links = [
    { label: t('notify.openPortal'), href: `${base}/` },
    { label: t('notify.settings'), href: `${base}/settings` },
    { label: t('notify.unsubscribe'), href: input.unsubscribeUrl },
  ];
  const text =
    `${t('notify.intro')}\n\n` +
    items.map((item) => `- ${item}`).join('\n') +
    '\n\n' +
    links.map((link) => `${link.label}: ${link.href}`).join('\n') +
    '\n';
  const html =
    `<p>${escapeHtml(t('notify.intro'))}</p>\n<ul>\n` +
    items.map((item) => `<li>${escapeHtml(item)}</li>`).join('\n') +
    '\n</ul>\n' +
    links
      .map((link) => `<p><a href="${escapeHtml(link.href)}">${escapeHtml(link.label)}</a></p>`)
      .join('\n') +
    '\n';
  return {
    kind: 'mail',
    to: [input.to],
    // A title or an app name never breaks the header.
    subject: subject.replace(/[\r\n]+/g, ' ').slice(0, 200),
    text,
    html,
    unsubscribeUrl: input.unsubscribeUrl,
    topic: 'notification',
  };
}
