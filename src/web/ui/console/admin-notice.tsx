import X from 'lucide-react/icons/x';
import { useT } from '../../lib/i18n.js';

export interface Notice {
  message: string;
  kind: 'success' | 'error';
  /** An action next to the message, e.g. Undo after a delete. */
  action?: { label: string; run(): void };
}

function NoticeBody({ notice, onDismiss }: { notice: Notice; onDismiss(): void }) {
  const t = useT();
  return (
    <div className={`alert ${notice.kind === 'error' ? 'alert-error' : 'alert-success'} shadow-lg`}>
      <span className="whitespace-normal">{notice.message}</span>
      <span className="flex gap-1">
        {notice.action && (
          <button type="button" className="btn btn-sm" onClick={notice.action.run}>
            {notice.action.label}
          </button>
        )}
        <button
          type="button"
          className="btn btn-ghost btn-sm btn-square"
          aria-label={t('admin.common.dismiss')}
          onClick={onDismiss}
        >
          <X aria-hidden="true" className="size-4" />
        </button>
      </span>
    </div>
  );
}

/**
 * The console's toast: what the last action did, with an optional action (Undo). It stays until
 * dismissed or replaced (no time limit to read or reach it). The live regions are always in the
 * page, so screen readers announce each new message (errors assertively).
 */
export function AdminNotice({ notice, onDismiss }: { notice: Notice | null; onDismiss(): void }) {
  return (
    <div className="toast toast-end toast-bottom z-40 max-w-[calc(100vw-1rem)]">
      <div role="status">
        {notice?.kind === 'success' && <NoticeBody notice={notice} onDismiss={onDismiss} />}
      </div>
      <div role="alert">
        {notice?.kind === 'error' && <NoticeBody notice={notice} onDismiss={onDismiss} />}
      </div>
    </div>
  );
}
