import { NoticeAcknowledgementsPanel } from './notice-acknowledgements.js';
import Pencil from 'lucide-react/icons/pencil';
import Plus from 'lucide-react/icons/plus';
import Trash2 from 'lucide-react/icons/trash-2';
import { SOURCE_LANGUAGE } from '../../../../shared/i18n/languages.js';
import { textIn } from '../../../../shared/i18n/localized-text.js';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { PortalNotice } from '../../../../shared/api/notice-schemas.js';
import { errorText } from '../../../lib/error-text.js';
import { focusAfterFrame } from '../../../lib/focus.js';
import { useLocale } from '../../../lib/i18n.js';
import { deleteNotice, listNotices } from '../api/notices-api.js';
import { formatTime } from '../../../lib/console/format.js';
import { noticeState } from '../utils/notice-times.js';
import { ConfirmDialog } from '../../../ui/console/confirm-dialog.js';
import { NoticeForm } from './notice-form.js';

export interface NoticesViewProps {
  appIds: readonly string[];
  onChanged(message: string): void;
  onError(message: string): void;
  now?: () => number;
}

/** The Notices tab: notices admins post for the home page, with their time window. */
export function NoticesView({ appIds, onChanged, onError, now = Date.now }: NoticesViewProps) {
  const locale = useLocale();
  const { t } = locale;
  const [notices, setNotices] = useState<PortalNotice[] | null>(null);
  const [loadError, setLoadError] = useState<unknown>(null);
  const [editing, setEditing] = useState<PortalNotice | 'new' | null>(null);
  const [deleting, setDeleting] = useState<PortalNotice | null>(null);
  const [busy, setBusy] = useState(false);
  const newButton = useRef<HTMLButtonElement>(null);

  const reload = useCallback(async () => {
    try {
      setNotices(await listNotices());
      setLoadError(null);
    } catch (error) {
      setLoadError(error ?? new Error('failed'));
    }
  }, []);
  useEffect(() => void reload(), [reload]);

  const back = () => {
    setEditing(null);
    focusAfterFrame(() => newButton.current);
  };

  const confirmDelete = async () => {
    if (!deleting) return;
    const notice = deleting;
    setBusy(true);
    try {
      await deleteNotice(notice.id);
      onChanged(t('admin.notices.deleted', { title: notice.title }));
    } catch (error) {
      onError(
        t('admin.notices.deleteFailed', { title: notice.title, error: errorText(locale, error) }),
      );
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
      <p className="text-base-content/75 text-sm">{t('admin.notices.intro')}</p>
      <div>
        <button
          ref={newButton}
          type="button"
          className="btn btn-primary btn-sm"
          onClick={() => setEditing('new')}
        >
          <Plus aria-hidden="true" className="size-4" />
          {t('admin.notices.new')}
        </button>
      </div>
      {loadError !== null && (
        <p role="alert" className="alert alert-error">
          {t('admin.notices.loadFailed', { error: errorText(locale, loadError) })}
        </p>
      )}
      {notices === null ? (
        loadError === null && <p role="status">{t('admin.notices.loading')}</p>
      ) : notices.length === 0 ? (
        <p className="text-base-content/75">{t('admin.notices.empty')}</p>
      ) : (
        <ul className="flex flex-col gap-2" aria-label={t('admin.notices.listLabel')}>
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
                    {t('admin.notices.summary', {
                      severity: t(`admin.notices.severity.${notice.severity}`),
                      state: t(`admin.notices.state.${state}`),
                      start: formatTime(notice.startsAt, locale),
                      end: formatTime(notice.endsAt, locale),
                    })}
                    {notice.appIds.length > 0 &&
                      ` · ${t('admin.notices.apps', { apps: notice.appIds.join(', ') })}`}
                  </p>
                  {notice.text && (
                    <p className="break-words whitespace-pre-line">
                      {textIn(notice.text, SOURCE_LANGUAGE, SOURCE_LANGUAGE)}
                    </p>
                  )}
                  {notice.audience.kind !== 'everyone' && (
                    <p className="text-base-content/75 text-sm">
                      {notice.audience.kind === 'groups'
                        ? t('admin.notices.audience.forGroups', {
                            groups: notice.audience.groups.join(', '),
                          })
                        : t('admin.notices.audience.forSignedIn')}
                    </p>
                  )}
                  {notice.mailAudience && (
                    <p className="text-base-content/75 text-sm">
                      {t('admin.notices.mailedToAudience')}
                    </p>
                  )}
                  {notice.requireAck && (
                    <NoticeAcknowledgementsPanel id={notice.id} title={notice.title} />
                  )}
                </div>
                <div className="flex gap-1">
                  <button
                    type="button"
                    className="btn btn-ghost btn-sm"
                    aria-label={t('admin.notices.editLabel', { title: notice.title })}
                    onClick={() => setEditing(notice)}
                  >
                    <Pencil aria-hidden="true" className="size-4" />
                    {t('admin.common.edit')}
                  </button>
                  <button
                    type="button"
                    className="btn btn-ghost btn-sm"
                    aria-label={t('admin.notices.deleteLabel', { title: notice.title })}
                    onClick={() => setDeleting(notice)}
                  >
                    <Trash2 aria-hidden="true" className="size-4" />
                    {t('admin.common.delete')}
                  </button>
                </div>
              </li>
            );
          })}
        </ul>
      )}
      {deleting && (
        <ConfirmDialog
          title={t('admin.notices.deleteTitle', { title: deleting.title })}
          confirmLabel={t('admin.common.delete')}
          busy={busy}
          onConfirm={() => void confirmDelete()}
          onCancel={() => setDeleting(null)}
        >
          <p>{t('admin.notices.deleteBody')}</p>
        </ConfirmDialog>
      )}
    </div>
  );
}
