import { useEffect, useRef, type KeyboardEvent, type ReactNode, type RefObject } from 'react';
import { useId } from './use-id.js';

/** What can take the focus inside the dialog, in the order Tab visits it. */
const FOCUSABLE = [
  'button:not([disabled])',
  'textarea:not([disabled])',
  'input:not([disabled]):not([type="hidden"])',
  'select:not([disabled])',
  '[href]',
  '[tabindex]:not([tabindex="-1"])',
].join(', ');

/**
 * The look of a dialog, given by its caller: the classes live in the caller's folder so that the
 * stylesheet of that folder (admin.css, access.css) generates them, not the home page's.
 */
export interface ModalDialogClasses {
  /** The layer over the page that holds the backdrop and the box. */
  overlay: string;
  /** The dimmed backdrop behind the box (a click on it closes the dialog). */
  backdrop: string;
  box: string;
  title: string;
}

export interface ModalDialogProps {
  /** The heading, which names the dialog (`aria-labelledby`). */
  title: ReactNode;
  /** `alertdialog` for a question that needs an answer (a confirmation). */
  role?: 'dialog' | 'alertdialog';
  /** The id of the element that describes the dialog (`aria-describedby`), if any. */
  describedBy?: string;
  /** Where the focus goes on opening; the first focusable element without it. */
  initialFocus?: RefObject<HTMLElement | null>;
  /** Escape, and a click on the backdrop. */
  onClose(): void;
  classes: ModalDialogClasses;
  children: ReactNode;
}

/**
 * The one modal dialog of the SPA (the request dialog, the admin console's confirmations):
 * labelled by its heading, `aria-modal`, the focus on `initialFocus` when it opens, Tab and
 * Shift+Tab kept inside, Escape or a click on the backdrop closes it (Escape goes no further, so
 * a popup behind stays open), and the focus goes back to where it was (when that is still in the
 * page) when it closes.
 */
export function ModalDialog({
  title,
  role = 'dialog',
  describedBy,
  initialFocus,
  onClose,
  classes,
  children,
}: ModalDialogProps) {
  const titleId = useId();
  const box = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const target = initialFocus?.current ?? box.current?.querySelector<HTMLElement>(FOCUSABLE);
    target?.focus();
    return () => {
      if (previous?.isConnected) previous.focus();
    };
    // Once, on opening: the focus must not jump back when the caller re-renders.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      onClose();
      return;
    }
    if (event.key !== 'Tab') return;
    const focusable = box.current?.querySelectorAll<HTMLElement>(FOCUSABLE);
    if (!focusable || focusable.length === 0) return;
    const first = focusable[0];
    const last = focusable[focusable.length - 1];
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last?.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first?.focus();
    }
  };

  return (
    <div className={classes.overlay} onKeyDown={onKeyDown}>
      <div className={classes.backdrop} aria-hidden="true" onClick={onClose} />
      <div
        ref={box}
        role={role}
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={describedBy}
        className={classes.box}
      >
        <h2 id={titleId} className={classes.title}>
          {title}
        </h2>
        {children}
      </div>
    </div>
  );
}
