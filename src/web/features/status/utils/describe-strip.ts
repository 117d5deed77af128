import { formatDuration, formatUptime } from '../../../../shared/status/describe.js';
import type { HistoryState } from '../../../../shared/status/history.js';

/**
 * The facts of a strip as one sentence for screen readers: uptime, how many slots had trouble,
 * and how the last slot looks. `slotMinutes` is the length of one slot.
 */
export function describeStrip(
  states: readonly HistoryState[],
  uptime: number | null,
  slotMinutes: number,
  span = 'Last 24 hours',
): string {
  const parts = [
    uptime === null
      ? `${span}: no uptime known`
      : `${span}: up ${formatUptime(uptime)} of the time`,
  ];
  const count = (state: HistoryState) => states.filter((s) => s === state).length;
  const slot = formatDuration(slotMinutes * 60_000);
  const total = states.length;
  for (const [state, words] of [
    ['down', 'down'],
    ['pending', 'pending'],
    ['maintenance', 'in maintenance'],
  ] as const) {
    const n = count(state);
    if (n > 0) parts.push(`${words} in ${n} of ${total} ${slot} periods`);
  }
  const last = states.at(-1);
  if (last && last !== 'unknown') parts.push(`latest period: ${last}`);
  return `${parts.join('; ')}.`;
}
