import { cleanup, render, screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PageState } from '../../shared/api/page-schemas.js';
import type { SilentCheckResult } from '../features/auth/api/silent-check.js';
import { makeApp, makeMe } from '../test-support/fixtures.js';
import { appList, server } from '../test-support/server.js';
import { App } from './app.js';

const galaxy = makeApp({ id: 'galaxy', name: 'Galaxy' });
const rstudio = makeApp({
  id: 'rstudio',
  name: 'RStudio Server',
  isPublic: false,
  associatedGroups: ['genomics'],
});

/** The whole SPA with a silent check the test answers by hand. */
function renderWithSilentCheck(initial: PageState | null = null) {
  let answer: (result: SilentCheckResult) => void = () => {};
  const check = vi.fn(() => new Promise<SilentCheckResult>((resolve) => (answer = resolve)));
  const navigate = vi.fn<(url: string) => void>();
  render(
    <App
      environment={{
        storage: localStorage,
        currentPath: () => '/',
        navigate,
        submitPost: vi.fn(),
        silentSignOn: { check, storage: sessionStorage },
      }}
      initial={initial}
    />,
  );
  return { check, navigate, answer: (result: SilentCheckResult) => answer(result) };
}

describe('silent sign-on on load, in the whole app', () => {
  beforeEach(() => {
    // Without the cookie the server answers the public apps; with it, the group apps too.
    server.use(
      http.get('/api/apps', ({ request }) =>
        HttpResponse.json(appList(request.credentials === 'omit' ? [galaxy] : [galaxy, rstudio])),
      ),
    );
  });
  afterEach(() => {
    sessionStorage.clear();
  });

  it('shows the public apps first, then signs in without a click', async () => {
    const { check, navigate, answer } = renderWithSilentCheck();
    // The public apps render while the check is still under way.
    expect(await screen.findByRole('heading', { name: 'Galaxy' })).toBeInTheDocument();
    expect(check).toHaveBeenCalledOnce();
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeInTheDocument();

    server.use(http.get('/api/me', () => HttpResponse.json(makeMe({ givenName: 'Alice' }))));
    answer('signed-in');

    const user = await screen.findByRole('button', { name: 'Hello, Alice' });
    expect(within(user).getByTestId('user-avatar')).toHaveTextContent('A');
    expect(await screen.findByRole('heading', { name: 'RStudio Server' })).toBeInTheDocument();
    expect(navigate).not.toHaveBeenCalled();
  });

  it('stays public when the check finds nobody, and does not check again on reload', async () => {
    const first = renderWithSilentCheck();
    expect(await screen.findByRole('heading', { name: 'Galaxy' })).toBeInTheDocument();
    first.answer('anonymous');
    await vi.waitFor(() => expect(sessionStorage.length).toBe(1));
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'RStudio Server' })).not.toBeInTheDocument();

    cleanup();
    const reloaded = renderWithSilentCheck();
    expect(await screen.findByRole('heading', { name: 'Galaxy' })).toBeInTheDocument();
    expect(reloaded.check).not.toHaveBeenCalled();
  });

  it('does not check at all when the server says nobody can sign in on this portal', async () => {
    const state: PageState = {
      portal: { title: 'Portal', subtitle: '', footer: '', signInAvailable: true },
      me: null,
      apps: [galaxy],
      search: '',
      signInAvailable: false,
      statusSimulated: false,
    };
    const { check } = renderWithSilentCheck(state);
    expect(await screen.findByRole('heading', { name: 'Galaxy' })).toBeInTheDocument();
    // Started on mount when it would run at all (the test above): give the effects their turn.
    await vi.waitFor(() => expect(screen.getByRole('button', { name: 'Sign in' })).toBeEnabled());
    expect(check).not.toHaveBeenCalled();

    cleanup();
    const configured = renderWithSilentCheck({ ...state, signInAvailable: true });
    await vi.waitFor(() => expect(configured.check).toHaveBeenCalledOnce());
  });
});
