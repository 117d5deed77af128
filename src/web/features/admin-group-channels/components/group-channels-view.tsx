import Copy from 'lucide-react/icons/copy';
import Plus from 'lucide-react/icons/plus';
import Trash2 from 'lucide-react/icons/trash-2';
import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import {
  GROUP_CHANNEL_FORMATS,
  type GroupChannel,
  type GroupChannelFormat,
} from '../../../../shared/api/group-channel-schemas.js';
import { errorText } from '../../../lib/error-text.js';
import { useLocale, useT } from '../../../lib/i18n.js';
import { problemsOf } from '../../../lib/console/admin-errors.js';
import { ERROR_TEXT, FormField } from '../../../ui/console/form-field.js';
import { SelectField } from '../../../ui/console/select-field.js';
import { useId } from '../../../ui/use-id.js';
import { getGroupChannels, putGroupChannels } from '../api/group-channels-api.js';

/** A channel as the form edits it; `secret` is empty until the portal made one (saved). */
interface ChannelRow {
  key: string;
  group: string;
  url: string;
  format: GroupChannelFormat;
  secret: string;
}

let nextKey = 0;
const rowOf = (channel: GroupChannel): ChannelRow => ({
  key: `c${(nextKey += 1)}`,
  group: channel.group,
  url: channel.url,
  format: channel.format as GroupChannelFormat,
  secret: channel.secret,
});

export interface GroupChannelsViewProps {
  onChanged(message: string): void;
}

/** One channel's fields: group, URL, format, and its secret to copy once saved. */
function ChannelFieldset({
  row,
  number,
  onChange,
  onRemove,
}: {
  row: ChannelRow;
  number: number;
  onChange(change: Partial<ChannelRow>): void;
  onRemove(): void;
}) {
  const t = useT();
  const [copied, setCopied] = useState(false);
  const formatLabels = Object.fromEntries(
    GROUP_CHANNEL_FORMATS.map((format) => [format, t(`admin.groupChannels.formats.${format}`)]),
  ) as Record<GroupChannelFormat, string>;
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(row.secret);
      setCopied(true);
    } catch {
      setCopied(false);
    }
  };
  return (
    <fieldset
      data-channel={row.key}
      className="border-base-300 flex flex-col gap-3 rounded-lg border p-3"
    >
      <legend className="px-1 font-medium">
        {t('admin.groupChannels.channel', { number, group: row.group || '…' })}
      </legend>
      <FormField label={t('admin.groupChannels.group')} hint={t('admin.groupChannels.groupHint')}>
        {(ids) => (
          <input
            {...ids}
            className="input input-bordered w-full"
            value={row.group}
            autoComplete="off"
            onChange={(event) => onChange({ group: event.target.value })}
          />
        )}
      </FormField>
      <FormField label={t('admin.groupChannels.url')} hint={t('admin.groupChannels.urlHint')}>
        {(ids) => (
          <input
            {...ids}
            type="url"
            className="input input-bordered w-full"
            value={row.url}
            autoComplete="off"
            spellCheck={false}
            onChange={(event) => onChange({ url: event.target.value })}
          />
        )}
      </FormField>
      <SelectField<GroupChannelFormat>
        label={t('admin.groupChannels.format')}
        value={row.format}
        choices={GROUP_CHANNEL_FORMATS}
        labels={formatLabels}
        onChange={(format) => onChange({ format })}
      />
      {row.secret ? (
        <FormField
          label={t('admin.groupChannels.secret')}
          hint={t('admin.groupChannels.secretHint')}
        >
          {(ids) => (
            <div className="flex flex-wrap items-center gap-2">
              <input
                {...ids}
                readOnly
                className="input input-bordered min-w-0 flex-1 font-mono text-sm"
                value={row.secret}
                onFocus={(event) => event.target.select()}
              />
              <button
                type="button"
                className="btn btn-sm"
                aria-label={t('admin.groupChannels.copyLabel', { number })}
                onClick={() => void copy()}
              >
                <Copy aria-hidden="true" className="size-4" />
                {t('admin.groupChannels.copy')}
              </button>
              <span role="status" className="text-sm">
                {copied ? t('admin.groupChannels.copied') : ''}
              </span>
            </div>
          )}
        </FormField>
      ) : (
        <p className="text-base-content/75 text-sm">{t('admin.groupChannels.secretNew')}</p>
      )}
      <div>
        <button
          type="button"
          className="btn btn-ghost btn-sm"
          aria-label={t('admin.groupChannels.removeLabel', { number })}
          onClick={onRemove}
        >
          <Trash2 aria-hidden="true" className="size-4" />
          {t('admin.groupChannels.remove')}
        </button>
      </div>
    </fieldset>
  );
}

/**
 * The Group channels tab (docs/notifications.md, "Group channels"): each group's webhooks (JSON,
 * Slack or Mattermost, Teams, Matrix) that hear the status changes of the apps the group may
 * see; saved as a whole list, the server's problems shown above it. A saved channel shows its
 * secret, to give to the receiver.
 */
export function GroupChannelsView({ onChanged }: GroupChannelsViewProps) {
  const locale = useLocale();
  const { t } = locale;
  const headingId = useId();
  const [rows, setRows] = useState<ChannelRow[] | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [problems, setProblems] = useState<string[]>([]);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const form = useRef<HTMLFormElement>(null);
  const summary = useRef<HTMLDivElement>(null);

  const load = useCallback(async () => {
    try {
      setRows((await getGroupChannels()).map(rowOf));
    } catch (error) {
      setLoadError(t('admin.groupChannels.loadFailed', { error: errorText(locale, error) }));
    }
    // The language never changes while the page lives.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  useEffect(() => void load(), [load]);

  if (loadError) {
    return (
      <p role="alert" className="alert alert-error">
        {loadError}
      </p>
    );
  }
  if (!rows) return <p role="status">{t('admin.groupChannels.loading')}</p>;

  const focusLater = (selector: string) =>
    requestAnimationFrame(() => form.current?.querySelector<HTMLElement>(selector)?.focus());
  const change = (key: string, values: Partial<ChannelRow>) =>
    setRows(rows.map((row) => (row.key === key ? { ...row, ...values } : row)));
  const add = () => {
    const row = rowOf({ group: '', url: '', format: 'json', secret: '' });
    setRows([...rows, row]);
    focusLater(`[data-channel="${row.key}"] input`);
  };
  const remove = (key: string) => {
    setRows(rows.filter((row) => row.key !== key));
    focusLater('[data-channel-add]');
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    setFailure(null);
    try {
      const saved = await putGroupChannels(
        rows.map(({ group, url, format }) => ({ group, url, format })),
      );
      setRows(saved.map(rowOf));
      setProblems([]);
      onChanged(t('admin.groupChannels.saved'));
    } catch (error) {
      const refused = problemsOf(error);
      setProblems(refused);
      if (refused.length === 0) {
        setFailure(t('admin.groupChannels.saveFailed', { error: errorText(locale, error) }));
      }
      requestAnimationFrame(() => summary.current?.focus());
    } finally {
      setBusy(false);
    }
  };

  return (
    <form
      ref={form}
      aria-labelledby={headingId}
      className="flex max-w-3xl flex-col gap-4"
      noValidate
      onSubmit={(event) => void submit(event)}
    >
      <h2 id={headingId} className="text-lg font-semibold">
        {t('admin.groupChannels.heading')}
      </h2>
      <p className="text-base-content/75 text-sm">{t('admin.groupChannels.intro')}</p>
      <div ref={summary} tabIndex={-1} role="alert" className="outline-none">
        {failure && <p className="alert alert-error">{failure}</p>}
        {problems.length > 0 && (
          <div className={`flex flex-col gap-1 ${ERROR_TEXT}`}>
            <p>{t('admin.groupChannels.problems')}</p>
            <ul className="list-disc ps-6 text-sm">
              {problems.map((problem) => (
                <li key={problem}>{problem}</li>
              ))}
            </ul>
          </div>
        )}
      </div>
      {rows.length === 0 ? (
        <p className="text-base-content/75">{t('admin.groupChannels.empty')}</p>
      ) : (
        <ul className="flex flex-col gap-3" aria-label={t('admin.groupChannels.listLabel')}>
          {rows.map((row, index) => (
            <li key={row.key}>
              <ChannelFieldset
                row={row}
                number={index + 1}
                onChange={(values) => change(row.key, values)}
                onRemove={() => remove(row.key)}
              />
            </li>
          ))}
        </ul>
      )}
      <div className="flex flex-wrap gap-2">
        <button type="button" data-channel-add="" className="btn btn-sm" onClick={add}>
          <Plus aria-hidden="true" className="size-4" />
          {t('admin.groupChannels.add')}
        </button>
        <button type="submit" className="btn btn-primary btn-sm" disabled={busy}>
          {busy ? t('admin.groupChannels.saving') : t('admin.groupChannels.save')}
        </button>
      </div>
    </form>
  );
}
