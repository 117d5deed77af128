import { act, render, screen, within } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LANGUAGES } from '../../../../shared/i18n/languages.js';
import { LocaleProvider } from '../../../lib/i18n.js';
import { localeFor } from '../../../test-support/messages.js';
import { LanguageDisclosure } from './language-disclosure.js';
import { LanguageMenu } from './language-menu.js';

afterEach(() => {
  document.body.innerHTML = '';
});

describe('LanguageMenu', () => {
  it('is a form posting the language and the way back to /language, without JavaScript too', () => {
    const { container } = render(<LanguageMenu returnTo="/?q=galaxy" />);
    const form = container.querySelector('form');
    expect(form).toHaveAttribute('method', 'post');
    expect(form).toHaveAttribute('action', '/language');
    const select = screen.getByRole('combobox', { name: 'Language' });
    expect(select).toHaveAttribute('name', 'language');
    expect(select).toHaveValue('en');
    expect(new FormData(form as HTMLFormElement).get('returnTo')).toBe('/?q=galaxy');
    expect(screen.getByRole('button', { name: 'Apply' })).toHaveAttribute('type', 'submit');
  });

  it('names every language in itself, marked with its own lang', () => {
    render(<LanguageMenu />);
    const options = within(screen.getByRole('combobox')).getAllByRole('option');
    expect(options.map((option) => option.getAttribute('value'))).toEqual([...LANGUAGES]);
    expect(options.map((option) => option.getAttribute('lang'))).toEqual([...LANGUAGES]);
    expect(options.map((option) => option.textContent)).toEqual([
      'English',
      'Deutsch',
      'Français',
      'Español',
      'العربية',
    ]);
  });

  it('says the page’s language, in it', () => {
    const { container } = render(
      <LocaleProvider locale={localeFor('de')}>
        <LanguageMenu compact />
      </LocaleProvider>,
    );
    const select = screen.getByRole('combobox', { name: 'Sprache' });
    expect(select).toHaveValue('de');
    expect(select).toHaveAttribute('title', 'Sprache wählen');
    // Compact (the wide header): the label is for screen readers only.
    expect(container.querySelector('label')).toHaveClass('sr-only');
    expect(screen.getByRole('button', { name: 'Übernehmen' })).toBeInTheDocument();
  });

  function menu() {
    const { container } = render(<LanguageMenu />);
    const form = container.querySelector('form') as HTMLFormElement;
    const submitted: (string | null)[] = [];
    form.addEventListener('submit', (event) => {
      event.preventDefault();
      submitted.push(new FormData(form).get('language') as string | null);
    });
    return { select: screen.getByRole('combobox') as HTMLSelectElement, submitted };
  }

  it('applies a language picked from the opened list at once (with JavaScript)', () => {
    const { select, submitted } = menu();
    select.value = 'fr';
    select.dispatchEvent(new Event('change', { bubbles: true }));
    expect(submitted).toEqual(['fr']);
  });

  it('does not leave the page while the arrow keys move through a closed select; Enter applies', async () => {
    vi.useFakeTimers();
    try {
      const { select, submitted } = menu();
      for (const value of ['de', 'fr']) {
        select.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowDown', bubbles: true }));
        select.value = value;
        select.dispatchEvent(new Event('change', { bubbles: true }));
      }
      expect(submitted).toEqual([]);
      select.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true }));
      await vi.runAllTimersAsync();
      expect(submitted).toEqual(['fr']);
    } finally {
      vi.useRealTimers();
    }
  });

  it('shows "Apply" only to browsers without scripts', () => {
    render(<LanguageMenu />);
    expect(screen.getByRole('button', { name: 'Apply' }).className).toMatch(
      /(^| )hidden .*\[@media\(scripting:none\)\]:inline-flex/,
    );
  });
});

describe('LanguageDisclosure (below 768 px, without JavaScript)', () => {
  const markup = () => {
    const container = document.createElement('div');
    container.innerHTML = renderToString(
      <LocaleProvider locale={localeFor('ar')}>
        <LanguageDisclosure returnTo="/" />
      </LocaleProvider>,
    );
    document.body.append(container);
    return container;
  };

  it('is a disclosure named in the page’s language, shown only without scripts', () => {
    const container = markup();
    const details = container.querySelector('details');
    expect(details).toHaveClass('hidden', '[@media(scripting:none)]:block');
    expect(details?.querySelector('summary')).toHaveTextContent('اللغة');
    expect(within(container).getByRole('combobox', { hidden: true })).toHaveValue('ar');
  });

  it('is gone once the app runs, hydrated away without a mismatch', async () => {
    const container = markup();
    const errors = vi.spyOn(console, 'error');
    await act(async () => {
      hydrateRoot(
        container,
        <LocaleProvider locale={localeFor('ar')}>
          <LanguageDisclosure returnTo="/" />
        </LocaleProvider>,
        { onRecoverableError: (error) => console.error(error) },
      );
    });
    expect(container.querySelector('details')).toBeNull();
    expect(errors).not.toHaveBeenCalled();
    errors.mockRestore();
  });
});
