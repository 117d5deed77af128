import { X } from '../../../ui/icons.js';
import { useEffect, useState } from 'react';
import {
  formatDay,
  formatDuration,
  formatTime,
  STATE_LABELS,
} from '../../../../shared/status/describe.js';
import { UPTIME_RANGES, type HistoryState } from '../../../../shared/status/history.js';
import type { Uptime, UptimeQuery } from '../../../../shared/status/history-schemas.js';
import { fetchUptime } from '../api/status-history.js';
import { describeStrip } from '../utils/describe-strip.js';
import { HeartbeatStrip } from './heartbeat-strip.js';

type Range = UptimeQuery['range'];

const RANGE_LABELS: Record<Range, string> = { '24h': '24 h', '7d': '7 days', '30d': '30 days' };
const SPANS: Record<Range, string> = {
  '24h': 'Last 24 hours',
  '7d': 'Last 7 days',
  '30d': 'Last 30 days',
};

/** The worst state of a bucket, as the cards' strip shows it. */
function worst(bucket: Uptime['buckets'][number]): HistoryState {
  for (const state of ['down', 'pending', 'maintenance', 'up'] as const) {
    if (bucket[state] > 0) return state;
  }
  return 'unknown';
}

function when(iso: string, now: number): string {
  const time = Date.parse(iso);
  return now - time < 24 * 3_600_000 ? formatTime(time) : `${formatDay(time)} ${formatTime(time)}`;
}

/**
 * An app's status history: 24 h, 7 days or 30 days as a strip with the uptime, and the recent
 * changes as a list. Everything the strip shows is also said in text.
 */
export default function StatusPanel({
  id,
  appId,
  appName,
  onClose,
}: {
  id: string;
  appId: string;
  appName: string;
  onClose(): void;
}) {
  const [range, setRange] = useState<Range>('24h');
  const [data, setData] = useState<Uptime | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let current = true;
    setFailed(false);
    fetchUptime(appId, range).then(
      (answer) => current && setData(answer),
      () => current && setFailed(true),
    );
    return () => {
      current = false;
    };
  }, [appId, range]);

  const shown = data?.range === range ? data : null;
  const states = shown ? shown.buckets.map(worst) : [];
  const slotMinutes = UPTIME_RANGES[range].durationMs / UPTIME_RANGES[range].buckets / 60_000;
  const now = Date.now();
  return (
    <section
      id={id}
      aria-label={`Status history of ${appName}`}
      className="bg-base-200 rounded-box flex flex-col gap-2 p-3 text-sm"
      data-testid="status-panel"
    >
      <div className="flex items-center gap-1">
        <div role="group" aria-label="Period" className="join">
          {(Object.keys(RANGE_LABELS) as Range[]).map((option) => (
            <button
              key={option}
              type="button"
              className={`btn btn-xs join-item ${option === range ? 'btn-active' : ''}`}
              aria-pressed={option === range}
              onClick={() => setRange(option)}
            >
              {RANGE_LABELS[option]}
            </button>
          ))}
        </div>
        <button
          type="button"
          className="btn btn-ghost btn-xs btn-square ml-auto"
          aria-label="Close the status history"
          onClick={onClose}
        >
          <X aria-hidden="true" className="size-4" />
        </button>
      </div>
      {failed && <p role="alert">The status history could not be loaded.</p>}
      {!failed && !shown && <p>Loading…</p>}
      {shown && (
        <>
          <HeartbeatStrip states={states} className="h-5 w-full" />
          <p>{describeStrip(states, shown.uptime, slotMinutes, SPANS[range])}</p>
          <h4 className="font-semibold">Recent changes</h4>
          {shown.changes.length === 0 ? (
            <p>No changes in this period.</p>
          ) : (
            <ol className="flex flex-col gap-1">
              {shown.changes.map((change) => {
                const end = change.until === null ? now : Date.parse(change.until);
                return (
                  <li key={change.since} data-state={change.state}>
                    <strong>{STATE_LABELS[change.state]}</strong>
                    {` from ${when(change.since, now)} ${change.until === null ? 'until now' : `to ${when(change.until, now)}`} (${formatDuration(end - Date.parse(change.since))})`}
                  </li>
                );
              })}
            </ol>
          )}
          <p className="text-base-content/70 text-xs">
            Uptime counts up, down and pending time; maintenance and unknown time count neither way.
            Bars: full for up, three quarters for pending, low for down, hatched for maintenance, a
            thin line for unknown.
          </p>
        </>
      )}
    </section>
  );
}
