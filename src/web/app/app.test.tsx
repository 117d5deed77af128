import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { App, Me } from '../../shared/api/schemas.js';
import { SESSION_STORAGE_KEY } from '../features/auth/stores/session-store.js';
import { makeApp, makeMe } from '../test-support/fixtures.js';
import { renderApp } from '../test-support/render-app.js';
import { appList, portalInfo, server } from '../test-support/server.js';

const galaxy = makeApp({
  id: 'galaxy',
  name: 'Galaxy',
  category: 'apps',
  link: 'https://galaxy.example.edu/',
});
const igv = makeApp({
  id: 'igv',
  name: 'IGV Web',
  category: 'Data',
  link: 'https://igv.example.edu/',
});
const wiki = makeApp({
  id: 'wiki',
  name: 'Group Wiki',
  category: '',
  link: 'https://wiki.example.edu/',
});
const slurm = makeApp({ id: 'slurm', name: 'Slurm Dashboard', category: 'Compute', link: '' });

function serveApps(apps: App[]) {
  server.use(http.get('/api/apps', () => HttpResponse.json(appList(apps))));
}

function signIn(me: Me) {
  server.use(http.get('/api/me', () => HttpResponse.json(me)));
}

/** A request handler held until the test lets it answer. */
function deferred() {
  let release: () => void = () => {};
  const gate = new Promise<void>((resolve) => (release = resolve));
  return { gate, release };
}

const sectionTitles = () =>
  screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent);

describe('the portal app', () => {
  beforeEach(() => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    vi.spyOn(console, 'error').mockImplementation(() => {});
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('shows the configured title, sub-title and footer from the server', async () => {
    renderApp();
    const brand = await screen.findByRole('link', { name: /Genomics Portal/ });
    expect(brand).toHaveAttribute('href', '/');
    expect(brand).toHaveTextContent('MMGE App Portal');
    expect(brand.querySelector('svg')).not.toBeNull();
    const footer = screen.getByRole('contentinfo');
    expect(footer).toHaveTextContent('© 2023 Indiana University');
    expect(footer.querySelector('svg')).not.toBeNull();
    await waitFor(() => expect(document.title).toBe(portalInfo.title));
  });

  it('shows one section of 6 skeleton cards before the first answer', async () => {
    const { gate, release } = deferred();
    server.use(
      http.get('/api/apps', async () => {
        await gate;
        return HttpResponse.json(appList([galaxy, igv]));
      }),
    );
    renderApp();
    const loading = await screen.findByRole('region', { name: 'Loading apps' });
    expect(loading).toHaveAttribute('aria-busy', 'true');
    expect(screen.getAllByRole('region')).toHaveLength(1);
    expect(within(loading).getAllByTestId('app-card-skeleton')).toHaveLength(6);
    release();
    expect(await screen.findByRole('article', { name: 'Galaxy' })).toBeInTheDocument();
    expect(screen.queryAllByTestId('app-card-skeleton')).toHaveLength(0);
  });

  it('shows anonymous visitors one section per category, sorted, and no favorites', async () => {
    serveApps([igv, wiki, galaxy, slurm]);
    renderApp();
    await screen.findByRole('article', { name: 'Galaxy' });
    expect(sectionTitles()).toEqual(['Applications', 'Compute', 'Data', 'Section Title']);
    const applications = screen.getByRole('region', { name: 'Applications' });
    expect(within(applications).getByRole('article', { name: 'Galaxy' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Favorites' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /favorites/ })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeInTheDocument();
  });

  it('asks for the public apps without the session cookie when nobody is signed in', async () => {
    const credentials: string[] = [];
    server.use(
      http.get('/api/apps', ({ request }) => {
        credentials.push(request.credentials);
        return HttpResponse.json(appList([galaxy]));
      }),
    );
    renderApp();
    await screen.findByRole('article', { name: 'Galaxy' });
    expect(credentials).toEqual(['omit']);
  });

  it('greets a signed-in user and shows their favorites first', async () => {
    serveApps([galaxy, igv]);
    signIn(makeMe({ givenName: 'Ada', favorites: [igv] }));
    renderApp();
    expect(await screen.findByRole('region', { name: 'Favorites' })).toBeInTheDocument();
    expect(sectionTitles()[0]).toBe('Favorites');
    expect(screen.getByRole('button', { name: 'Hello, Ada' })).toBeInTheDocument();
    const favorites = screen.getByRole('region', { name: 'Favorites' });
    expect(within(favorites).getByRole('article', { name: 'IGV Web' })).toBeInTheDocument();
    expect(
      within(favorites).getByRole('button', { name: 'Remove IGV Web from favorites' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add Galaxy to favorites' })).toBeInTheDocument();
  });

  it('has no Favorites section for a signed-in user without favorites', async () => {
    serveApps([galaxy]);
    signIn(makeMe({ favorites: [] }));
    renderApp();
    await screen.findByRole('button', { name: 'Add Galaxy to favorites' });
    expect(screen.queryByRole('region', { name: 'Favorites' })).not.toBeInTheDocument();
  });

  it('adds the Favorites section when the first favorite is added', async () => {
    serveApps([galaxy]);
    signIn(makeMe({ favorites: [] }));
    server.use(
      http.put('/api/me/favorites/galaxy', () =>
        HttpResponse.json(makeMe({ favorites: [galaxy] })),
      ),
    );
    renderApp();
    await userEvent.click(await screen.findByRole('button', { name: 'Add Galaxy to favorites' }));
    const favorites = await screen.findByRole('region', { name: 'Favorites' });
    expect(within(favorites).getByRole('article', { name: 'Galaxy' })).toBeInTheDocument();
  });

  it('hands over to the server to sign in, coming back to the current page', async () => {
    const { navigate } = renderApp('/some/page');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(navigate).toHaveBeenCalledWith('/auth/login?returnTo=%2Fsome%2Fpage');
  });

  it('signs out: clears the user, reloads the public apps (showing skeletons), then posts to the server', async () => {
    const events: string[] = [];
    const held: { reload?: ReturnType<typeof deferred> } = {};
    server.use(
      http.get('/api/apps', async ({ request }) => {
        events.push(`GET /api/apps (credentials: ${request.credentials})`);
        if (held.reload) await held.reload.gate;
        return HttpResponse.json(appList(held.reload ? [galaxy] : [galaxy, igv]));
      }),
    );
    signIn(makeMe({ givenName: 'Ada', favorites: [igv] }));
    const { submitPost } = renderApp();
    submitPost.mockImplementation((url) => events.push(`POST ${url}`));
    await screen.findByRole('region', { name: 'Favorites' });
    events.length = 0;

    const reload = deferred();
    held.reload = reload;
    await userEvent.click(screen.getByRole('button', { name: 'Hello, Ada' }));
    await userEvent.click(screen.getByRole('button', { name: 'Sign out' }));

    // Cleared at once; the sections show skeletons while the public apps load.
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Favorites' })).not.toBeInTheDocument();
    const applications = screen.getByRole('region', { name: 'Applications' });
    expect(applications).toHaveAttribute('aria-busy', 'true');
    expect(within(applications).getAllByTestId('app-card-skeleton')).toHaveLength(6);
    expect(
      JSON.parse(localStorage.getItem(SESSION_STORAGE_KEY) ?? '{}') as { state: unknown },
    ).toMatchObject({ state: { isAuthenticated: false, user: null } });
    expect(submitPost).not.toHaveBeenCalled();

    reload.release();
    await waitFor(() => expect(submitPost).toHaveBeenCalledWith('/auth/logout'));
    expect(events).toEqual(['GET /api/apps (credentials: omit)', 'POST /auth/logout']);
    expect(screen.queryByRole('article', { name: 'IGV Web' })).not.toBeInTheDocument();
  });

  it('shows each app status from the monitor, matched by the app’s id', async () => {
    serveApps([galaxy, igv, wiki, slurm]);
    server.use(
      http.get('/api/monitor-status', () =>
        HttpResponse.json([
          { id: galaxy.id, url: 'https://galaxy.example.edu/', status: 0 },
          // The link the item names does not matter: a card may show an address on a network.
          { id: igv.id, url: 'https://elsewhere.example.edu/', status: 3 },
          { id: wiki.id, url: '', status: 7 },
        ]),
      ),
    );
    renderApp();
    const card = (name: string) => screen.getByRole('article', { name });
    await screen.findByRole('article', { name: 'Galaxy' });
    await waitFor(
      () => expect(within(card('Galaxy')).getByRole('img', { name: 'Down' })).toBeInTheDocument(),
      { timeout: 3_000 },
    );
    expect(within(card('IGV Web')).getByRole('img', { name: 'Maintenance' })).toBeInTheDocument();
    expect(
      within(card('Group Wiki')).getByRole('img', { name: 'Up & Running' }),
    ).toBeInTheDocument();
    expect(
      within(card('Slurm Dashboard')).getByRole('img', { name: 'Unknown' }),
    ).toBeInTheDocument();
  });

  it('only logs a failing monitor; cards say Unknown', async () => {
    serveApps([galaxy]);
    let asked = 0;
    server.use(
      http.get('/api/monitor-status', () => {
        asked += 1;
        return HttpResponse.json({ status: 404, message: 'x', data: {} }, { status: 404 });
      }),
    );
    renderApp();
    await screen.findByRole('article', { name: 'Galaxy' });
    await waitFor(() => expect(asked).toBe(1), { timeout: 3_000 });
    await waitFor(() => expect(console.warn).toHaveBeenCalled());
    expect(screen.getByRole('img', { name: 'Unknown' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('says something went wrong, with no sections, when the apps cannot be loaded', async () => {
    server.use(http.get('/api/apps', () => new HttpResponse(null, { status: 500 })));
    renderApp();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Something went wrong while processing your request.',
    );
    expect(screen.queryByRole('article')).not.toBeInTheDocument();
  });
});
