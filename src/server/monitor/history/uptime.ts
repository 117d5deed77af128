import type { HistoryState } from '../../../shared/status/history.js';

export interface Period {
  state: HistoryState;
  since: number;
  /** null: still going on. */
  until: number | null;
}

export type StateTimes = Record<HistoryState, number>;

export interface UptimeSummary {
  /** Fractions of each bucket's time per state; they add up to 1 (time without data is unknown). */
  buckets: ({ start: number } & StateTimes)[];
  /** up / (up + down + pending) over the range; null when none of these was seen. */
  uptime: number | null;
}

const zero = (): StateTimes => ({ up: 0, down: 0, pending: 0, maintenance: 0, unknown: 0 });

/** Six decimals: exact for the fractions people read, and a short answer. */
const round = (value: number): number => Math.round(value * 1e6) / 1e6;

/**
 * Splits [start, end) into `count` equal buckets and says which share of each one every state
 * took. Maintenance and unknown time count neither for nor against the uptime; pending counts
 * against it, as in Uptime Kuma (docs/monitor.md).
 */
export function summarizePeriods(
  periods: readonly Period[],
  range: { start: number; end: number; count: number },
): UptimeSummary {
  const { start, end, count } = range;
  const size = (end - start) / count;
  const times = Array.from({ length: count }, zero);
  const total = zero();
  for (const period of periods) {
    const from = Math.max(period.since, start);
    const to = Math.min(period.until ?? end, end);
    if (to <= from) continue;
    total[period.state] += to - from;
    const first = Math.floor((from - start) / size);
    const last = Math.min(count - 1, Math.floor((to - start) / size));
    for (let index = first; index <= last; index += 1) {
      const bucketStart = start + index * size;
      const overlap = Math.min(to, bucketStart + size) - Math.max(from, bucketStart);
      if (overlap > 0) (times[index] as StateTimes)[period.state] += overlap;
    }
  }
  const buckets = times.map((bucket, index) => {
    const known = bucket.up + bucket.down + bucket.pending + bucket.maintenance + bucket.unknown;
    return {
      start: start + index * size,
      up: round(bucket.up / size),
      down: round(bucket.down / size),
      pending: round(bucket.pending / size),
      maintenance: round(bucket.maintenance / size),
      unknown: round((bucket.unknown + size - known) / size),
    };
  });
  const counted = total.up + total.down + total.pending;
  return { buckets, uptime: counted > 0 ? round(total.up / counted) : null };
}

/** One character per state in a strip: the worst state seen in each bucket. */
export const STRIP_CODES = {
  down: 'd',
  pending: 'p',
  maintenance: 'm',
  up: 'u',
  unknown: '-',
} as const;

/**
 * A bucket's state for the cards' strip: any down time makes it down (a short outage must show),
 * then pending, then maintenance, then up; without any of them, unknown.
 */
export function worstState(bucket: StateTimes): HistoryState {
  for (const state of ['down', 'pending', 'maintenance', 'up'] as const) {
    if (bucket[state] > 0) return state;
  }
  return 'unknown';
}
