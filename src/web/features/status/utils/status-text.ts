/**
 * The status texts in the page's language (docs/i18n.md): durations, "since" clauses, uptimes
 * and the strip's summary, from the facts src/shared/status/describe.ts computes. Given the
 * page's Locale (`useLocale()`), so they translate without being components.
 */
import { durationParts, sinceParts, uptimeFraction } from '../../../../shared/status/describe.js';
import type { HistoryState, UptimeRange } from '../../../../shared/status/history.js';
import type { Locale } from '../../../lib/i18n.js';

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

/** "99.87 %" as the language writes it; two decimals at most, never rounding up to 100. */
export function formatUptime(locale: Locale, uptime: number): string {
  return locale.formatNumber(uptimeFraction(uptime), {
    style: 'percent',
    maximumFractionDigits: 2,
  });
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
 * and how the last slot looks. `slotMinutes` is the length of one slot.
 */
export function describeStrip(
  locale: Locale,
  states: readonly HistoryState[],
  uptime: number | null,
  slotMinutes: number,
  range: UptimeRange = '24h',
): string {
  const { t } = locale;
  const sentences = [
    uptime === null
      ? t('status.strip.noUptime', { range })
      : t('status.strip.uptime', { range, uptime: formatUptime(locale, uptime) }),
  ];
  const slot = formatDuration(locale, slotMinutes * 60_000);
  const total = states.length;
  for (const state of ['down', 'pending', 'maintenance'] as const) {
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
