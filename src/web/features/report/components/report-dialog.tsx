import { useRef, useState, type FormEvent } from 'react';
import { createPortal } from 'react-dom';
import { errorText } from '../../../lib/error-text.js';
import { useLocale } from '../../../lib/i18n.js';
import { ModalDialog, type ModalDialogClasses } from '../../../ui/modal-dialog.js';
import { useId } from '../../../ui/use-id.js';
import { REPORT_MAX, sendReport } from '../api/report-api.js';

export interface ReportDialogProps {
  app: { id: string; name: string };
  /** The report was queued (202). */
  onSent(): void;
  onClose(): void;
}

const CLASSES: ModalDialogClasses = {
  overlay: 'fixed inset-0 z-50 flex items-center justify-center p-4',
  backdrop: 'absolute inset-0 bg-black/40',
  box: 'bg-base-100 rounded-box relative flex w-full max-w-prose flex-col gap-3 p-6 shadow-lg',
  title: 'text-lg font-semibold',
};

/**
 * The "Report a problem" dialog (the shared modal, as the access request's: labelled by its
 * title, Tab kept inside, Escape, Cancel or the backdrop closes it, the focus back on the
 * button), the focus on the message. Rendered into the body: a card contains its paint
 * (content-visibility), which would clip a fixed layer inside it. A refusal (the server's
 * answer, in the page's language) is shown in the dialog, which stays open.
 */
export default function ReportDialog({ app, onSent, onClose }: ReportDialogProps) {
  const locale = useLocale();
  const { t } = locale;
  const fieldId = useId();
  const hintId = useId();
  const errorId = useId();
  const field = useRef<HTMLTextAreaElement>(null);
  const [message, setMessage] = useState('');
  const [invalid, setInvalid] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const max = locale.formatNumber(REPORT_MAX);

  const check = (text: string): string | null => {
    if (text.trim() === '') return t('report.dialog.required');
    if (text.trim().length > REPORT_MAX) return t('report.dialog.tooLong', { max });
    return null;
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const problem = check(message);
    setInvalid(problem);
    if (problem) {
      field.current?.focus();
      return;
    }
    setBusy(true);
    setFailure(null);
    try {
      await sendReport(app.id, message.trim());
      onSent();
    } catch (error) {
      setFailure(errorText(locale, error));
      setBusy(false);
    }
  };

  const describedBy = [hintId, invalid ? errorId : ''].filter(Boolean).join(' ');
  return createPortal(
    <ModalDialog
      title={t('report.dialog.title', { app: app.name })}
      initialFocus={field}
      onClose={onClose}
      classes={CLASSES}
    >
      <form noValidate className="flex flex-col gap-3" onSubmit={(event) => void submit(event)}>
        <label htmlFor={fieldId} className="font-medium">
          {t('report.dialog.message')}
        </label>
        <textarea
          ref={field}
          id={fieldId}
          required
          rows={5}
          maxLength={REPORT_MAX}
          value={message}
          aria-invalid={invalid ? true : undefined}
          aria-describedby={describedBy}
          className="border-base-300 bg-base-100 rounded-box w-full border p-2"
          onChange={(event) => {
            setMessage(event.target.value);
            if (invalid) setInvalid(check(event.target.value));
          }}
        />
        <p id={hintId} className="text-base-content/75 text-sm">
          {t('report.dialog.hint', { max, app: app.name })}
        </p>
        {invalid && (
          <p id={errorId} className="text-sm font-medium">
            {invalid}
          </p>
        )}
        {failure && (
          <p role="alert" className="alert alert-error text-sm">
            {failure}
          </p>
        )}
        <div className="flex gap-2">
          <button type="button" className="btn btn-ghost btn-sm ms-auto" onClick={onClose}>
            {t('report.dialog.cancel')}
          </button>
          <button type="submit" className="btn btn-primary btn-sm" disabled={busy}>
            {busy ? t('report.dialog.sending') : t('report.dialog.send')}
          </button>
        </div>
      </form>
    </ModalDialog>,
    document.body,
  );
}
