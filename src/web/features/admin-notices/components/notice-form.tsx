import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useId } from '../../../ui/use-id.js';
import type { PortalNotice } from '../../../../shared/api/notice-schemas.js';
import {
  checkNoticeFields,
  NOTICE_LIMITS,
  PORTAL_NOTICE_SEVERITIES,
  type PortalNoticeSeverity,
} from '../../../../shared/notices/notice-rules.js';
import { useT } from '../../../lib/i18n.js';
import { fieldErrorsOf, messageOf } from '../../../lib/console/admin-errors.js';
import { createNotice, updateNotice } from '../api/notices-api.js';
import { FORM_LANGUAGE, joinText, splitText } from '../../../lib/console/form-texts.js';
import { fromLocalInput, toLocalInput } from '../utils/notice-times.js';
import { ruleMessage } from '../../../lib/console/rule-messages.js';
import { ERROR_TEXT, FormField } from '../../../ui/console/form-field.js';
import { SelectField } from '../../../ui/console/select-field.js';
import { Translations } from '../../../ui/console/translations-field.js';
import type { NoticeAudienceKind } from '../../../../shared/notices/notice-audience.js';
import { NoticeAudienceFields, splitGroups } from './notice-audience-fields.js';

export const SEVERITY_LABELS: Record<PortalNoticeSeverity, string> = {
  info: 'Information',
  maintenance: 'Maintenance',
  incident: 'Incident',
};

export interface NoticeFormProps {
  /** The notice being edited; none for a new one. */
  notice?: PortalNotice;
  /** App ids the notice may name. */
  appIds: readonly string[];
  onSaved(message: string): void;
  onCancel(): void;
  /** The current time (tests fix it). */
  now?: () => number;
}

/** Creates or edits a portal notice; the server's rules are checked before anything is sent. */
export function NoticeForm({ notice, appIds, onSaved, onCancel, now = Date.now }: NoticeFormProps) {
  const t = useT();
  const labels = {
    title: t('admin.translations.notice.field.title'),
    text: t('admin.translations.notice.field.text'),
    severity: t('admin.translations.notice.field.severity'),
    startsAt: t('admin.translations.notice.field.startsAt'),
    endsAt: t('admin.translations.notice.field.endsAt'),
    appIds: t('admin.translations.notice.field.appIds'),
    audience: t('admin.notices.audience'),
    requireAck: t('admin.notices.requireAck'),
    mailAudience: t('admin.notices.mailAudience'),
  };
  const severityLabels: Record<PortalNoticeSeverity, string> = {
    info: t('admin.translations.notice.severity.info'),
    maintenance: t('admin.translations.notice.severity.maintenance'),
    incident: t('admin.translations.notice.severity.incident'),
  };
  const headingId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const form = useRef<HTMLFormElement>(null);
  /** After a refusal: the focus goes to the first field with a problem. */
  const focusFirstProblem = () =>
    requestAnimationFrame(() =>
      form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus(),
    );
  // Opening the form puts the focus on its heading, as the app form does.
  useEffect(() => heading.current?.focus(), []);
  const [title, setTitle] = useState(notice?.title ?? '');
  // The text in the main language, and in others ("Translations"; docs/admin.md).
  const [text, setText] = useState(() => splitText(notice?.text ?? '').main);
  const [textTexts, setTextTexts] = useState(() => splitText(notice?.text ?? '').others);
  const [severity, setSeverity] = useState<PortalNoticeSeverity>(notice?.severity ?? 'info');
  const [startsAt, setStartsAt] = useState(() =>
    toLocalInput(notice?.startsAt ?? new Date(now()).toISOString()),
  );
  const [endsAt, setEndsAt] = useState(() =>
    toLocalInput(notice?.endsAt ?? new Date(now() + 2 * 60 * 60 * 1000).toISOString()),
  );
  const [apps, setApps] = useState<string[]>(notice?.appIds ?? []);
  const [audienceKind, setAudienceKind] = useState<NoticeAudienceKind>(
    notice?.audience.kind ?? 'everyone',
  );
  const [groups, setGroups] = useState(() => (notice?.audience.groups ?? []).join(', '));
  const [requireAck, setRequireAck] = useState(notice?.requireAck ?? false);
  const [mailAudience, setMailAudience] = useState(notice?.mailAudience ?? false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const body = {
      title,
      text: joinText(text, textTexts),
      severity,
      startsAt: fromLocalInput(startsAt),
      endsAt: fromLocalInput(endsAt),
      appIds: apps,
      audience: {
        kind: audienceKind,
        groups: audienceKind === 'groups' ? splitGroups(groups) : [],
      },
      requireAck,
      mailAudience,
    };
    const checked = checkNoticeFields(body);
    if (Object.keys(checked.errors).length > 0) {
      setErrors(checked.errors);
      focusFirstProblem();
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      const saved = notice ? await updateNotice(notice.id, body) : await createNotice(body);
      onSaved(
        notice
          ? t('admin.translations.notice.saved', { title: saved.title })
          : t('admin.translations.notice.posted', { title: saved.title }),
      );
    } catch (error) {
      const fields = fieldErrorsOf(error);
      if (fields) {
        setErrors(fields);
        focusFirstProblem();
      } else setFailure(messageOf(error));
    } finally {
      setBusy(false);
    }
  };

  const error = (field: string) =>
    errors[field]
      ? ruleMessage(
          t,
          (labels as Record<string, string | undefined>)[field] ?? field,
          errors[field],
        )
      : undefined;
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;

  return (
    <form
      ref={form}
      aria-labelledby={headingId}
      className="flex max-w-2xl flex-col gap-3"
      noValidate
      onSubmit={(event) => void submit(event)}
    >
      <h2 ref={heading} id={headingId} tabIndex={-1} className="text-xl font-semibold outline-none">
        {notice
          ? t('admin.translations.notice.heading.edit', { title: notice.title })
          : t('admin.translations.notice.heading.new')}
      </h2>
      {Object.keys(errors).length > 0 && (
        <p role="alert" className={ERROR_TEXT}>
          {t('admin.translations.notice.problems')}
        </p>
      )}
      {failure && (
        <p role="alert" className="alert alert-error">
          {failure}
        </p>
      )}
      <FormField label={labels.title} error={error('title')}>
        {(ids) => (
          <input
            {...ids}
            className="input input-bordered w-full"
            value={title}
            maxLength={NOTICE_LIMITS.title}
            required
            onChange={(event) => setTitle(event.target.value)}
          />
        )}
      </FormField>
      <FormField
        label={labels.text}
        hint={t('admin.translations.notice.text.hint')}
        error={error('text')}
      >
        {(ids) => (
          <textarea
            {...ids}
            lang={FORM_LANGUAGE}
            dir="auto"
            className="textarea textarea-bordered w-full"
            rows={4}
            value={text}
            maxLength={NOTICE_LIMITS.text}
            onChange={(event) => setText(event.target.value)}
          />
        )}
      </FormField>
      <Translations
        label={labels.text}
        texts={textTexts}
        multiline
        onChange={setTextTexts}
        onBlur={() => undefined}
      />
      <SelectField<PortalNoticeSeverity>
        label={labels.severity}
        error={error('severity')}
        value={severity}
        choices={PORTAL_NOTICE_SEVERITIES}
        labels={severityLabels}
        onChange={setSeverity}
      />
      <div className="flex flex-wrap gap-4">
        <FormField
          label={t('admin.translations.notice.starts')}
          hint={t('admin.translations.notice.starts.hint', { zone })}
          error={error('startsAt')}
        >
          {(ids) => (
            <input
              {...ids}
              type="datetime-local"
              className="input input-bordered"
              value={startsAt}
              required
              onChange={(event) => setStartsAt(event.target.value)}
            />
          )}
        </FormField>
        <FormField
          label={t('admin.translations.notice.ends')}
          hint={t('admin.translations.notice.ends.hint', { days: NOTICE_LIMITS.days })}
          error={error('endsAt')}
        >
          {(ids) => (
            <input
              {...ids}
              type="datetime-local"
              className="input input-bordered"
              value={endsAt}
              required
              onChange={(event) => setEndsAt(event.target.value)}
            />
          )}
        </FormField>
      </div>
      <fieldset className="flex flex-col gap-1">
        <legend className="text-sm font-medium">{t('admin.translations.notice.apps')}</legend>
        <div className="border-base-300 flex max-h-48 flex-wrap gap-x-4 gap-y-1 overflow-y-auto rounded border p-2">
          {appIds.map((id) => (
            <label key={id} className="flex items-center gap-2 text-sm">
              <input
                type="checkbox"
                className="checkbox checkbox-sm"
                checked={apps.includes(id)}
                onChange={(event) =>
                  setApps((list) =>
                    event.target.checked ? [...list, id] : list.filter((app) => app !== id),
                  )
                }
              />
              {id}
            </label>
          ))}
        </div>
        {errors.appIds && <p className={`text-sm ${ERROR_TEXT}`}>{error('appIds')}</p>}
      </fieldset>
      <NoticeAudienceFields
        kind={audienceKind}
        groups={groups}
        requireAck={requireAck}
        mailAudience={mailAudience}
        error={error}
        onKind={setAudienceKind}
        onGroups={setGroups}
        onRequireAck={setRequireAck}
        onMailAudience={setMailAudience}
      />
      <div className="flex gap-2">
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {notice ? t('admin.translations.notice.save') : t('admin.translations.notice.post')}
        </button>
        <button type="button" className="btn btn-ghost" onClick={onCancel}>
          {t('admin.translations.cancel')}
        </button>
      </div>
    </form>
  );
}
