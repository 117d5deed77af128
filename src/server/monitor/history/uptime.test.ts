import { describe, expect, it } from 'vitest';
import { summarizePeriods, type Period } from './uptime.js';

const MIN = 60_000;
const HOUR = 60 * MIN;

describe('summarizePeriods', () => {
  const start = Date.UTC(2026, 10, 3, 0, 0);
  const range = { start, end: start + 2 * HOUR, count: 4 };

  it('splits each bucket by state; time without data is unknown', () => {
    const periods: Period[] = [
      { state: 'up', since: start + 15 * MIN, until: start + 45 * MIN },
      { state: 'down', since: start + 45 * MIN, until: start + 75 * MIN },
      { state: 'maintenance', since: start + 75 * MIN, until: start + 90 * MIN },
      { state: 'up', since: start + 90 * MIN, until: null },
    ];
    const { buckets, uptime } = summarizePeriods(periods, range);
    expect(buckets).toEqual([
      { start, up: 0.5, down: 0, pending: 0, maintenance: 0, unknown: 0.5 },
      { start: start + 30 * MIN, up: 0.5, down: 0.5, pending: 0, maintenance: 0, unknown: 0 },
      { start: start + 60 * MIN, up: 0, down: 0.5, pending: 0, maintenance: 0.5, unknown: 0 },
      { start: start + 90 * MIN, up: 1, down: 0, pending: 0, maintenance: 0, unknown: 0 },
    ]);
    // 60 min up, 30 min down; maintenance and unknown count for neither.
    expect(uptime).toBe(0.666667);
  });

  it('clips periods that began before the range and counts pending against the uptime', () => {
    const periods: Period[] = [
      { state: 'pending', since: start - 5 * HOUR, until: start + 30 * MIN },
      { state: 'up', since: start + 30 * MIN, until: null },
    ];
    const { buckets, uptime } = summarizePeriods(periods, range);
    expect(buckets[0]).toMatchObject({ pending: 1, up: 0, unknown: 0 });
    expect(uptime).toBe(0.75);
  });

  it('has no uptime without up, down or pending time', () => {
    const periods: Period[] = [{ state: 'maintenance', since: start, until: null }];
    const { buckets, uptime } = summarizePeriods(periods, range);
    expect(uptime).toBeNull();
    expect(buckets.every((bucket) => bucket.maintenance === 1)).toBe(true);
    expect(summarizePeriods([], range).buckets[3]).toMatchObject({ unknown: 1 });
  });

  it('ignores periods outside the range', () => {
    const periods: Period[] = [
      { state: 'down', since: start - 2 * HOUR, until: start - HOUR },
      { state: 'down', since: start + 3 * HOUR, until: null },
    ];
    expect(summarizePeriods(periods, range).uptime).toBeNull();
  });
});
