import { useRef, useState, type FormEvent } from 'react';
import { useId } from '../../../ui/use-id.js';
import { useLocale } from '../../../lib/i18n.js';
import { ModalDialog, type ModalDialogClasses } from '../../../ui/modal-dialog.js';
import { accessErrorMessage } from '../utils/access-errors.js';

/** Longest reason (MAX_ACCESS_REASON of access-schemas.ts; not imported: TypeBox stays out). */
export const REASON_MAX = 1000;

export interface RequestDialogProps {
  appName: string;
  /** Sends the request; a rejection is shown in the dialog, which stays open. */
  onSend(reason: string): Promise<unknown>;
  onClose(): void;
}

const CLASSES: ModalDialogClasses = {
  overlay: 'fixed inset-0 z-50 flex items-center justify-center p-4',
  backdrop: 'absolute inset-0 bg-black/40',
  box: 'bg-base-100 rounded-box relative flex w-full max-w-lg flex-col gap-3 p-6 shadow-xl',
  title: 'text-lg font-semibold',
};

/**
 * The "Request access" dialog (the shared modal: labelled by its title, Tab kept inside, Escape,
 * Cancel or the backdrop closes it and focus goes back to where it was), the focus on the
 * reason. The reason is required and at most REASON_MAX characters; a counter says how many
 * are left.
 */
export function RequestDialog({ appName, onSend, onClose }: RequestDialogProps) {
  const locale = useLocale();
  const { t } = locale;
  const reasonId = useId();
  const hintId = useId();
  const errorId = useId();
  const field = useRef<HTMLTextAreaElement>(null);
  const [reason, setReason] = useState('');
  const [invalid, setInvalid] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const check = (text: string): string | null => {
    if (text.trim() === '') return t('access.dialog.required');
    if (text.length > REASON_MAX) {
      return t('access.dialog.tooLong', {
        max: locale.formatNumber(REASON_MAX),
        count: text.length - REASON_MAX,
      });
    }
    return null;
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const problem = check(reason);
    setInvalid(problem);
    if (problem) {
      field.current?.focus();
      return;
    }
    setBusy(true);
    setFailure(null);
    try {
      await onSend(reason.trim());
      onClose();
    } catch (error) {
      setFailure(accessErrorMessage(locale, error, 'request'));
      setBusy(false);
    }
  };

  const left = REASON_MAX - reason.length;
  const describedBy = [hintId, invalid ? errorId : ''].filter(Boolean).join(' ');
  return (
    <ModalDialog
      title={t('access.dialog.title', { app: appName })}
      initialFocus={field}
      onClose={onClose}
      classes={CLASSES}
    >
      <form noValidate className="flex flex-col gap-3" onSubmit={(event) => void submit(event)}>
        <label htmlFor={reasonId} className="font-medium">
          {t('access.dialog.reason')}
        </label>
        <textarea
          ref={field}
          id={reasonId}
          required
          rows={4}
          value={reason}
          aria-invalid={invalid ? true : undefined}
          aria-describedby={describedBy}
          className="textarea w-full"
          onChange={(event) => {
            setReason(event.target.value);
            if (invalid) setInvalid(check(event.target.value));
          }}
        />
        <p id={hintId} className={left < 0 ? 'text-error text-sm' : 'text-base-content/75 text-sm'}>
          {left >= 0
            ? t('access.dialog.left', { count: left })
            : t('access.dialog.over', { count: -left })}
        </p>
        {invalid && (
          <p id={errorId} className="text-error text-sm font-medium">
            {invalid}
          </p>
        )}
        {failure && (
          <p role="alert" className="alert alert-error text-sm">
            {failure}
          </p>
        )}
        <div className="flex justify-end gap-2">
          <button type="button" className="btn btn-ghost btn-sm" onClick={onClose}>
            {t('access.dialog.cancel')}
          </button>
          <button type="submit" className="btn btn-primary btn-sm" disabled={busy}>
            {busy ? t('access.dialog.sending') : t('access.dialog.send')}
          </button>
        </div>
      </form>
    </ModalDialog>
  );
}
