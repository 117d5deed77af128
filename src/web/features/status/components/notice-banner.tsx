import { Info, TriangleAlert, Wrench, X } from '../../../ui/icons.js';
import { useEffect, useState } from 'react';
import { useStore } from 'zustand';
import type { Notice } from '../../../../shared/status/history-schemas.js';
import { useLocale, type Locale } from '../../../lib/i18n.js';
import type { StatusStore } from '../stores/status-store.js';
import { formatDayTime } from '../utils/status-text.js';

const STORAGE_KEY = 'portal.dismissedNotices';

function range(locale: Locale, notice: Notice): string | undefined {
  const at = (iso: string) => formatDayTime(locale, Date.parse(iso));
  if (notice.start && notice.end) {
    return locale.t('notices.range', { start: at(notice.start), end: at(notice.end) });
  }
  if (notice.start) return locale.t('notices.since', { start: at(notice.start) });
  if (notice.end) return locale.t('notices.until', { end: at(notice.end) });
  return undefined;
}

function readDismissed(): string[] {
  try {
    const value: unknown = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? '[]');
    return Array.isArray(value) ? value.filter((id): id is string => typeof id === 'string') : [];
  } catch {
    return [];
  }
}

/**
 * Active incidents and maintenance windows, above the sections. Title and text are shown as
 * plain text (never as HTML). A dismissed notice stays hidden in this browser until it changes
 * (a changed notice has a new id).
 */
export function NoticeBanner({ store }: { store: StatusStore }) {
  const locale = useLocale();
  const { t } = locale;
  const notices = useStore(store, (state) => state.notices?.notices);
  const [dismissed, setDismissed] = useState<string[]>([]);
  // Read after the first render: the server-rendered page has no storage.
  useEffect(() => setDismissed(readDismissed()), []);

  const shown = (notices ?? []).filter((notice) => !dismissed.includes(notice.id));
  if (shown.length === 0) return null;

  const dismiss = (id: string) => {
    const ids = [...dismissed, id].slice(-50);
    setDismissed(ids);
    try {
      localStorage.setItem(STORAGE_KEY, JSON.stringify(ids));
    } catch {
      // Storage may be unavailable (private mode): the notice is hidden for this visit only.
    }
  };

  return (
    <section aria-label={t('notices.label')} className="flex flex-col gap-2">
      {shown.map((notice) => {
        const Icon =
          notice.kind === 'maintenance'
            ? Wrench
            : notice.kind === 'notice'
              ? Info
              : notice.severity === 'info'
                ? Info
                : TriangleAlert;
        const tone =
          notice.kind === 'maintenance' || notice.severity === 'info'
            ? 'alert-info'
            : notice.severity === 'danger'
              ? 'alert-error'
              : 'alert-warning';
        const period = range(locale, notice);
        return (
          <div key={notice.id} className={`alert ${tone} items-start`} data-notice={notice.kind}>
            <Icon aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
            <div className="min-w-0 flex-1">
              <h2 className="font-semibold break-words">
                {t('notices.heading', { kind: notice.kind, title: notice.title })}
              </h2>
              {notice.text && (
                <p dir="auto" className="break-words whitespace-pre-line">
                  {notice.text}
                </p>
              )}
              {period && <p className="text-sm">{period}</p>}
            </div>
            <button
              type="button"
              className="btn btn-ghost btn-sm btn-square"
              aria-label={t('notices.dismiss', { title: notice.title })}
              onClick={() => dismiss(notice.id)}
            >
              <X aria-hidden="true" className="size-4" />
            </button>
          </div>
        );
      })}
    </section>
  );
}
