import { useRef, useState, type FormEvent } from 'react';
import { useId } from '../../../ui/use-id.js';
import { useLocale } from '../../../lib/i18n.js';
import { ModalDialog, type ModalDialogClasses } from '../../../ui/modal-dialog.js';
import { accessErrorMessage } from '../utils/access-errors.js';

/** Longest reason (MAX_ACCESS_REASON of access-schemas.ts; not imported: TypeBox stays out). */
export const REASON_MAX = 1000;

/** An app's terms of use as the locked card carries them (AppTermsSchema of access-schemas.ts). */
export interface DialogTerms {
  version: string;
  text?: string;
  url?: string;
}

export interface RequestDialogProps {
  appName: string;
  /** The app's terms of use: shown, and accepted with a checkbox before the request is sent. */
  terms?: DialogTerms | undefined;
  /**
   * Sends the request, with the version of the terms accepted when the app has terms; a
   * rejection is shown in the dialog, which stays open.
   */
  onSend(reason: string, acceptedTerms?: string): Promise<unknown>;
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
export function RequestDialog({ appName, terms, onSend, onClose }: RequestDialogProps) {
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
  const [accepted, setAccepted] = useState(false);
  const needsTerms = terms !== undefined && !accepted;

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
    // Send stays disabled until the terms are accepted; Enter in a field cannot skip them either.
    if (needsTerms) return;
    setBusy(true);
    setFailure(null);
    try {
      await onSend(reason.trim(), terms?.version);
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
        {terms && <TermsPart terms={terms} accepted={accepted} onAccept={setAccepted} />}
        {failure && (
          <p role="alert" className="alert alert-error text-sm">
            {failure}
          </p>
        )}
        <div className="flex justify-end gap-2">
          <button type="button" className="btn btn-ghost btn-sm" onClick={onClose}>
            {t('access.dialog.cancel')}
          </button>
          <button type="submit" className="btn btn-primary btn-sm" disabled={busy || needsTerms}>
            {busy ? t('access.dialog.sending') : t('access.dialog.send')}
          </button>
        </div>
      </form>
    </ModalDialog>
  );
}

/** The terms of use: the text in a scrollable region (or a link), and the box that accepts them. */
function TermsPart({
  terms,
  accepted,
  onAccept,
}: {
  terms: DialogTerms;
  accepted: boolean;
  onAccept(accepted: boolean): void;
}) {
  const { t } = useLocale();
  const headingId = useId();
  const hintId = useId();
  const version = { version: terms.version };
  return (
    <div className="flex flex-col gap-2">
      <h3 id={headingId} className="font-medium">
        {t('access.dialog.terms.heading', version)}
      </h3>
      {terms.text !== undefined ? (
        <div
          role="region"
          aria-labelledby={headingId}
          // Focusable so that keyboard users can scroll it.
          tabIndex={0}
          className="border-base-300 max-h-48 overflow-y-auto rounded border p-2 text-sm whitespace-pre-wrap"
        >
          {terms.text}
        </div>
      ) : (
        <a href={terms.url} target="_blank" rel="noopener noreferrer" className="link">
          {t('access.dialog.terms.link')}
        </a>
      )}
      <label className="flex items-start gap-2">
        <input
          type="checkbox"
          required
          className="checkbox checkbox-sm mt-0.5"
          checked={accepted}
          aria-describedby={accepted ? undefined : hintId}
          onChange={(event) => onAccept(event.target.checked)}
        />
        <span>{t('access.dialog.terms.accept', version)}</span>
      </label>
      {!accepted && (
        <p id={hintId} className="text-base-content/75 text-sm">
          {t('access.dialog.terms.required')}
        </p>
      )}
    </div>
  );
}
