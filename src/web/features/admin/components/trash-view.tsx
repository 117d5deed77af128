import { RotateCcw } from 'lucide-react';
import { useState } from 'react';
import type { AdminApp } from '../../../../shared/api/admin-schemas.js';
import { messageOf, restoreApp } from '../api/admin-api.js';
import { formatTime } from '../utils/format.js';
import { AdminLogo } from './admin-logo.js';

export interface TrashViewProps {
  apps: readonly AdminApp[] | null;
  error: string | null;
  /** After a restore: `app` as the server answered (back in the catalog); say so. */
  onRestored(app: AdminApp, message: string): void;
  onError(message: string): void;
}

/** Apps deleted in the last 30 days, newest first, each with Restore. */
export function TrashView({ apps, error, onRestored, onError }: TrashViewProps) {
  const [busy, setBusy] = useState<string | null>(null);
  if (error) {
    return (
      <p role="alert" className="alert alert-error">
        {error}
      </p>
    );
  }
  if (apps === null) return <p role="status">Loading the trash…</p>;
  if (apps.length === 0) {
    return <p className="text-base-content/75">The trash is empty.</p>;
  }
  const sorted = [...apps].sort((a, b) => (b.deletedAt ?? '').localeCompare(a.deletedAt ?? ''));
  const restore = async (app: AdminApp) => {
    setBusy(app.id);
    try {
      onRestored(await restoreApp(app.id), `Restored ${app.name}.`);
    } catch (failure) {
      onError(`${app.name} could not be restored: ${messageOf(failure)}`);
    } finally {
      setBusy(null);
    }
  };
  return (
    <div className="flex flex-col gap-3">
      <p className="text-base-content/75 text-sm">
        Deleted apps stay here for 30 days; restoring one brings back its logo and the favorites
        that pointed at it.
      </p>
      <ul className="flex flex-col gap-2" aria-label="Deleted apps">
        {sorted.map((app) => (
          <li
            key={app.id}
            className="border-base-300 flex flex-wrap items-center gap-3 rounded-lg border p-3"
          >
            <AdminLogo name={app.name} url={app.image ? app.imageUrl : undefined} />
            <div className="min-w-0 flex-1">
              <p className="font-semibold break-words">
                {app.name} <span className="text-base-content/75 text-xs">({app.id})</span>
              </p>
              <p className="text-base-content/75 text-sm">
                Deleted {app.deletedAt ? formatTime(app.deletedAt) : ''}
                {app.deletedBy ? ` by ${app.deletedBy}` : ''}
                {app.purgeAt ? `; removed for good on ${formatTime(app.purgeAt)}` : ''}
              </p>
            </div>
            <button
              type="button"
              className="btn btn-sm"
              aria-label={`Restore ${app.name}`}
              disabled={busy === app.id}
              onClick={() => void restore(app)}
            >
              <RotateCcw aria-hidden="true" className="size-4" />
              Restore
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
