import { Pencil, Plus, Trash2 } from 'lucide-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { PortalNotice } from '../../../../shared/api/notice-schemas.js';
import { messageOf } from '../api/admin-api.js';
import { deleteNotice, listNotices } from '../api/notices-api.js';
import { formatTime } from '../utils/format.js';
import { noticeState } from '../utils/notice-times.js';
import { ConfirmDialog } from './confirm-dialog.js';
import { NoticeForm, SEVERITY_LABELS } from './notice-form.js';

const STATE_LABELS = { scheduled: 'Scheduled', active: 'Shown now', ended: 'Ended' } as const;

export interface NoticesViewProps {
  appIds: readonly string[];
  onChanged(message: string): void;
  onError(message: string): void;
  now?: () => number;
}

/** The Notices tab: notices admins post for the home page, with their time window. */
export function NoticesView({ appIds, onChanged, onError, now = Date.now }: NoticesViewProps) {
  const [notices, setNotices] = useState<PortalNotice[] | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [editing, setEditing] = useState<PortalNotice | 'new' | null>(null);
  const [deleting, setDeleting] = useState<PortalNotice | null>(null);
  const [busy, setBusy] = useState(false);
  const newButton = useRef<HTMLButtonElement>(null);

  const reload = useCallback(async () => {
    try {
      setNotices(await listNotices());
      setLoadError(null);
    } catch (error) {
      setLoadError(`The notices could not be loaded: ${messageOf(error)}`);
    }
  }, []);
  useEffect(() => void reload(), [reload]);

  const back = () => {
    setEditing(null);
    requestAnimationFrame(() => newButton.current?.focus());
  };

  const confirmDelete = async () => {
    if (!deleting) return;
    const notice = deleting;
    setBusy(true);
    try {
      await deleteNotice(notice.id);
      onChanged(`Deleted the notice “${notice.title}”.`);
    } catch (error) {
      onError(`The notice “${notice.title}” was not deleted: ${messageOf(error)}`);
    } finally {
      setBusy(false);
      setDeleting(null);
      await reload();
    }
  };

  if (editing) {
    return (
      <NoticeForm
        key={editing === 'new' ? 'new' : editing.id}
        {...(editing === 'new' ? {} : { notice: editing })}
        appIds={appIds}
        now={now}
        onSaved={(message) => {
          onChanged(message);
          back();
          void reload();
        }}
        onCancel={back}
      />
    );
  }

  return (
    <div className="flex flex-col gap-3">
      <p className="text-base-content/75 text-sm">
        Notices appear above the sections of the home page, for everyone who may see the apps they
        name, from their start to their end. Title and text are shown as plain text.
      </p>
      <div>
        <button
          ref={newButton}
          type="button"
          className="btn btn-primary btn-sm"
          onClick={() => setEditing('new')}
        >
          <Plus aria-hidden="true" className="size-4" />
          New notice
        </button>
      </div>
      {loadError && (
        <p role="alert" className="alert alert-error">
          {loadError}
        </p>
      )}
      {notices === null ? (
        !loadError && <p role="status">Loading the notices…</p>
      ) : notices.length === 0 ? (
        <p className="text-base-content/75">No notices yet.</p>
      ) : (
        <ul className="flex flex-col gap-2" aria-label="Notices, latest start first">
          {notices.map((notice) => {
            const state = noticeState(notice, now());
            return (
              <li
                key={notice.id}
                className="border-base-300 flex flex-wrap items-start gap-3 rounded-lg border p-3"
              >
                <div className="min-w-0 flex-1">
                  <h2 className="font-semibold break-words">{notice.title}</h2>
                  <p className="text-base-content/75 text-sm">
                    {SEVERITY_LABELS[notice.severity]} · {STATE_LABELS[state]} ·{' '}
                    {formatTime(notice.startsAt)} – {formatTime(notice.endsAt)}
                    {notice.appIds.length > 0 && ` · Apps: ${notice.appIds.join(', ')}`}
                  </p>
                  {notice.text && <p className="break-words whitespace-pre-line">{notice.text}</p>}
                </div>
                <div className="flex gap-1">
                  <button
                    type="button"
                    className="btn btn-ghost btn-sm"
                    aria-label={`Edit the notice “${notice.title}”`}
                    onClick={() => setEditing(notice)}
                  >
                    <Pencil aria-hidden="true" className="size-4" />
                    Edit
                  </button>
                  <button
                    type="button"
                    className="btn btn-ghost btn-sm"
                    aria-label={`Delete the notice “${notice.title}”`}
                    onClick={() => setDeleting(notice)}
                  >
                    <Trash2 aria-hidden="true" className="size-4" />
                    Delete
                  </button>
                </div>
              </li>
            );
          })}
        </ul>
      )}
      {deleting && (
        <ConfirmDialog
          title={`Delete the notice “${deleting.title}”?`}
          confirmLabel="Delete"
          busy={busy}
          onConfirm={() => void confirmDelete()}
          onCancel={() => setDeleting(null)}
        >
          <p>It disappears from the home page at once. The audit log keeps what it said.</p>
        </ConfirmDialog>
      )}
    </div>
  );
}
