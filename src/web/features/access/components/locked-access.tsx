import { useState } from 'react';
import { useStore } from 'zustand';
import type { AccessRequest } from '../api/access-api.js';
import { createRequest, withdrawRequest } from '../api/access-api.js';
import type { AccessStore } from '../stores/access-store.js';
import { latestByApp } from '../utils/latest-request.js';
import { accessErrorMessage, formatDate } from '../utils/access-errors.js';
import { RequestDialog } from './request-dialog.js';

export interface LockedAccessProps {
  app: { id: string; name: string };
  store: AccessStore;
}

/** What the card says about the user's latest request for the app, in words. */
export function describeRequest(request: AccessRequest): string {
  switch (request.status) {
    case 'pending':
      return `Requested on ${formatDate(request.created)}`;
    case 'declined':
      return request.note?.trim() ? `Declined: ${request.note}` : 'Declined';
    case 'approved':
      switch (request.membership) {
        case 'waiting':
        case 'failed':
          return 'Approved, waiting for membership';
        case 'retrying':
          return 'Approved, access being set up';
        default:
          return 'Approved: the app unlocks within a minute';
      }
    case 'expired':
      return `Access ended on ${formatDate(request.expiresAt ?? request.decidedAt)}`;
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
      setError(accessErrorMessage(failure, 'withdraw'));
    } finally {
      setBusy(false);
    }
  };

  const canAsk = !latest || latest.status === 'declined' || latest.status === 'expired';
  return (
    <div className="flex flex-col items-end gap-2 text-sm">
      {latest && (
        <p className="text-base-content/80 w-full" data-testid="access-state">
          {describeRequest(latest)}
          {latest.status === 'approved' && latest.decidedBy ? ` (by ${latest.decidedBy})` : ''}
          {latest.status === 'approved' && latest.note?.trim() ? ` · “${latest.note}”` : ''}
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
            aria-label={`Withdraw the request for ${app.name}`}
            onClick={() => void onWithdraw(latest.id)}
          >
            Withdraw
          </button>
        )}
        {canAsk && (
          <button
            type="button"
            className="btn btn-outline btn-sm"
            aria-haspopup="dialog"
            aria-label={`${latest ? 'Request again' : 'Request access'}: ${app.name}`}
            onClick={() => {
              setError(null);
              setOpen(true);
            }}
          >
            {latest ? 'Request again' : 'Request access'}
          </button>
        )}
      </div>
      {open && (
        <RequestDialog
          appName={app.name}
          onSend={async (reason) => {
            const created = await createRequest(app.id, reason);
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
  const requests = useStore(store, (state) => state.requests);
  const latest = latestByApp(requests).get(appId);
  if (latest?.status !== 'approved' || !latest.expiresAt) return null;
  return (
    <p className="text-base-content/75 text-xs" data-testid="access-until">
      Access until {formatDate(latest.expiresAt)}
    </p>
  );
}
