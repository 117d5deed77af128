import { act, render, screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ThemeDisclosure } from './theme-disclosure.js';

/** The server's markup in a container of the document, as a browser without JavaScript has it. */
function serverMarkup() {
  const container = document.createElement('div');
  container.innerHTML = renderToString(<ThemeDisclosure theme="light" returnTo="/?q=x" />);
  document.body.append(container);
  return container;
}

afterEach(() => {
  document.body.innerHTML = '';
});

describe('ThemeDisclosure (below 768 px, without JavaScript)', () => {
  it('is a "Theme" disclosure, shown only without scripts, closed at first', () => {
    const container = serverMarkup();
    const details = container.querySelector('details');
    expect(details).not.toBeNull();
    expect(details).not.toHaveAttribute('open');
    expect(details).toHaveClass('hidden', '[@media(scripting:none)]:block');
    expect(details?.querySelector('summary')).toHaveTextContent('Theme');
  });

  // The keyboard (Enter on the summary) needs a real browser: e2e/themes.e2e.ts.
  it('opens on a form that posts the choice to /theme', async () => {
    const user = userEvent.setup();
    const container = serverMarkup();
    await user.click(container.querySelector('summary') as HTMLElement);
    expect(container.querySelector('details')).toHaveAttribute('open');

    const form = container.querySelector('form');
    expect(form).toHaveAttribute('method', 'post');
    expect(form).toHaveAttribute('action', '/theme');
    const group = within(container).getByRole('group', { name: 'Theme' });
    expect(within(group).getByRole('radio', { name: 'Light' })).toBeChecked();
    await user.click(within(group).getByRole('radio', { name: 'Dark' }));
    expect(within(group).getByRole('radio', { name: 'Dark' })).toBeChecked();
    expect(new FormData(form as HTMLFormElement).get('theme')).toBe('dark');
    expect(new FormData(form as HTMLFormElement).get('returnTo')).toBe('/?q=x');
    expect(within(container).getByRole('button', { name: 'Apply' })).toHaveAttribute(
      'type',
      'submit',
    );
  });

  it('does not preview (the header keeps the one theme-controller form of the page)', () => {
    const container = serverMarkup();
    expect(container.querySelectorAll('input[type="radio"]')).toHaveLength(3);
    expect(container.querySelector('.theme-controller')).toBeNull();
  });

  it('is gone once the app runs: hydrated away without a mismatch, absent when rendered', async () => {
    const container = serverMarkup();
    const errors = vi.spyOn(console, 'error');
    await act(async () => {
      hydrateRoot(container, <ThemeDisclosure theme="light" returnTo="/?q=x" />, {
        onRecoverableError: (error) => console.error(error),
      });
    });
    expect(container.querySelector('details')).toBeNull();
    expect(errors).not.toHaveBeenCalled();
    errors.mockRestore();

    render(<ThemeDisclosure theme="dark" />);
    expect(screen.queryByText('Theme')).toBeNull();
  });
});
