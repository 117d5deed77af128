import RotateCcw from 'lucide-react/icons/rotate-ccw';
import { useState } from 'react';
import type { AdminApp } from '../../../../shared/api/admin-schemas.js';
import { errorText } from '../../../lib/error-text.js';
import { useLocale } from '../../../lib/i18n.js';
import { nameOf } from '../../../lib/console/app-name.js';
import { formatTime } from '../../../lib/console/format.js';
import { restoreApp } from '../api/history-api.js';
import { AdminLogo } from '../../../ui/console/admin-logo.js';

export interface TrashViewProps {
  apps: readonly AdminApp[] | null;
  /** Why the trash could not be loaded (shown with `errorText`), or null. */
  error: unknown;
  /** After a restore: `app` as the server answered (back in the catalog); say so. */
  onRestored(app: AdminApp, message: string): void;
  onError(message: string): void;
}

/** Apps deleted in the last 30 days, newest first, each with Restore. */
export function TrashView({ apps, error, onRestored, onError }: TrashViewProps) {
  const locale = useLocale();
  const { t } = locale;
  const [busy, setBusy] = useState<string | null>(null);
  if (error !== null) {
    return (
      <p role="alert" className="alert alert-error">
        {errorText(locale, error)}
      </p>
    );
  }
  if (apps === null) return <p role="status">{t('admin.trash.loading')}</p>;
  if (apps.length === 0) {
    return <p className="text-base-content/75">{t('admin.trash.empty')}</p>;
  }
  const sorted = [...apps].sort((a, b) => (b.deletedAt ?? '').localeCompare(a.deletedAt ?? ''));
  const restore = async (app: AdminApp) => {
    setBusy(app.id);
    try {
      onRestored(
        await restoreApp(app.id),
        t('admin.apps.restored', { name: nameOf(app, locale.language) }),
      );
    } catch (failure) {
      onError(
        t('admin.apps.restoreFailed', {
          name: nameOf(app, locale.language),
          error: errorText(locale, failure),
        }),
      );
    } finally {
      setBusy(null);
    }
  };
  return (
    <div className="flex flex-col gap-3">
      <p className="text-base-content/75 text-sm">{t('admin.trash.intro')}</p>
      <ul className="flex flex-col gap-2" aria-label={t('admin.trash.listLabel')}>
        {sorted.map((app) => (
          <li
            key={app.id}
            className="border-base-300 flex flex-wrap items-center gap-3 rounded-lg border p-3"
          >
            <AdminLogo
              name={nameOf(app, locale.language)}
              url={app.image ? app.imageUrl : undefined}
            />
            <div className="min-w-0 flex-1">
              <p className="font-semibold break-words">
                {nameOf(app, locale.language)}{' '}
                <span className="text-base-content/75 text-xs">({app.id})</span>
              </p>
              <p className="text-base-content/75 text-sm">
                {t('admin.trash.deleted', {
                  time: app.deletedAt ? formatTime(app.deletedAt, locale) : '',
                  by: app.deletedBy ? 'yes' : 'no',
                  user: app.deletedBy ?? '',
                  purge: app.purgeAt ? 'yes' : 'no',
                  purgeTime: app.purgeAt ? formatTime(app.purgeAt, locale) : '',
                })}
              </p>
            </div>
            <button
              type="button"
              className="btn btn-sm"
              aria-label={t('admin.trash.restoreLabel', { name: nameOf(app, locale.language) })}
              disabled={busy === app.id}
              onClick={() => void restore(app)}
            >
              <RotateCcw aria-hidden="true" className="size-4 rtl:[scale:-1_1]" />
              {t('admin.trash.restore')}
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
