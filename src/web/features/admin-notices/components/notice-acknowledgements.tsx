import { useState } from 'react';
import type { NoticeAcknowledgements } from '../../../../shared/api/notice-schemas.js';
import { useT } from '../../../lib/i18n.js';
import { messageOf } from '../../../lib/console/admin-errors.js';
import { fetchAcknowledgements, fetchAcknowledgementsCsv } from '../api/notices-api.js';

/** A notice to acknowledge: how many did and how many have not, and the list as CSV. */
export function NoticeAcknowledgementsPanel({ id, title }: { id: string; title: string }) {
  const t = useT();
  const [report, setReport] = useState<NoticeAcknowledgements | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const load = async () => {
    setFailure(null);
    try {
      setReport(await fetchAcknowledgements(id));
    } catch (error) {
      setFailure(messageOf(error));
    }
  };

  const download = async () => {
    setFailure(null);
    try {
      const csv = await fetchAcknowledgementsCsv(id);
      const url = URL.createObjectURL(new Blob([csv], { type: 'text/csv' }));
      const link = document.createElement('a');
      link.href = url;
      link.download = `notice-${id}-acknowledgements.csv`;
      link.click();
      setTimeout(() => URL.revokeObjectURL(url), 1000);
    } catch (error) {
      setFailure(messageOf(error));
    }
  };

  return (
    <div className="flex flex-wrap items-center gap-2 text-sm">
      {report ? (
        <span role="status">
          {t('admin.notices.acks.counts', {
            acknowledged: report.acknowledged.length,
            pending: report.pending.length,
          })}
        </span>
      ) : (
        <button
          type="button"
          className="btn btn-ghost btn-xs"
          aria-label={t('admin.notices.acks.showLabel', { title })}
          onClick={() => void load()}
        >
          {t('admin.notices.acks.show')}
        </button>
      )}
      <button
        type="button"
        className="btn btn-ghost btn-xs"
        aria-label={t('admin.notices.acks.csvLabel', { title })}
        onClick={() => void download()}
      >
        {t('admin.notices.acks.csv')}
      </button>
      {failure && (
        <span role="alert" className="text-error">
          {failure}
        </span>
      )}
    </div>
  );
}
