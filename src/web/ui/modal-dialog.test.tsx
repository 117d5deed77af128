import { render, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { useRef, useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { ModalDialog, type ModalDialogClasses } from './modal-dialog.js';

const CLASSES: ModalDialogClasses = {
  overlay: 'overlay',
  backdrop: 'backdrop',
  box: 'box',
  title: 'title',
};

/** A page with a button that opens the dialog, and a key handler behind it. */
function Page({ withInitialFocus = false, onPageKey = vi.fn() }) {
  const [open, setOpen] = useState(false);
  const second = useRef<HTMLButtonElement>(null);
  return (
    <div onKeyDown={(event) => onPageKey(event.key)}>
      <button type="button" onClick={() => setOpen(true)}>
        Open
      </button>
      {open && (
        <ModalDialog
          title="Question"
          role="alertdialog"
          describedBy="body"
          initialFocus={withInitialFocus ? second : undefined}
          onClose={() => setOpen(false)}
          classes={CLASSES}
        >
          <p id="body">Sure?</p>
          <input type="hidden" name="ignored" />
          <button type="button">First</button>
          <button ref={second} type="button">
            Second
          </button>
          <button type="button" disabled>
            Off
          </button>
        </ModalDialog>
      )}
    </div>
  );
}

describe('ModalDialog', () => {
  it('is a modal named by its heading and described by the given element', async () => {
    render(<Page />);
    await userEvent.click(screen.getByRole('button', { name: 'Open' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Question' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(dialog).toHaveAccessibleDescription('Sure?');
    expect(screen.getByRole('heading', { level: 2, name: 'Question' })).toHaveClass('title');
    expect(dialog).toHaveClass('box');
  });

  it('focuses the first control, or the one given, and keeps Tab inside', async () => {
    const user = userEvent.setup();
    const { unmount } = render(<Page />);
    await user.click(screen.getByRole('button', { name: 'Open' }));
    expect(screen.getByRole('button', { name: 'First' })).toHaveFocus();
    await user.tab({ shift: true });
    expect(screen.getByRole('button', { name: 'Second' })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'First' })).toHaveFocus();
    unmount();

    render(<Page withInitialFocus />);
    await user.click(screen.getByRole('button', { name: 'Open' }));
    expect(screen.getByRole('button', { name: 'Second' })).toHaveFocus();
  });

  it('closes on Escape, which goes no further, and focus returns to the opener', async () => {
    const user = userEvent.setup();
    const onPageKey = vi.fn();
    render(<Page onPageKey={onPageKey} />);
    await user.click(screen.getByRole('button', { name: 'Open' }));
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(onPageKey).not.toHaveBeenCalledWith('Escape');
    expect(screen.getByRole('button', { name: 'Open' })).toHaveFocus();
  });

  it('closes on a click on the backdrop', async () => {
    const user = userEvent.setup();
    const { container } = render(<Page />);
    await user.click(screen.getByRole('button', { name: 'Open' }));
    const backdrop = container.querySelector('.backdrop');
    expect(backdrop).toHaveAttribute('aria-hidden', 'true');
    await user.click(backdrop as Element);
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Open' })).toHaveFocus();
  });
});
