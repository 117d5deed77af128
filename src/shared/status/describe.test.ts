import { describe, expect, it } from 'vitest';
import { durationParts, sinceParts, stripState, uptimeFraction } from './describe.js';

const NOW = Date.parse('2026-11-23T12:00:00Z');
const ago = (ms: number) => new Date(NOW - ms).toISOString();

describe('sinceParts', () => {
  it.each([
    [ago(12 * 60_000), { kind: 'for', duration: { kind: 'minutes', minutes: 12 } }],
    [ago(30_000), { kind: 'for', duration: { kind: 'underMinute' } }],
    [ago(90 * 60_000), { kind: 'for', duration: { kind: 'hoursMinutes', hours: 1, minutes: 30 } }],
    [ago(7 * 3_600_000), { kind: 'for', duration: { kind: 'hours', hours: 7 } }],
    ['2026-11-03T08:00:00Z', { kind: 'since', start: Date.parse('2026-11-03T08:00:00Z') }],
    [undefined, undefined],
    ['not a date', undefined],
  ] as const)('since %s: %j', (since, expected) => {
    expect(sinceParts(since, NOW)).toEqual(expected);
  });
});

describe('facts', () => {
  it.each([
    [1, 1],
    [0.99987, 0.9998],
    [0.99999, 0.9999],
    [0.5, 0.5],
    [0, 0],
  ])('uptime %f counts as %f', (value, fraction) => {
    expect(uptimeFraction(value)).toBe(fraction);
  });

  it('durations and strip codes', () => {
    expect(durationParts(125 * 60_000)).toEqual({ kind: 'hoursMinutes', hours: 2, minutes: 5 });
    expect(durationParts(6 * 3_600_000 + 5 * 60_000)).toEqual({ kind: 'hours', hours: 6 });
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
