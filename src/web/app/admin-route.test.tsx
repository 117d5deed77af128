import { act, render, screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PAGE_NAMESPACES } from '../../shared/i18n/languages.js';
import { createFakeAdminApi } from '../test-support/fake-admin-api.js';
import { makeAdminApp } from '../test-support/admin-fixtures.js';
import { messagesOf } from '../test-support/messages.js';
import { createLocale, LocaleProvider } from '../lib/i18n.js';
import { makeMe } from '../test-support/fixtures.js';
import { renderApp } from '../test-support/render-app.js';
import { server } from '../test-support/server.js';
import { App } from './app.js';

function signIn(isAdmin: boolean) {
  server.use(http.get('/api/me', () => HttpResponse.json(makeMe({ isAdmin }))));
}

describe('the /admin route and the Admin link', () => {
  afterEach(() => window.history.pushState(null, '', '/'));

  it('shows admins the Admin link, which opens the console without reloading', async () => {
    signIn(true);
    const fake = createFakeAdminApi([makeAdminApp({ id: 'galaxy', name: 'Galaxy' })]);
    server.use(...fake.handlers);
    renderApp('/');
    const wide = screen.getByTestId('user-menu-wide');
    await userEvent.click(await within(wide).findByRole('link', { name: 'Admin' }));
    expect(window.location.pathname).toBe('/admin');
    expect(await screen.findByRole('heading', { level: 1, name: 'Admin console' })).toBeVisible();
    // Role queries over the whole console are slow in jsdom: a busy machine needs several seconds.
    expect(
      await screen.findByRole('rowheader', { name: /Galaxy/ }, { timeout: 12_000 }),
    ).toBeInTheDocument();
    // The home page's search is not part of the console.
    expect(screen.queryByRole('combobox', { name: 'Search apps' })).toBeNull();
  });

  it('puts the Admin link inside the menu on narrow screens', async () => {
    signIn(true);
    server.use(...createFakeAdminApi().handlers);
    renderApp('/');
    const narrow = screen.getByTestId('user-menu-narrow');
    await screen.findAllByRole('link', { name: 'Admin' });
    expect(within(narrow).queryByRole('link', { name: 'Admin' })).toBeNull();
    await userEvent.click(within(narrow).getByRole('button', { name: 'Open menu' }));
    await userEvent.click(within(narrow).getByRole('link', { name: 'Admin' }));
    expect(await screen.findByRole('heading', { name: 'Admin console' })).toBeVisible();
    // Following the link closed the menu.
    expect(within(narrow).getByRole('button', { name: 'Open menu' })).toBeInTheDocument();
  });

  it('shows no Admin link to a signed-in non-admin, and /admin says it is not allowed', async () => {
    signIn(false);
    renderApp('/admin');
    expect(await screen.findByRole('heading', { name: 'Not allowed' })).toBeVisible();
    expect(screen.getByRole('alert')).toHaveTextContent(/not allowed to use the admin console/);
    expect(screen.queryByRole('link', { name: 'Admin' })).toBeNull();
    expect(screen.queryByRole('tablist')).toBeNull();
  });

  it('asks visitors to sign in at /admin', async () => {
    const { navigate } = renderApp('/admin');
    expect(
      await screen.findByText('Sign in with an admin account to manage the portal.'),
    ).toBeVisible();
    const main = screen.getByRole('main');
    await userEvent.click(within(main).getByRole('button', { name: 'Sign in' }));
    expect(navigate).toHaveBeenCalledWith('/auth/login?returnTo=%2Fadmin');
    expect(screen.queryByRole('link', { name: 'Admin' })).toBeNull();
  });
});

describe('the console’s messages', () => {
  afterEach(() => window.history.pushState(null, '', '/'));

  /** The SPA at /admin as the server renders it in German: the page's namespaces only. */
  async function renderGerman() {
    const locale = createLocale('de', messagesOf('de', PAGE_NAMESPACES));
    // The route suspends until its messages are there (React's `use`): act waits for them.
    await act(async () => {
      render(
        <LocaleProvider locale={locale}>
          <App
            environment={{
              storage: localStorage,
              currentPath: () => '/admin',
              navigate: vi.fn(),
              submitPost: vi.fn(),
            }}
          />
        </LocaleProvider>,
      );
    });
  }
  const noMessageIds = () => expect(document.body).not.toHaveTextContent(/admin\.[a-z]+\./);

  it('loads the admin namespace in the page’s language before the console shows', async () => {
    signIn(true);
    const asked: string[] = [];
    server.use(
      ...createFakeAdminApi([makeAdminApp({ id: 'galaxy', name: 'Galaxy' })]).handlers,
      http.get('/api/messages/:language/:namespace', ({ params }) => {
        asked.push(`${String(params.language)}/${String(params.namespace)}`);
        return HttpResponse.json(messagesOf('de', ['admin']));
      }),
    );
    await renderGerman();
    noMessageIds();
    // The console's chunk may take seconds to load on a busy machine. Its loading state has the
    // same heading: the console is there once its tabs are.
    expect(
      await screen.findByRole('tab', { name: 'Papierkorb' }, { timeout: 12_000 }),
    ).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Admin-Konsole' })).toBeVisible();
    expect(await screen.findByRole('rowheader', { name: /Galaxy/ })).toBeInTheDocument();
    noMessageIds();
    expect(asked).toEqual(['de/admin']);
  });

  it('says so when they cannot be loaded, and tries again on request', async () => {
    signIn(true);
    let fail = true;
    server.use(
      ...createFakeAdminApi().handlers,
      http.get('/api/messages/de/admin', () =>
        fail
          ? HttpResponse.json({ status: 503, message: 'Unavailable', data: {} }, { status: 503 })
          : HttpResponse.json(messagesOf('de', ['admin'])),
      ),
    );
    await renderGerman();
    expect(
      await screen.findByRole('heading', { name: 'Admin-Konsole' }, { timeout: 12_000 }),
    ).toBeVisible();
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Bei der Bearbeitung Ihrer Anfrage ist etwas schiefgelaufen.',
    );
    noMessageIds();
    fail = false;
    const retry = screen.getByRole('button', { name: 'Erneut versuchen' });
    // The click suspends the route again until the messages are there: let act wait for it.
    await act(async () => retry.click());
    expect(
      await screen.findByRole('tab', { name: 'Papierkorb' }, { timeout: 12_000 }),
    ).toBeInTheDocument();
    noMessageIds();
  });
});
