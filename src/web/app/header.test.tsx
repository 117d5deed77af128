import { render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { PortalInfo } from '../../shared/api/schemas.js';
import { createSessionStore } from '../features/auth/stores/session-store.js';
import { LocaleProvider } from '../lib/i18n.js';
import { localeFor } from '../test-support/messages.js';
import { Header } from './header.js';

const info = {
  title: 'Research Portal',
  subtitle: '',
  footer: '',
  signInAvailable: true,
} as PortalInfo;

function session() {
  return createSessionStore({
    fetchMe: () => Promise.resolve(null),
    reloadPublicApps: () => Promise.resolve(),
    signIn: vi.fn(),
    signOut: vi.fn(),
    storage: { getItem: () => null, setItem: () => {}, removeItem: () => {} },
    rendered: { me: null },
  });
}

describe('Header in German', () => {
  it('speaks German and offers the language menu, with German chosen, on every screen size', () => {
    render(
      <LocaleProvider locale={localeFor('de')}>
        <Header info={info} session={session()} returnTo="/?q=galaxy" />
      </LocaleProvider>,
    );
    const nav = screen.getByRole('navigation', { name: 'Hauptnavigation' });
    const wide = within(nav).getByTestId('user-menu-wide');
    expect(within(wide).getByRole('button', { name: 'Anmelden' })).toBeInTheDocument();
    expect(within(wide).getByRole('group', { name: 'Farbschema' })).toBeInTheDocument();
    expect(within(wide).getByRole('radio', { name: 'Dunkel' })).toBeInTheDocument();

    const language = within(wide).getByRole('combobox', { name: 'Sprache' });
    expect(language).toHaveValue('de');
    const form = language.closest('form') as HTMLFormElement;
    expect(form).toHaveAttribute('action', '/language');
    expect(new FormData(form).get('returnTo')).toBe('/?q=galaxy');

    // The narrow-screen menu button, named in German.
    const narrow = within(nav).getByTestId('user-menu-narrow');
    expect(within(narrow).getByRole('button', { name: 'Menü öffnen' })).toBeInTheDocument();
  });

  it('puts the language menu into the narrow-screen menu', async () => {
    const { userEvent } = await import('@testing-library/user-event');
    render(
      <LocaleProvider locale={localeFor('fr')}>
        <Header info={info} session={session()} returnTo="/" />
      </LocaleProvider>,
    );
    const narrow = screen.getByTestId('user-menu-narrow');
    await userEvent.click(within(narrow).getByRole('button', { name: 'Ouvrir le menu' }));
    expect(within(narrow).getByText('Bienvenue !')).toBeInTheDocument();
    const language = within(narrow).getByRole('combobox', { name: 'Langue' });
    expect(language).toHaveValue('fr');
    const form = language.closest('form') as HTMLFormElement;
    expect(within(form).getByRole('button', { name: 'Appliquer' })).toHaveAttribute(
      'type',
      'submit',
    );
  });
});
