import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { useId } from '../../../ui/use-id.js';
import type { AuditEntry } from '../../../../shared/api/admin-schemas.js';
import { errorText } from '../../../lib/error-text.js';
import { useLocale, useT } from '../../../lib/i18n.js';
import { labelOf } from '../../../lib/console/field-labels.js';
import { listAudit } from '../api/history-api.js';
import { ACTION_LABELS, actionOf, auditDiff } from '../utils/audit-diff.js';
import { formatTime } from '../../../lib/console/format.js';

export const AUDIT_PAGE_SIZE = 50;

function Changes({ entry }: { entry: AuditEntry }) {
  const t = useT();
  const diff = auditDiff(t, entry);
  if (diff.length === 0) return <p className="text-sm">{t('admin.audit.noChange')}</p>;
  return (
    <div
      className="overflow-x-auto"
      tabIndex={0}
      role="group"
      aria-label={t('admin.audit.changedFields')}
    >
      <table className="table-xs table">
        <thead>
          <tr>
            <th scope="col">{t('admin.audit.field')}</th>
            <th scope="col">{t('admin.audit.before')}</th>
            <th scope="col">{t('admin.audit.after')}</th>
          </tr>
        </thead>
        <tbody>
          {diff.map((row) => (
            <tr key={row.field}>
              <th scope="row">{labelOf(t, row.field)}</th>
              <td className="break-all">
                {entry.before ? (
                  <del className="text-red-700 dark:text-red-300">{row.before}</del>
                ) : (
                  row.before
                )}
              </td>
              <td className="break-all">
                {entry.after ? (
                  <ins className="text-green-800 no-underline dark:text-green-300">{row.after}</ins>
                ) : (
                  row.after
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/**
 * The append-only log of admin changes, newest first: filter by app id and by actor, open an
 * entry to read its fields before and after, load older entries page by page.
 */
export function AuditLog({ appIds }: { appIds: readonly string[] }) {
  const locale = useLocale();
  const { t } = locale;
  const [draft, setDraft] = useState({ app: '', actor: '' });
  const [filter, setFilter] = useState({ app: '', actor: '' });
  const [entries, setEntries] = useState<AuditEntry[] | null>(null);
  const [nextBefore, setNextBefore] = useState<number | undefined>();
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  const listId = useId();

  const load = useCallback(
    async (before?: number) => {
      setBusy(true);
      try {
        const page = await listAudit({
          ...filter,
          ...(before === undefined ? {} : { before }),
          limit: AUDIT_PAGE_SIZE,
        });
        setEntries((current) =>
          before === undefined ? page.items : [...(current ?? []), ...page.items],
        );
        setNextBefore(page.nextBefore);
        setError(null);
      } catch (failure) {
        setError(failure ?? new Error('failed'));
      } finally {
        setBusy(false);
      }
    },
    [filter],
  );
  useEffect(() => {
    void load();
  }, [load]);

  const apply = (event: FormEvent) => {
    event.preventDefault();
    setFilter({ app: draft.app.trim(), actor: draft.actor.trim() });
  };

  return (
    <div className="flex flex-col gap-4">
      <form
        onSubmit={apply}
        className="flex flex-wrap items-end gap-3"
        aria-label={t('admin.audit.filterLabel')}
      >
        <label className="flex flex-col gap-1">
          <span className="text-sm font-medium">{t('admin.audit.appId')}</span>
          <input
            className="input input-bordered input-sm"
            list={listId}
            value={draft.app}
            onChange={(event) => setDraft({ ...draft, app: event.target.value })}
          />
          <datalist id={listId}>
            {appIds.map((id) => (
              <option key={id} value={id} />
            ))}
          </datalist>
        </label>
        <label className="flex flex-col gap-1">
          <span className="text-sm font-medium">{t('admin.audit.actor')}</span>
          <input
            className="input input-bordered input-sm"
            value={draft.actor}
            onChange={(event) => setDraft({ ...draft, actor: event.target.value })}
          />
        </label>
        <button type="submit" className="btn btn-sm btn-primary">
          {t('admin.audit.filter')}
        </button>
        {(filter.app || filter.actor) && (
          <button
            type="button"
            className="btn btn-sm btn-ghost"
            onClick={() => {
              setDraft({ app: '', actor: '' });
              setFilter({ app: '', actor: '' });
            }}
          >
            {t('admin.audit.showAll')}
          </button>
        )}
      </form>
      {error !== null && (
        <p role="alert" className="alert alert-error">
          {errorText(locale, error)}
        </p>
      )}
      {entries === null ? (
        <p role="status">{t('admin.audit.loading')}</p>
      ) : entries.length === 0 ? (
        <p className="text-base-content/75">{t('admin.audit.empty')}</p>
      ) : (
        <ol className="flex flex-col gap-2" aria-label={t('admin.audit.listLabel')}>
          {entries.map((entry) => (
            <li key={entry.id} className="border-base-300 rounded-lg border p-3">
              <details>
                <summary className="cursor-pointer">
                  <span className="font-semibold">
                    {t(ACTION_LABELS[actionOf(entry)] ?? actionOf(entry))}
                  </span>{' '}
                  <span className="text-base-content/75 text-sm">
                    {t(entry.appId ? 'admin.audit.entryApp' : 'admin.audit.entry', {
                      app: entry.appId ?? '',
                      actor: entry.actor.username || entry.actor.subject,
                      time: formatTime(entry.at, locale),
                    })}
                  </span>
                </summary>
                <div className="pt-2">
                  <Changes entry={entry} />
                </div>
              </details>
            </li>
          ))}
        </ol>
      )}
      {nextBefore !== undefined && (
        <div>
          <button
            type="button"
            className="btn btn-sm"
            disabled={busy}
            onClick={() => void load(nextBefore)}
          >
            {t('admin.audit.loadOlder')}
          </button>
        </div>
      )}
    </div>
  );
}
