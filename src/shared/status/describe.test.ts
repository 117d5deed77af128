import { describe, expect, it } from 'vitest';
import { describeSince, formatDuration, formatUptime, stripState } from './describe.js';

const NOW = Date.parse('2026-11-23T12:00:00Z');
const ago = (ms: number) => new Date(NOW - ms).toISOString();

describe('describeSince', () => {
  it.each([
    ['down', ago(12 * 60_000), 'Down for 12 min'],
    ['up', ago(30_000), 'Up for less than a minute'],
    ['pending', ago(90 * 60_000), 'Pending for 1 h 30 min'],
    ['maintenance', ago(7 * 3_600_000), 'In maintenance for 7 h'],
    ['up', '2026-11-03T08:00:00Z', 'Up since 3 Nov'],
    ['up', undefined, undefined],
    ['up', 'not a date', undefined],
  ] as const)('%s since %s: %j', (state, since, expected) => {
    expect(describeSince(state, since, NOW)).toBe(expected);
  });
});

describe('formatting', () => {
  it.each([
    [1, '100%'],
    [0.99987, '99.98%'],
    [0.99999, '99.99%'],
    [0.5, '50%'],
    [0, '0%'],
  ])('uptime %f reads %s', (value, text) => {
    expect(formatUptime(value)).toBe(text);
  });

  it('durations and strip codes', () => {
    expect(formatDuration(125 * 60_000)).toBe('2 h 5 min');
    expect([...'dpmu-x'].map(stripState)).toEqual([
      'down',
      'pending',
      'maintenance',
      'up',
      'unknown',
      'unknown',
    ]);
  });
});
