import { useCallback, useEffect, useState } from 'react';
import { useId } from '../../../ui/use-id.js';
import {
  decideRequest,
  fetchInbox,
  type AccessDecisionResult,
  type InboxRequest,
  type InboxTab,
} from '../api/access-api.js';
import { accessErrorMessage } from '../utils/access-errors.js';
import { ApiRequestError } from '../../../lib/api-client.js';
import { useLocale, type Locale, type Translate } from '../../../lib/i18n.js';
import { requestDate } from './locked-access.js';

/** Longest note (MAX_ACCESS_NOTE of access-schemas.ts; not imported: TypeBox stays out). */
export const NOTE_MAX = 1000;

type Load =
  | { state: 'loading' }
  | { state: 'forbidden' }
  | { state: 'failed'; error: unknown }
  | { state: 'ready'; items: InboxRequest[]; totalItems: number };

const TABS: InboxTab[] = ['pending', 'decided'];

function tabLabel(tab: InboxTab, t: Translate): string {
  return tab === 'pending' ? t('access.inbox.tab.pending') : t('access.inbox.tab.decided');
}

function outcome(request: InboxRequest, t: Translate): string {
  switch (request.status) {
    case 'approved':
      switch (request.membership) {
        case 'waiting':
          return t('access.outcome.waiting');
        case 'retrying':
          return t('access.outcome.retrying');
        case 'failed':
          return t('access.outcome.failed', {
            username: request.requester.username,
            group: request.group,
          });
        default:
          return t('access.outcome.approved');
      }
    case 'declined':
      return t('access.outcome.declined');
    case 'withdrawn':
      return t('access.outcome.withdrawn');
    case 'expired':
      return t('access.outcome.expired');
    default:
      return t('access.outcome.pending');
  }
}

/** "Decided on 13 Mar 2026 by Pat", or as much of it as is known. */
function decidedLine(request: InboxRequest, locale: Locale): string {
  const date = requestDate(locale, request.decidedAt);
  const approver = request.decidedBy;
  if (date && approver) return locale.t('access.inbox.decidedOnBy', { date, approver });
  if (date) return locale.t('access.inbox.decidedOn', { date });
  if (approver) return locale.t('access.inbox.decidedBy', { approver });
  return '';
}

/** "Alice Liddell (alice, alice@example.edu)": who asked, with their account. */
function requesterText(request: InboxRequest, t: Translate): string {
  const { name, username, email } = request.requester;
  return email
    ? t('access.inbox.requesterWithEmail', { name, username, email })
    : t('access.inbox.requester', { name, username });
}

/** One pending request: who, which app, why, and approve/decline with an optional note. */
function PendingRequest({
  request,
  onDecided,
}: {
  request: InboxRequest;
  onDecided(result: AccessDecisionResult): void;
}) {
  const locale = useLocale();
  const { t } = locale;
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
      setError(accessErrorMessage(locale, failure, 'decide'));
      setBusy(false);
    }
  };

  return (
    <li aria-labelledby={headingId} className="card bg-base-100 border-base-300 border">
      <div className="card-body gap-2 p-4">
        <h3 id={headingId} className="font-semibold">
          {t('access.inbox.asks', {
            requester: request.requester.name || request.requester.username,
            app: request.appName,
          })}
        </h3>
        <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
          <dt className="text-base-content/75">{t('access.inbox.field.requester')}</dt>
          <dd>{requesterText(request, t)}</dd>
          <dt className="text-base-content/75">{t('access.inbox.field.app')}</dt>
          <dd>{request.appName}</dd>
          <dt className="text-base-content/75">{t('access.inbox.field.group')}</dt>
          <dd>{request.group}</dd>
          <dt className="text-base-content/75">{t('access.inbox.field.asked')}</dt>
          <dd>{requestDate(locale, request.created)}</dd>
          <dt className="text-base-content/75">{t('access.inbox.field.reason')}</dt>
          <dd className="break-words whitespace-pre-wrap">{request.reason}</dd>
        </dl>
        <label htmlFor={noteId} className="text-sm font-medium">
          {t('access.inbox.note')}
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
            {t('access.inbox.noteTooLong', {
              max: locale.formatNumber(NOTE_MAX),
              count: note.length - NOTE_MAX,
            })}
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
            {t('access.inbox.decline')}
          </button>
          <button
            type="button"
            className="btn btn-primary btn-sm"
            disabled={busy || tooLong}
            onClick={() => void decide('approve')}
          >
            {t('access.inbox.approve')}
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
  const locale = useLocale();
  const { t } = locale;
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
        else setLoad({ state: 'failed', error });
      },
    );
    return () => {
      current = false;
    };
  }, [tab, reloads]);

  const onDecided = useCallback(
    (result: AccessDecisionResult) => {
      const { request, addByHand } = result;
      const who = request.requester.username || request.requester.name;
      const app = request.appName;
      setNotice(
        request.status === 'declined'
          ? t('access.notice.declined', { who, app })
          : addByHand
            ? t('access.notice.byHand', { who, group: addByHand })
            : request.membership === 'retrying'
              ? t('access.notice.retrying', { who, group: request.group })
              : t('access.notice.approved', { who, group: request.group }),
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
    },
    [t],
  );

  if (load.state === 'forbidden') {
    return (
      <main className="access-ui mx-auto flex w-full max-w-3xl flex-1 flex-col gap-4 px-4 py-10">
        <h1 className="text-2xl font-bold">{t('access.gate.notAllowed')}</h1>
        <p role="alert" className="alert alert-warning">
          {t('access.inbox.forbidden')}
        </p>
        <div>
          <a href="/" className="btn btn-ghost btn-sm">
            {t('access.gate.back')}
          </a>
        </div>
      </main>
    );
  }

  return (
    <main className="access-ui mx-auto flex w-full max-w-3xl flex-1 flex-col gap-4 px-4 py-8">
      <h1 className="text-2xl font-bold">{t('access.inbox.title')}</h1>
      <div role="tablist" aria-label={t('access.inbox.tabs')} className="tabs tabs-border">
        {TABS.map((id) => (
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
            {tabLabel(id, t)}
          </button>
        ))}
      </div>
      {notice && (
        <p role="status" className="alert alert-success">
          {notice}
        </p>
      )}
      {load.state === 'loading' && <p role="status">{t('access.inbox.loading')}</p>}
      {load.state === 'failed' && (
        <div role="alert" className="alert alert-error flex flex-wrap justify-between">
          <span>{accessErrorMessage(locale, load.error, 'load')}</span>
          <button type="button" className="btn btn-sm" onClick={() => setReloads((n) => n + 1)}>
            {t('access.inbox.retry')}
          </button>
        </div>
      )}
      {load.state === 'ready' && load.items.length === 0 && (
        <p>{tab === 'pending' ? t('access.inbox.emptyPending') : t('access.inbox.emptyDecided')}</p>
      )}
      {load.state === 'ready' && load.items.length > 0 && tab === 'pending' && (
        <ul aria-label={t('access.inbox.pendingList')} className="flex flex-col gap-3">
          {load.items.map((request) => (
            <PendingRequest key={request.id} request={request} onDecided={onDecided} />
          ))}
        </ul>
      )}
      {load.state === 'ready' && load.items.length > 0 && tab === 'decided' && (
        <ul aria-label={t('access.inbox.decidedList')} className="flex flex-col gap-2">
          {load.items.map((request) => (
            <li key={request.id} className="border-base-300 rounded-box border p-3 text-sm">
              <p className="font-medium">
                {t('access.inbox.decidedItem', {
                  name: request.requester.name,
                  username: request.requester.username,
                  app: request.appName,
                })}
              </p>
              <p>{outcome(request, t)}</p>
              {(request.decidedAt || request.decidedBy || request.note) && (
                <p className="text-base-content/80">
                  {[
                    decidedLine(request, locale),
                    request.note ? t('access.state.note', { note: request.note }) : '',
                  ]
                    .filter(Boolean)
                    .join(' · ')}
                </p>
              )}
            </li>
          ))}
        </ul>
      )}
      {load.state === 'ready' && load.totalItems > load.items.length && (
        <p className="text-base-content/75 text-sm">
          {t('access.inbox.showing', {
            count: load.items.length,
            total: locale.formatNumber(load.totalItems),
          })}
        </p>
      )}
    </main>
  );
}
