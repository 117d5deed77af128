import { X } from '../../../ui/icons.js';
import { useEffect, useState } from 'react';
import { UPTIME_RANGES, type HistoryState } from '../../../../shared/status/history.js';
import type { Uptime, UptimeQuery } from '../../../../shared/status/history-schemas.js';
import { useLocale, type Locale } from '../../../lib/i18n.js';
import { markFor, RichText } from '../../../ui/rich-text.js';
import { fetchUptime } from '../api/status-history.js';
import {
  describeStrip,
  formatDay,
  formatDuration,
  formatTime,
  statusLabel,
} from '../utils/status-text.js';
import { HeartbeatStrip } from './heartbeat-strip.js';

type Range = UptimeQuery['range'];

const RANGES: readonly Range[] = ['24h', '7d', '30d'];

/** The worst state of a bucket, as the cards' strip shows it. */
function worst(bucket: Uptime['buckets'][number]): HistoryState {
  for (const state of ['down', 'pending', 'maintenance', 'up'] as const) {
    if (bucket[state] > 0) return state;
  }
  return 'unknown';
}

function when(locale: Locale, iso: string, now: number): string {
  const time = Date.parse(iso);
  return now - time < 24 * 3_600_000
    ? formatTime(locale, time)
    : locale.t('status.panel.dayTime', {
        day: formatDay(locale, time),
        time: formatTime(locale, time),
      });
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
  const locale = useLocale();
  const { t } = locale;
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
      aria-label={t('status.history.label', { name: appName })}
      className="bg-base-200 rounded-box flex flex-col gap-2 p-3 text-sm"
      data-testid="status-panel"
    >
      <div className="flex items-center gap-1">
        <div role="group" aria-label={t('status.panel.period')} className="join">
          {RANGES.map((option) => (
            <button
              key={option}
              type="button"
              className={`btn btn-xs join-item ${option === range ? 'btn-active' : ''}`}
              aria-pressed={option === range}
              onClick={() => setRange(option)}
            >
              {t('status.panel.range', { range: option })}
            </button>
          ))}
        </div>
        <button
          type="button"
          className="btn btn-ghost btn-xs btn-square ms-auto"
          aria-label={t('status.panel.close')}
          onClick={onClose}
        >
          <X aria-hidden="true" className="size-4" />
        </button>
      </div>
      {failed && <p role="alert">{t('status.panel.failed')}</p>}
      {!failed && !shown && <p>{t('status.panel.loading')}</p>}
      {shown && (
        <>
          <HeartbeatStrip states={states} className="h-5 w-full" />
          <p>{describeStrip(locale, states, shown.uptime, slotMinutes, range)}</p>
          <h4 className="font-semibold">{t('status.panel.changes')}</h4>
          {shown.changes.length === 0 ? (
            <p>{t('status.panel.noChanges')}</p>
          ) : (
            <ol className="flex flex-col gap-1">
              {shown.changes.map((change) => {
                const end = change.until === null ? now : Date.parse(change.until);
                return (
                  <li key={change.since} data-state={change.state}>
                    <RichText
                      text={t(
                        change.until === null
                          ? 'status.panel.changeOngoing'
                          : 'status.panel.changeEnded',
                        {
                          from: when(locale, change.since, now),
                          to: change.until === null ? '' : when(locale, change.until, now),
                          duration: formatDuration(locale, end - Date.parse(change.since)),
                          state: markFor('state'),
                        },
                      )}
                      parts={{ state: <strong>{statusLabel(locale, change.state)}</strong> }}
                    />
                  </li>
                );
              })}
            </ol>
          )}
          <p className="text-base-content/70 text-xs">{t('status.panel.legend')}</p>
        </>
      )}
    </section>
  );
}
