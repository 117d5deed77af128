import { useCallback, useEffect, useId, useState } from 'react';
import {
  decideRequest,
  fetchInbox,
  type AccessDecisionResult,
  type InboxRequest,
  type InboxTab,
} from '../api/access-api.js';
import { accessErrorMessage, formatDate } from '../utils/access-errors.js';
import { ApiRequestError } from '../../../lib/api-client.js';

/** Longest note (MAX_ACCESS_NOTE of access-schemas.ts; not imported: TypeBox stays out). */
export const NOTE_MAX = 1000;

type Load =
  | { state: 'loading' }
  | { state: 'forbidden' }
  | { state: 'failed'; message: string }
  | { state: 'ready'; items: InboxRequest[]; totalItems: number };

const TABS: { id: InboxTab; label: string }[] = [
  { id: 'pending', label: 'Pending' },
  { id: 'decided', label: 'Decided' },
];

function outcome(request: InboxRequest): string {
  switch (request.status) {
    case 'approved':
      switch (request.membership) {
        case 'waiting':
          return 'Approved, waiting for membership';
        case 'retrying':
          return 'Approved, access being set up (the portal retries writing the membership)';
        case 'failed':
          return `Approved, the membership could not be written: add ${request.requester.username} to ${request.group} by hand`;
        default:
          return 'Approved, membership written';
      }
    case 'declined':
      return 'Declined';
    case 'withdrawn':
      return 'Withdrawn by the requester';
    case 'expired':
      return 'Access ended';
    default:
      return 'Pending';
  }
}

/** One pending request: who, which app, why, and approve/decline with an optional note. */
function PendingRequest({
  request,
  onDecided,
}: {
  request: InboxRequest;
  onDecided(result: AccessDecisionResult): void;
}) {
  const noteId = useId();
  const headingId = useId();
  const [note, setNote] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const tooLong = note.length > NOTE_MAX;

  const decide = async (decision: 'approve' | 'decline') => {
    if (tooLong) return;
    setBusy(true);
    setError(null);
    try {
      const trimmed = note.trim();
      onDecided(
        await decideRequest(request.id, trimmed ? { decision, note: trimmed } : { decision }),
      );
    } catch (failure) {
      setError(accessErrorMessage(failure, 'decide'));
      setBusy(false);
    }
  };

  return (
    <li aria-labelledby={headingId} className="card bg-base-100 border-base-300 border">
      <div className="card-body gap-2 p-4">
        <h3 id={headingId} className="font-semibold">
          {request.requester.name || request.requester.username} asks for {request.appName}
        </h3>
        <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
          <dt className="text-base-content/75">Requester</dt>
          <dd>
            {request.requester.name} ({request.requester.username}
            {request.requester.email ? `, ${request.requester.email}` : ''})
          </dd>
          <dt className="text-base-content/75">App</dt>
          <dd>{request.appName}</dd>
          <dt className="text-base-content/75">Group</dt>
          <dd>{request.group}</dd>
          <dt className="text-base-content/75">Asked on</dt>
          <dd>{formatDate(request.created)}</dd>
          <dt className="text-base-content/75">Reason</dt>
          <dd className="break-words whitespace-pre-wrap">{request.reason}</dd>
        </dl>
        <label htmlFor={noteId} className="text-sm font-medium">
          Note to the requester (optional)
        </label>
        <textarea
          id={noteId}
          rows={2}
          value={note}
          aria-invalid={tooLong || undefined}
          className="textarea textarea-sm w-full"
          onChange={(event) => setNote(event.target.value)}
        />
        {tooLong && (
          <p className="text-error text-sm font-medium">
            Keep the note to {NOTE_MAX} characters ({note.length - NOTE_MAX} too many).
          </p>
        )}
        {error && (
          <p role="alert" className="alert alert-error text-sm">
            {error}
          </p>
        )}
        <div className="flex justify-end gap-2">
          <button
            type="button"
            className="btn btn-outline btn-sm"
            disabled={busy || tooLong}
            onClick={() => void decide('decline')}
          >
            Decline
          </button>
          <button
            type="button"
            className="btn btn-primary btn-sm"
            disabled={busy || tooLong}
            onClick={() => void decide('approve')}
          >
            Approve
          </button>
        </div>
      </div>
    </li>
  );
}

/**
 * The approvers' inbox (/requests): pending requests for the apps the signed-in user approves,
 * decided with an optional note, and the decided ones on their own tab. Someone who approves
 * nothing gets the server's 403, shown as "Not allowed".
 */
export function Inbox() {
  const [tab, setTab] = useState<InboxTab>('pending');
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const [notice, setNotice] = useState<string | null>(null);
  const [reloads, setReloads] = useState(0);

  useEffect(() => {
    let current = true;
    setLoad({ state: 'loading' });
    fetchInbox(tab).then(
      (list) => {
        if (current) setLoad({ state: 'ready', items: list.items, totalItems: list.totalItems });
      },
      (error: unknown) => {
        if (!current) return;
        if (error instanceof ApiRequestError && error.status === 403)
          setLoad({ state: 'forbidden' });
        else setLoad({ state: 'failed', message: accessErrorMessage(error, 'load') });
      },
    );
    return () => {
      current = false;
    };
  }, [tab, reloads]);

  const onDecided = useCallback((result: AccessDecisionResult) => {
    const { request, addByHand } = result;
    const who = request.requester.username || request.requester.name;
    setNotice(
      request.status === 'declined'
        ? `Declined ${who}’s request for ${request.appName}.`
        : addByHand
          ? `Approved. Add ${who} to ${addByHand} in Keycloak: the portal has no service account to do it.`
          : request.membership === 'retrying'
            ? `Approved: access being set up. Keycloak did not take ${who} into ${request.group} yet; the portal retries and tells you if it gives up.`
            : `Approved: ${who} is now in ${request.group}.`,
    );
    setLoad((previous) =>
      previous.state === 'ready'
        ? {
            ...previous,
            items: previous.items.filter((item) => item.id !== request.id),
            totalItems: Math.max(0, previous.totalItems - 1),
          }
        : previous,
    );
  }, []);

  if (load.state === 'forbidden') {
    return (
      <main className="mx-auto flex w-full max-w-3xl flex-1 flex-col gap-4 px-4 py-10">
        <h1 className="text-2xl font-bold">Not allowed</h1>
        <p role="alert" className="alert alert-warning">
          You do not approve access requests for any app, so there is no inbox for you here.
        </p>
        <div>
          <a href="/" className="btn btn-ghost btn-sm">
            Back to the portal
          </a>
        </div>
      </main>
    );
  }

  return (
    <main className="mx-auto flex w-full max-w-3xl flex-1 flex-col gap-4 px-4 py-8">
      <h1 className="text-2xl font-bold">Access requests</h1>
      <div role="tablist" aria-label="Requests" className="tabs tabs-border">
        {TABS.map(({ id, label }) => (
          <button
            key={id}
            type="button"
            role="tab"
            aria-selected={tab === id}
            className={`tab text-base-content/80 ${tab === id ? 'tab-active' : ''}`}
            onClick={() => {
              setNotice(null);
              setTab(id);
            }}
          >
            {label}
          </button>
        ))}
      </div>
      {notice && (
        <p role="status" className="alert alert-success">
          {notice}
        </p>
      )}
      {load.state === 'loading' && <p role="status">Loading the requests…</p>}
      {load.state === 'failed' && (
        <div role="alert" className="alert alert-error flex flex-wrap justify-between">
          <span>{load.message}</span>
          <button type="button" className="btn btn-sm" onClick={() => setReloads((n) => n + 1)}>
            Try again
          </button>
        </div>
      )}
      {load.state === 'ready' && load.items.length === 0 && (
        <p>{tab === 'pending' ? 'No requests wait for you.' : 'No decided requests yet.'}</p>
      )}
      {load.state === 'ready' && load.items.length > 0 && tab === 'pending' && (
        <ul aria-label="Pending requests" className="flex flex-col gap-3">
          {load.items.map((request) => (
            <PendingRequest key={request.id} request={request} onDecided={onDecided} />
          ))}
        </ul>
      )}
      {load.state === 'ready' && load.items.length > 0 && tab === 'decided' && (
        <ul aria-label="Decided requests" className="flex flex-col gap-2">
          {load.items.map((request) => (
            <li key={request.id} className="border-base-300 rounded-box border p-3 text-sm">
              <p className="font-medium">
                {request.requester.name} ({request.requester.username}) · {request.appName}
              </p>
              <p>
                {outcome(request)}
                {request.decidedAt ? ` on ${formatDate(request.decidedAt)}` : ''}
                {request.decidedBy ? ` by ${request.decidedBy}` : ''}
                {request.note ? ` · “${request.note}”` : ''}
              </p>
            </li>
          ))}
        </ul>
      )}
      {load.state === 'ready' && load.totalItems > load.items.length && (
        <p className="text-base-content/75 text-sm">
          Showing the {load.items.length} newest of {load.totalItems}.
        </p>
      )}
    </main>
  );
}
