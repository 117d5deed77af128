import { useCallback, useEffect, useId, useState } from 'react';
import type { Delivery, DeliveryList } from '../../../../shared/api/outbox-schemas.js';
import { messageOf } from '../api/admin-api.js';
import { listDeliveries, retryDelivery } from '../api/deliveries-api.js';
import { formatTime } from '../utils/format.js';

export const DELIVERIES_PAGE_SIZE = 30;

type Filter = Delivery['state'] | '';

const STATE_LABELS: Record<Delivery['state'], string> = {
  pending: 'Pending',
  sent: 'Sent',
  failed: 'Failed',
  skipped: 'Skipped (not configured)',
};

/**
 * The access notifications (mail, webhook) and how their delivery went, newest first; failed
 * ones first by default, each with a retry. The state is written out, never shown by colour alone.
 */
export function DeliveriesView() {
  const [filter, setFilter] = useState<Filter>('failed');
  const [page, setPage] = useState(1);
  const [list, setList] = useState<DeliveryList | null>(null);
  const [error, setError] = useState<string | null>(null);
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
      setError(messageOf(failure));
    }
  }, [filter, page]);
  useEffect(() => {
    void load();
  }, [load]);

  const retry = async (delivery: Delivery) => {
    setBusy(delivery.id);
    try {
      await retryDelivery(delivery.id);
      setNotice(`Queued “${delivery.summary}” again.`);
      await load();
    } catch (failure) {
      setError(messageOf(failure));
    } finally {
      setBusy(null);
    }
  };

  return (
    <div className="flex flex-col gap-4">
      <p className="text-base-content/80 text-sm">
        E-mail and webhook messages of the access requests. A message is retried with growing
        pauses; after the last attempt it is marked failed and stays here until you retry it.
      </p>
      <label className="flex flex-col gap-1 self-start" htmlFor={filterId}>
        <span className="text-sm font-medium">Show</span>
        <select
          id={filterId}
          className="select select-bordered select-sm"
          value={filter}
          onChange={(event) => {
            setFilter(event.target.value as Filter);
            setPage(1);
          }}
        >
          <option value="failed">Failed</option>
          <option value="pending">Pending</option>
          <option value="sent">Sent</option>
          <option value="skipped">Skipped</option>
          <option value="">All</option>
        </select>
      </label>
      <div aria-live="polite">{notice && <p className="alert alert-success">{notice}</p>}</div>
      {error && (
        <p role="alert" className="alert alert-error">
          {error}
        </p>
      )}
      {list === null ? (
        <p role="status">Loading the deliveries…</p>
      ) : list.items.length === 0 ? (
        <p className="text-base-content/75">No deliveries.</p>
      ) : (
        <div className="overflow-x-auto" tabIndex={0} role="group" aria-label="Deliveries">
          <table className="table-sm table">
            <caption className="sr-only">Deliveries, newest first</caption>
            <thead>
              <tr>
                <th scope="col">Message</th>
                <th scope="col">State</th>
                <th scope="col">Attempts</th>
                <th scope="col">Last error</th>
                <th scope="col">Created</th>
                <th scope="col">
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {list.items.map((delivery) => (
                <tr key={delivery.id}>
                  <td className="break-all">
                    <span className="font-semibold">
                      {delivery.kind === 'mail' ? 'E-mail' : 'Webhook'}:
                    </span>{' '}
                    {delivery.summary}
                    {delivery.to.length > 0 && (
                      <span className="text-base-content/75 block text-sm">
                        to {delivery.to.join(', ')}
                      </span>
                    )}
                  </td>
                  <td>
                    {STATE_LABELS[delivery.state]}
                    {delivery.nextAttemptAt && (
                      <span className="text-base-content/75 block text-sm">
                        next try {formatTime(delivery.nextAttemptAt)}
                      </span>
                    )}
                  </td>
                  <td>{delivery.attempts}</td>
                  <td className="break-all">{delivery.lastError || '—'}</td>
                  <td>{formatTime(delivery.createdAt)}</td>
                  <td>
                    {(delivery.state === 'failed' || delivery.state === 'skipped') && (
                      <button
                        type="button"
                        className="btn btn-sm"
                        disabled={busy !== null}
                        aria-label={`Retry “${delivery.summary}”`}
                        onClick={() => void retry(delivery)}
                      >
                        Retry
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
        <nav aria-label="Pages of deliveries" className="flex items-center gap-2">
          <button
            type="button"
            className="btn btn-sm"
            disabled={page <= 1}
            onClick={() => setPage(page - 1)}
          >
            Newer
          </button>
          <span className="text-sm">
            Page {list.page} of {list.totalPages}
          </span>
          <button
            type="button"
            className="btn btn-sm"
            disabled={page >= list.totalPages}
            onClick={() => setPage(page + 1)}
          >
            Older
          </button>
        </nav>
      )}
    </div>
  );
}
