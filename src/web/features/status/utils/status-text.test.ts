import { describe, expect, it } from 'vitest';
import { fallbackLocale } from '../../../lib/i18n.js';
import { localeFor } from '../../../test-support/messages.js';
import { describeSince, describeStrip, formatDuration, formatUptime } from './status-text.js';

const NOW = Date.parse('2026-11-23T12:00:00Z');
const ago = (ms: number) => new Date(NOW - ms).toISOString();
const en = fallbackLocale;
const de = localeFor('de');
const ar = localeFor('ar');
/** Intl puts (narrow) no-break spaces where the language wants them. */
const spaced = (text: string | undefined) => text?.replace(/[\u00a0\u202f]/g, ' ');

describe('status texts', () => {
  it('say since when, in English and German, with the language’s units', () => {
    expect(describeSince(en, 'down', ago(12 * 60_000), NOW, true)).toBe('Down for 12 min');
    expect(describeSince(en, 'up', ago(30_000), NOW, true)).toBe('Up for less than a minute');
    expect(spaced(describeSince(en, 'pending', ago(90 * 60_000), NOW, false))).toBe(
      'for 1 hr 30 min',
    );
    expect(describeSince(en, 'up', '2026-11-03T08:00:00Z', NOW, true)).toBe('Up since Nov 3');
    expect(describeSince(en, 'up', undefined, NOW, true)).toBeUndefined();
    expect(spaced(describeSince(de, 'down', ago(12 * 60_000), NOW, true))).toBe(
      'Ausgefallen seit 12 Min.',
    );
    expect(spaced(describeSince(de, 'maintenance', '2026-11-03T08:00:00Z', NOW, true))).toBe(
      'In Wartung seit 3. Nov.',
    );
  });

  it('write uptimes and durations as the language does', () => {
    expect(formatUptime(en, 0.99987)).toBe('99.98%');
    expect(formatUptime(en, 1)).toBe('100%');
    expect(spaced(formatUptime(de, 0.99987))).toBe('99,98 %');
    expect(spaced(formatDuration(de, 125 * 60_000))).toBe('2 Std. 5 Min.');
  });

  it('count the strip’s periods with real plurals', () => {
    const states = [...Array(47).fill('up'), 'down'] as const;
    expect(describeStrip(en, states, 0.99, 30)).toBe(
      'Last 24 hours: up 99% of the time. Down in 1 of 48 periods of 30 min. Latest period: down.',
    );
    expect(spaced(describeStrip(de, states, 0.99, 30))).toBe(
      'Letzte 24 Stunden: 99 % der Zeit in Betrieb. Ausgefallen in 1 von 48 Zeiträumen (je 30 Min.). Letzter Zeitraum: ausgefallen.',
    );
    expect(describeStrip(de, ['down'], null, 1440, '30d')).toContain('in 1 von 1 Zeitraum (je');
    // Arabic has two: "two periods" is its own word.
    expect(describeStrip(ar, ['down', 'up'], null, 30)).toContain('فترتين');
  });
});
