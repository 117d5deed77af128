import { fallbackLocale, type Locale } from '../i18n.js';

/**
 * Dates the console shows: date and time in the viewer's language and time zone ("23 Nov 2026,
 * 12:03" in British English, "23.11.2026, 12:03" in German). Without a locale: English.
 */
export function formatTime(
  iso: string,
  locale: Pick<Locale, 'formatDate'> = fallbackLocale,
): string {
  const time = Date.parse(iso);
  return Number.isNaN(time)
    ? iso
    : locale.formatDate(time, { dateStyle: 'medium', timeStyle: 'short' });
}
