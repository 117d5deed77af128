import { screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { createFakeAdminApi, makeAdminApp } from '../features/admin/test-support/fake-admin-api.js';
import { makeMe } from '../test-support/fixtures.js';
import { renderApp } from '../test-support/render-app.js';
import { server } from '../test-support/server.js';

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
