/**
 * The status texts in the page's language (docs/i18n.md): durations, "since" clauses, uptimes
 * and the strip's summary, from the facts src/shared/status/describe.ts computes. Given the
 * page's Locale (`useLocale()`), so they translate without being components.
 */
import { durationParts, sinceParts, uptimeFraction } from '../../../../shared/status/describe.js';
import type { HistoryState, UptimeRange } from '../../../../shared/status/history.js';
import type { Notice } from '../../../../shared/status/history-schemas.js';
import { plainPercent, type Locale } from '../../../lib/i18n.js';

/** Days and times read the same on the server and in every browser: in UTC, said so. */
const DAY: Intl.DateTimeFormatOptions = { day: 'numeric', month: 'short', timeZone: 'UTC' };
const TIME: Intl.DateTimeFormatOptions = {
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
  timeZone: 'UTC',
  timeZoneName: 'short',
};

/** "3 Nov" (UTC). */
export function formatDay(locale: Locale, time: number): string {
  return locale.formatDate(time, DAY);
}

/** "14:05 UTC". */
export function formatTime(locale: Locale, time: number): string {
  return locale.formatDate(time, TIME);
}

/** "3 Nov, 14:05 UTC". */
export function formatDayTime(locale: Locale, time: number, timeZone?: 'UTC'): string {
  return locale.formatDate(time, timeZone ? { ...DAY, ...TIME, timeZone } : { ...DAY, ...TIME });
}

/** "12 min", "3 h", "2 h 5 min", "less than a minute", with the language's unit names. */
export function formatDuration(locale: Locale, ms: number): string {
  const parts = durationParts(ms);
  const unit = (value: number, name: 'minute' | 'hour') =>
    locale.formatNumber(value, { style: 'unit', unit: name, unitDisplay: 'short' });
  switch (parts.kind) {
    case 'underMinute':
      return locale.t('status.duration.underMinute');
    case 'minutes':
      return unit(parts.minutes, 'minute');
    case 'hours':
      return unit(parts.hours, 'hour');
    case 'hoursMinutes':
      return locale.t('status.duration.hoursMinutes', {
        hours: unit(parts.hours, 'hour'),
        minutes: unit(parts.minutes, 'minute'),
      });
  }
}

/**
 * "99.87 %" as the language writes it; two decimals at most, never rounding up to 100. On a
 * server-rendered page in the server's digits and percent sign, without an `Intl` object of the
 * browser's (decision 0057): the same text.
 */
export function formatUptime(locale: Locale, uptime: number): string {
  const fraction = uptimeFraction(uptime);
  if (locale.server) return plainPercent(fraction, locale.server);
  return locale.formatNumber(fraction, { style: 'percent', maximumFractionDigits: 2 });
}

/**
 * When a notice is in force ("3 Nov, 14:05 UTC – 3 Nov, 16:05 UTC"), in `timeZone` or the
 * browser's own; undefined for a notice without start and end.
 */
export function noticePeriod(
  locale: Locale,
  notice: Pick<Notice, 'start' | 'end'>,
  timeZone?: 'UTC',
): string | undefined {
  const at = (iso: string) => formatDayTime(locale, Date.parse(iso), timeZone);
  if (notice.start && notice.end) {
    return locale.t('notices.range', { start: at(notice.start), end: at(notice.end) });
  }
  if (notice.start) return locale.t('notices.since', { start: at(notice.start) });
  if (notice.end) return locale.t('notices.until', { end: at(notice.end) });
  return undefined;
}

/** The key of a notice's period among the server's texts: its id and times, so a changed one misses. */
export function noticePeriodKey(notice: Pick<Notice, 'id' | 'start' | 'end'>): string {
  return JSON.stringify(['notice', notice.id, notice.start ?? null, notice.end ?? null]);
}

/**
 * The texts the server formats for a page (entry-server.tsx), which the browser shows until the
 * first interaction instead of formatting them itself: the notices' periods, in UTC as the
 * server renders them.
 */
export function serverStatusTexts(
  locale: Locale,
  notices: readonly Notice[] = [],
): Record<string, string> {
  const texts: Record<string, string> = {};
  for (const notice of notices) {
    const period = noticePeriod(locale, notice, 'UTC');
    if (period !== undefined) texts[noticePeriodKey(notice)] = period;
  }
  return texts;
}

/**
 * Since when an app is in its state. `sentence`: the state first ("Down for 12 min", "Up since
 * 3 Nov"); otherwise the clause that follows the state's label ("for 12 min"). Undefined when
 * the start is unknown.
 */
export function describeSince(
  locale: Locale,
  state: HistoryState,
  since: string | undefined,
  now: number,
  sentence: boolean,
): string | undefined {
  const parts = sinceParts(since, now);
  if (!parts) return undefined;
  const values =
    parts.kind === 'for'
      ? { state, duration: formatDuration(locale, now - Date.parse(since as string)) }
      : { state, date: formatDay(locale, parts.start) };
  const id = `status.${sentence ? 'sentence' : 'clause'}.${parts.kind}`;
  return locale.t(id, values);
}

/**
 * The facts of a strip as sentences for screen readers: uptime, how many slots had trouble,
 * and how the last slot looks. `slotMinutes` is the length of one slot. `brief` leaves out the
 * slots with trouble, whose counts and slot length only `Intl` writes: before the first
 * interaction (use-interacted.ts).
 */
export function describeStrip(
  locale: Locale,
  states: readonly HistoryState[],
  uptime: number | null,
  slotMinutes: number,
  range: UptimeRange = '24h',
  brief = false,
): string {
  const { t } = locale;
  const sentences = [
    uptime === null
      ? t('status.strip.noUptime', { range })
      : t('status.strip.uptime', { range, uptime: formatUptime(locale, uptime) }),
  ];
  const slot = brief ? '' : formatDuration(locale, slotMinutes * 60_000);
  const total = states.length;
  for (const state of brief ? [] : (['down', 'pending', 'maintenance'] as const)) {
    const count = states.filter((s) => s === state).length;
    if (count > 0) {
      sentences.push(
        t('status.strip.trouble', {
          state,
          count: locale.formatNumber(count),
          total,
          slot,
        }),
      );
    }
  }
  const last = states.at(-1);
  if (last && last !== 'unknown') sentences.push(t('status.strip.latest', { state: last }));
  return sentences.join(' ');
}

/** The label of a state: "Up & Running", "Down", "Pending", "Maintenance", "Unknown". */
export function statusLabel(locale: Locale, state: HistoryState): string {
  return locale.t(`status.label.${state}`);
}
