import { Info, TriangleAlert, Wrench, X } from '../../../ui/icons.js';
import { useEffect, useState } from 'react';
import { useStore } from 'zustand';
import { cookieValue } from '../../../lib/cookies.js';
import { useLocale } from '../../../lib/i18n.js';
import { useHydrated } from '../../../ui/use-hydrated.js';
import {
  DISMISSED_NOTICES_COOKIE,
  dismissedNoticesAttributes,
  dismissedNoticesValue,
  isDismissed,
  noticeToken,
  parseDismissedNotices,
} from '../../../../shared/status/dismissed-notices.js';
import type { StatusStore } from '../stores/status-store.js';
import { acknowledgeNotice, dismissNotice, isPortalNotice } from '../api/notice-receipts.js';
import { noticePeriod, noticePeriodKey } from '../utils/status-text.js';

const LEGACY_STORAGE_KEY = 'portal.dismissedNotices';

/** The dismissed notices' tokens: the cookie's (the server read the same), none on the server. */
function readDismissed(): string[] {
  if (typeof document === 'undefined') return [];
  return parseDismissedNotices(cookieValue(document.cookie, DISMISSED_NOTICES_COOKIE));
}

function keepDismissed(tokens: readonly string[]): void {
  const secure = document.location.protocol === 'https:';
  document.cookie = `${DISMISSED_NOTICES_COOKIE}=${dismissedNoticesValue(tokens)}; ${dismissedNoticesAttributes(secure)}`;
}

/** Dismissals an earlier version kept in the browser's storage (moved to the cookie once). */
function takeStoredDismissals(): string[] {
  try {
    const value: unknown = JSON.parse(localStorage.getItem(LEGACY_STORAGE_KEY) ?? '[]');
    localStorage.removeItem(LEGACY_STORAGE_KEY);
    return Array.isArray(value) ? value.filter((id): id is string => typeof id === 'string') : [];
  } catch {
    return [];
  }
}

/**
 * Active incidents and maintenance windows, above the sections. Title and text are shown as
 * plain text (never as HTML). A dismissed notice stays hidden in this browser until it changes
 * (a changed notice has a new id): its id is kept in a cookie, which the server reads too, so the
 * page it renders leaves the notice out (nothing shows and then goes). For a signed-in person a
 * notice admins posted is dismissed on the server too, so it is gone in their other browsers.
 * A notice to acknowledge (first in the list) has no dismiss button: a signed-in person accepts
 * it ("I have read and accept"), an anonymous visitor is asked to sign in.
 */
export function NoticeBanner({
  store,
  signedIn = false,
}: {
  store: StatusStore;
  signedIn?: boolean;
}) {
  const locale = useLocale();
  const { t } = locale;
  const notices = useStore(store, (state) => state.notices?.notices);
  // The same list the server rendered with (it read the same cookie): no mismatch, no flash.
  const [dismissed, setDismissed] = useState<string[]>(readDismissed);
  const hydrated = useHydrated();
  const [handled, setHandled] = useState<string[]>([]);
  const [failed, setFailed] = useState<string | null>(null);
  useEffect(() => {
    const stored = takeStoredDismissals();
    if (stored.length === 0) return;
    const tokens = [...readDismissed(), ...stored.map(noticeToken)];
    keepDismissed(tokens);
    setDismissed(parseDismissedNotices(dismissedNoticesValue(tokens)));
  }, []);

  const shown = (notices ?? []).filter(
    (notice) =>
      !handled.includes(notice.id) && (notice.requireAck || !isDismissed(dismissed, notice.id)),
  );
  if (shown.length === 0) return null;

  const dismiss = (id: string) => {
    const tokens = [...dismissed, noticeToken(id)];
    setDismissed(tokens);
    // A browser that refuses cookies hides the notice for this visit only.
    keepDismissed(tokens);
    // Signed in: gone in every browser of theirs (the cookie still hides it here at once).
    if (signedIn && isPortalNotice(id)) dismissNotice(id).catch(() => undefined);
  };

  const acknowledge = async (id: string) => {
    setFailed(null);
    try {
      await acknowledgeNotice(id);
      setHandled((ids) => [...ids, id]);
    } catch {
      setFailed(id);
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
        // Days and times in UTC, said so (status-text.ts), on both sides. The server formatted
        // them for this page (entry-server.tsx): the browser keeps its text for as long as the
        // notice stays the same and makes no Intl object for it (decision 0057); a notice that
        // changed since is formatted here.
        const period =
          locale.server?.texts[noticePeriodKey(notice)] ??
          noticePeriod(locale, notice, hydrated ? undefined : 'UTC');
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
              {period && (
                // The server's ICU may write the UTC time a little differently from the
                // browser's: its text stays until the visitor's own replaces it.
                <p className="text-sm" suppressHydrationWarning>
                  {period}
                </p>
              )}
              {notice.requireAck &&
                (signedIn ? (
                  <div className="mt-2 flex flex-wrap items-center gap-2">
                    <button
                      type="button"
                      className="btn btn-primary btn-sm"
                      onClick={() => void acknowledge(notice.id)}
                    >
                      {t('notices.acknowledge')}
                    </button>
                    {failed === notice.id && (
                      <span role="alert" className="text-sm">
                        {t('notices.acknowledgeFailed')}
                      </span>
                    )}
                  </div>
                ) : (
                  <p className="mt-2 text-sm font-semibold">{t('notices.signInToAcknowledge')}</p>
                ))}
            </div>
            {!notice.requireAck && (
              <button
                type="button"
                className="btn btn-ghost btn-sm btn-square"
                aria-label={t('notices.dismiss', { title: notice.title })}
                onClick={() => dismiss(notice.id)}
              >
                <X aria-hidden="true" className="size-4" />
              </button>
            )}
          </div>
        );
      })}
    </section>
  );
}
