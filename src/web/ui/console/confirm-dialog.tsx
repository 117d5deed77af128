import { useRef, type ReactNode } from 'react';
import { useId } from '../use-id.js';
import { useT } from '../../lib/i18n.js';
import { ModalDialog, type ModalDialogClasses } from '../modal-dialog.js';

export interface ConfirmDialogProps {
  title: string;
  children: ReactNode;
  confirmLabel: string;
  onConfirm(): void;
  onCancel(): void;
  busy?: boolean;
}

const CLASSES: ModalDialogClasses = {
  overlay: 'modal modal-open',
  backdrop: 'modal-backdrop',
  box: 'modal-box',
  title: 'text-lg font-semibold',
};

/**
 * A modal question (the shared modal, as an alert dialog described by its text): focus starts
 * on Cancel (the safe answer), Tab stays inside, Escape and a click on the backdrop cancel.
 * Focus then goes back to where it was.
 */
export function ConfirmDialog({
  title,
  children,
  confirmLabel,
  onConfirm,
  onCancel,
  busy = false,
}: ConfirmDialogProps) {
  const t = useT();
  const bodyId = useId();
  const cancel = useRef<HTMLButtonElement>(null);
  return (
    <ModalDialog
      title={title}
      role="alertdialog"
      describedBy={bodyId}
      initialFocus={cancel}
      onClose={onCancel}
      classes={CLASSES}
    >
      <div id={bodyId} className="py-3">
        {children}
      </div>
      <div className="modal-action">
        <button ref={cancel} type="button" className="btn btn-ghost" onClick={onCancel}>
          {t('admin.common.cancel')}
        </button>
        <button type="button" className="btn btn-error" disabled={busy} onClick={onConfirm}>
          {confirmLabel}
        </button>
      </div>
    </ModalDialog>
  );
}
