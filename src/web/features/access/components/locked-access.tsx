import { useState } from 'react';
import { useStore } from 'zustand';
import type { AccessRequest } from '../api/access-api.js';
import { createRequest, withdrawRequest } from '../api/access-api.js';
import type { AccessStore } from '../stores/access-store.js';
import { useLocale, type Locale } from '../../../lib/i18n.js';
import { latestByApp } from '../utils/latest-request.js';
import { accessErrorMessage } from '../utils/access-errors.js';
import { RequestDialog, type DialogTerms } from './request-dialog.js';

export interface LockedAccessProps {
  /** The locked card's app; its terms of use (when it has some) are accepted in the dialog. */
  app: { id: string; name: string; lockedAccess?: { terms?: DialogTerms } | undefined };
  store: AccessStore;
}

/** A day as people read it ("12 Mar 2026"), in the page's language. */
export const DAY: Intl.DateTimeFormatOptions = { day: 'numeric', month: 'short', year: 'numeric' };

/** A date of a request in the page's language; nothing when it has none. */
export function requestDate(locale: Locale, iso: string | null | undefined): string {
  if (!iso || Number.isNaN(Date.parse(iso))) return '';
  return locale.formatDate(iso, DAY);
}

/** What the card says about the user's latest request for the app, in words. */
export function describeRequest(request: AccessRequest, locale: Locale): string {
  const { t } = locale;
  switch (request.status) {
    case 'pending':
      return t('access.state.requested', { date: requestDate(locale, request.created) });
    case 'declined':
      return request.note?.trim()
        ? t('access.state.declinedNote', { note: request.note })
        : t('access.state.declined');
    case 'approved':
      switch (request.membership) {
        case 'waiting':
        case 'failed':
          return t('access.state.waiting');
        case 'retrying':
          return t('access.state.settingUp');
        default:
          return t('access.state.approved');
      }
    case 'expired':
      return t('access.state.ended', {
        date: requestDate(locale, request.expiresAt ?? request.decidedAt),
      });
    default:
      return '';
  }
}

/**
 * The request part of a locked card: "Request access" (opens the dialog) while the user has no
 * open request; "Requested on <date>" with "Withdraw" while one is open; the outcome and the
 * approver's note after a decision (a declined or ended request can be asked again).
 */
export function LockedAccess({ app, store }: LockedAccessProps) {
  const locale = useLocale();
  const { t } = locale;
  const requests = useStore(store, (state) => state.requests);
  const reload = useStore(store, (state) => state.load);
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const latest = latestByApp(requests).get(app.id);

  const onWithdraw = async (id: string) => {
    setBusy(true);
    setError(null);
    try {
      await withdrawRequest(id);
      store.setState({
        requests: (requests ?? []).map((r) => (r.id === id ? { ...r, status: 'withdrawn' } : r)),
      });
      void reload();
    } catch (failure) {
      setError(accessErrorMessage(locale, failure, 'withdraw'));
    } finally {
      setBusy(false);
    }
  };

  const canAsk = !latest || latest.status === 'declined' || latest.status === 'expired';
  return (
    <div className="access-ui flex flex-col items-end gap-2 text-sm">
      {latest && (
        <p className="text-base-content/80 w-full" data-testid="access-state">
          {describeRequest(latest, locale)}
          {latest.status === 'approved' && latest.decidedBy
            ? ` ${t('access.state.by', { approver: latest.decidedBy })}`
            : ''}
          {latest.status === 'approved' && latest.note?.trim()
            ? ` · ${t('access.state.note', { note: latest.note })}`
            : ''}
        </p>
      )}
      {error && (
        <p role="alert" className="text-error w-full font-medium">
          {error}
        </p>
      )}
      <div className="flex gap-2">
        {latest?.status === 'pending' && (
          <button
            type="button"
            className="btn btn-ghost btn-sm"
            disabled={busy}
            aria-label={t('access.withdraw.label', { app: app.name })}
            onClick={() => void onWithdraw(latest.id)}
          >
            {t('access.withdraw')}
          </button>
        )}
        {canAsk && (
          <button
            type="button"
            className="btn btn-outline btn-sm"
            aria-haspopup="dialog"
            aria-label={
              latest
                ? t('access.requestAgain.label', { app: app.name })
                : t('access.request.label', { app: app.name })
            }
            onClick={() => {
              setError(null);
              setOpen(true);
            }}
          >
            {latest ? t('access.requestAgain') : t('access.request')}
          </button>
        )}
      </div>
      {open && (
        <RequestDialog
          appName={app.name}
          terms={app.lockedAccess?.terms}
          onSend={async (reason, acceptedTerms) => {
            const created = await createRequest(app.id, reason, acceptedTerms);
            const others = (store.getState().requests ?? []).filter((r) => r.id !== created.id);
            store.setState({ requests: [created, ...others] });
            void reload();
          }}
          onClose={() => setOpen(false)}
        />
      )}
    </div>
  );
}

/** "Access until <date>" on an unlocked card, when the user's access to it is time-boxed. */
export function AccessUntil({ appId, store }: { appId: string; store: AccessStore }) {
  const locale = useLocale();
  const requests = useStore(store, (state) => state.requests);
  const latest = latestByApp(requests).get(appId);
  if (latest?.status !== 'approved' || !latest.expiresAt) return null;
  return (
    <p className="access-ui text-base-content/75 text-xs" data-testid="access-until">
      {locale.t('access.until', { date: requestDate(locale, latest.expiresAt) })}
    </p>
  );
}
