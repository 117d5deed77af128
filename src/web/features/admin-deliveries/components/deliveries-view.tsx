import { useCallback, useEffect, useState } from 'react';
import { useId } from '../../../ui/use-id.js';
import type { Delivery, DeliveryList } from '../../../../shared/api/outbox-schemas.js';
import { errorText } from '../../../lib/error-text.js';
import { useLocale } from '../../../lib/i18n.js';
import { listDeliveries, retryDelivery } from '../api/deliveries-api.js';
import { formatTime } from '../../../lib/console/format.js';

export const DELIVERIES_PAGE_SIZE = 30;

type Filter = Delivery['state'] | '';

/** The filter's choices, in their order. */
const FILTERS: readonly Filter[] = ['failed', 'pending', 'sent', 'skipped', ''];

/**
 * The access notifications (mail, webhook) and how their delivery went, newest first; failed
 * ones first by default, each with a retry. The state is written out, never shown by colour alone.
 */
export function DeliveriesView() {
  const locale = useLocale();
  const { t } = locale;
  const [filter, setFilter] = useState<Filter>('failed');
  const [page, setPage] = useState(1);
  const [list, setList] = useState<DeliveryList | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const filterId = useId();

  const load = useCallback(async () => {
    try {
      const next = await listDeliveries({
        ...(filter === '' ? {} : { state: filter }),
        page,
        perPage: DELIVERIES_PAGE_SIZE,
      });
      setList(next);
      setError(null);
    } catch (failure) {
      setError(failure ?? new Error('failed'));
    }
  }, [filter, page]);
  useEffect(() => {
    void load();
  }, [load]);

  const retry = async (delivery: Delivery) => {
    setBusy(delivery.id);
    try {
      await retryDelivery(delivery.id);
      setNotice(t('admin.deliveries.queued', { summary: delivery.summary }));
      await load();
    } catch (failure) {
      setError(failure ?? new Error('failed'));
    } finally {
      setBusy(null);
    }
  };

  return (
    <div className="flex flex-col gap-4">
      <p className="text-base-content/80 text-sm">{t('admin.deliveries.intro')}</p>
      <label className="flex flex-col gap-1 self-start" htmlFor={filterId}>
        <span className="text-sm font-medium">{t('admin.deliveries.show')}</span>
        <select
          id={filterId}
          className="select select-bordered select-sm"
          value={filter}
          onChange={(event) => {
            setFilter(event.target.value as Filter);
            setPage(1);
          }}
        >
          {FILTERS.map((value) => (
            <option key={value} value={value}>
              {t(value === '' ? 'admin.common.all' : `admin.deliveries.filter.${value}`)}
            </option>
          ))}
        </select>
      </label>
      <div aria-live="polite">{notice && <p className="alert alert-success">{notice}</p>}</div>
      {error !== null && (
        <p role="alert" className="alert alert-error">
          {errorText(locale, error)}
        </p>
      )}
      {list === null ? (
        <p role="status">{t('admin.deliveries.loading')}</p>
      ) : list.items.length === 0 ? (
        <p className="text-base-content/75">{t('admin.deliveries.empty')}</p>
      ) : (
        <div
          className="overflow-x-auto"
          tabIndex={0}
          role="group"
          aria-label={t('admin.deliveries.label')}
        >
          <table className="table-sm table">
            <caption className="sr-only">{t('admin.deliveries.caption')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('admin.deliveries.column.message')}</th>
                <th scope="col">{t('admin.deliveries.column.state')}</th>
                <th scope="col">{t('admin.deliveries.column.attempts')}</th>
                <th scope="col">{t('admin.deliveries.column.lastError')}</th>
                <th scope="col">{t('admin.deliveries.column.created')}</th>
                <th scope="col">
                  <span className="sr-only">{t('admin.common.actions')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {list.items.map((delivery) => (
                <tr key={delivery.id}>
                  <td className="break-all">
                    <span className="font-semibold">
                      {t(
                        delivery.kind === 'mail'
                          ? 'admin.deliveries.kind.mail'
                          : 'admin.deliveries.kind.webhook',
                      )}
                    </span>{' '}
                    {delivery.summary}
                    {delivery.to.length > 0 && (
                      <span className="text-base-content/75 block text-sm">
                        {t('admin.deliveries.to', { recipients: delivery.to.join(', ') })}
                      </span>
                    )}
                  </td>
                  <td>
                    {t(`admin.deliveries.state.${delivery.state}`)}
                    {delivery.nextAttemptAt && (
                      <span className="text-base-content/75 block text-sm">
                        {t('admin.deliveries.nextTry', {
                          time: formatTime(delivery.nextAttemptAt, locale),
                        })}
                      </span>
                    )}
                  </td>
                  <td>{locale.formatNumber(delivery.attempts)}</td>
                  <td className="break-all">{delivery.lastError || '—'}</td>
                  <td>{formatTime(delivery.createdAt, locale)}</td>
                  <td>
                    {(delivery.state === 'failed' || delivery.state === 'skipped') && (
                      <button
                        type="button"
                        className="btn btn-sm"
                        disabled={busy !== null}
                        aria-label={t('admin.deliveries.retryLabel', { summary: delivery.summary })}
                        onClick={() => void retry(delivery)}
                      >
                        {t('admin.deliveries.retry')}
                      </button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {list !== null && list.totalPages > 1 && (
        <nav aria-label={t('admin.deliveries.pages')} className="flex items-center gap-2">
          <button
            type="button"
            className="btn btn-sm"
            disabled={page <= 1}
            onClick={() => setPage(page - 1)}
          >
            {t('admin.deliveries.newer')}
          </button>
          <span className="text-sm">
            {t('admin.deliveries.page', { page: list.page, pages: list.totalPages })}
          </span>
          <button
            type="button"
            className="btn btn-sm"
            disabled={page >= list.totalPages}
            onClick={() => setPage(page + 1)}
          >
            {t('admin.deliveries.older')}
          </button>
        </nav>
      )}
    </div>
  );
}
