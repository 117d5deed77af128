import { ApiRequestError } from '../../../lib/api-client.js';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Me } from '../../../../shared/api/schemas.js';
import { makeApp, makeMe } from '../../../test-support/fixtures.js';
import { server } from '../../../test-support/server.js';
import { fetchMe } from '../api/me.js';
import { checkSilently, SILENT_MESSAGE_TYPE } from '../api/silent-check.js';
import { createSilentSignOn } from '../utils/silent-sign-on.js';
import { createSessionStore, SESSION_STORAGE_KEY, type SessionDeps } from './session-store.js';

const quiet = () => {};

function setup(overrides: Partial<SessionDeps> = {}) {
  const events: string[] = [];
  const store = createSessionStore({
    fetchMe,
    storage: localStorage,
    reloadPublicApps: async () => {
      events.push('reload public apps');
    },
    signIn: () => events.push('sign in'),
    signOut: () => events.push('sign out'),
    logError: quiet,
    ...overrides,
  });
  return { store, events };
}

const persisted = () => JSON.parse(localStorage.getItem(SESSION_STORAGE_KEY) ?? 'null') as unknown;

describe('session store', () => {
  it('is public and not initialized before it asks the server', () => {
    const { store } = setup();
    expect(store.getState()).toMatchObject({
      isAuthenticated: false,
      user: null,
      favorites: [],
      initialized: false,
    });
  });

  it('takes the signed-in user from GET /api/me, with groups comma-joined', async () => {
    const favorite = makeApp({ name: 'Galaxy' });
    server.use(
      http.get('/api/me', () =>
        HttpResponse.json(
          makeMe({
            name: 'Ada Lovelace',
            givenName: 'Ada',
            username: 'ada',
            email: 'ada@example.edu',
            roles: ['portal-admin', 'offline_access'],
            groups: ['genomics', '/imaging'],
            favorites: [favorite],
          }),
        ),
      ),
    );
    const { store } = setup();
    await store.getState().init();
    expect(store.getState()).toMatchObject({
      isAuthenticated: true,
      initialized: true,
      user: {
        name: 'Ada Lovelace',
        email: 'ada@example.edu',
        roles: ['portal-admin', 'offline_access'],
        given_name: 'Ada',
        preferred_username: 'ada',
        groups: 'genomics,imaging',
      },
      favorites: [favorite],
    });
  });

  it('persists only the flag and the user, under the documented key', async () => {
    expect(SESSION_STORAGE_KEY).toBe('app-portal.session');
    server.use(http.get('/api/me', () => HttpResponse.json(makeMe({ favorites: [makeApp()] }))));
    const { store } = setup();
    await store.getState().init();
    expect(persisted()).toEqual({
      version: 1,
      state: {
        isAuthenticated: true,
        user: {
          name: 'Ada Lovelace',
          email: 'ada@example.edu',
          roles: ['default-roles-app-portal'],
          given_name: 'Ada',
          preferred_username: 'ada',
          groups: 'genomics',
        },
      },
    });
    expect(localStorage.getItem(SESSION_STORAGE_KEY)).not.toMatch(/token|favorites/i);
  });

  it('starts from the persisted session until the server has answered', () => {
    localStorage.setItem(
      SESSION_STORAGE_KEY,
      JSON.stringify({
        version: 1,
        state: { isAuthenticated: true, user: { given_name: 'Ada', name: 'Ada' } },
      }),
    );
    const { store } = setup();
    expect(store.getState().isAuthenticated).toBe(true);
    expect(store.getState().user?.given_name).toBe('Ada');
  });

  it.each([
    ['a 401', () => HttpResponse.json({ status: 401, message: 'x', data: {} }, { status: 401 })],
    ['a server error', () => new HttpResponse(null, { status: 500 })],
    ['a network failure', () => HttpResponse.error()],
  ])('resets to the public state on %s', async (_case, answer) => {
    localStorage.setItem(
      SESSION_STORAGE_KEY,
      JSON.stringify({ version: 1, state: { isAuthenticated: true, user: { given_name: 'A' } } }),
    );
    server.use(http.get('/api/me', answer));
    const { store } = setup();
    await store.getState().init();
    expect(store.getState()).toMatchObject({
      isAuthenticated: false,
      user: null,
      favorites: [],
      initialized: true,
    });
    expect(persisted()).toEqual({ version: 1, state: { isAuthenticated: false, user: null } });
  });

  it('logout clears the session, reloads the public apps, then signs out, in that order', async () => {
    server.use(http.get('/api/me', () => HttpResponse.json(makeMe({ favorites: [makeApp()] }))));
    const events: string[] = [];
    const { store } = setup({
      reloadPublicApps: async () => {
        const state = store.getState();
        events.push(
          `reload public apps (authenticated: ${state.isAuthenticated}, user: ${String(state.user)}, favorites: ${state.favorites.length})`,
        );
        await new Promise((resolve) => setTimeout(resolve, 5));
        events.push('public apps loaded');
      },
      signOut: () => events.push('sign out'),
    });
    await store.getState().init();
    await store.getState().logout();
    expect(events).toEqual([
      'reload public apps (authenticated: false, user: null, favorites: 0)',
      'public apps loaded',
      'sign out',
    ]);
    expect(persisted()).toEqual({ version: 1, state: { isAuthenticated: false, user: null } });
  });

  it('still signs out when reloading the public apps fails, and only logs failures', async () => {
    const logged: string[] = [];
    const { store, events } = setup({
      reloadPublicApps: () => Promise.reject(new Error('offline')),
      signOut: () => {
        events.push('sign out');
        throw new Error('cannot navigate');
      },
      logError: (message) => logged.push(message),
    });
    await expect(store.getState().logout()).resolves.toBeUndefined();
    expect(events).toEqual(['sign out']);
    expect(logged).toEqual(['Could not reload the public apps.', 'Sign-out failed.']);
  });

  it('login hands over to the sign-in; a failure is only logged', () => {
    const logged: string[] = [];
    const { store, events } = setup();
    store.getState().login();
    expect(events).toEqual(['sign in']);

    const failing = setup({
      signIn: () => {
        throw new Error('blocked');
      },
      logError: (message) => logged.push(message),
    });
    expect(() => failing.store.getState().login()).not.toThrow();
    expect(logged).toEqual(['Sign-in failed.']);
  });

  it('applyMe takes the refreshed user and favorites', () => {
    const { store } = setup();
    const me: Me = makeMe({ givenName: 'Grace', favorites: [makeApp({ name: 'IGV' })] });
    store.getState().applyMe(me);
    expect(store.getState().user?.given_name).toBe('Grace');
    expect(store.getState().favorites.map((app) => app.name)).toEqual(['IGV']);
  });
});

describe('silent sign-in on load', () => {
  const frames = () => document.querySelectorAll('iframe[title="Sign-in check"]');
  let meRequests = 0;

  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    meRequests = 0;
    server.events.on('request:start', ({ request }) => {
      if (new URL(request.url).pathname === '/api/me') meRequests += 1;
    });
  });
  afterEach(() => {
    server.events.removeAllListeners();
    vi.useRealTimers();
    sessionStorage.clear();
    document.body.innerHTML = '';
  });

  /** A page load: a new store with the real check (hidden frame) and this tab's storage. */
  function load(overrides: Partial<SessionDeps> = {}) {
    const silentSignOn = createSilentSignOn({
      check: () => checkSilently(),
      storage: sessionStorage,
    });
    return setup({ silentSignOn, ...overrides });
  }

  /** The result page in the frame posting its outcome, as the server's silent.js does. */
  function frameSays(result: string, origin = window.location.origin) {
    const frame = document.querySelector<HTMLIFrameElement>('iframe[title="Sign-in check"]');
    window.dispatchEvent(
      new MessageEvent('message', {
        data: { type: SILENT_MESSAGE_TYPE, result },
        origin,
        source: frame?.contentWindow ?? null,
      }),
    );
  }

  it('signs in without a click when the provider still knows the user', async () => {
    const { store, events } = load();
    await store.getState().init();
    expect(store.getState().isAuthenticated).toBe(false);

    const signedIn = store.getState().silentSignIn();
    expect(frames()).toHaveLength(1);
    // The frame's callback has set the session cookie: the server now knows the user.
    server.use(http.get('/api/me', () => HttpResponse.json(makeMe({ givenName: 'Alice' }))));
    frameSays('signed-in');
    await expect(signedIn).resolves.toBe(true);

    expect(store.getState()).toMatchObject({
      isAuthenticated: true,
      user: { given_name: 'Alice' },
    });
    expect(frames()).toHaveLength(0);
    expect(events).toEqual([]);
    expect(window.location.search).toBe('');
  });

  it('stays public when nobody is signed in at the provider, asking /api/me no more', async () => {
    const { store } = load();
    await store.getState().init();
    const signedIn = store.getState().silentSignIn();
    frameSays('anonymous');
    await expect(signedIn).resolves.toBe(false);
    expect(store.getState()).toMatchObject({ isAuthenticated: false, user: null });
    expect(meRequests).toBe(1);
    expect(frames()).toHaveLength(0);
  });

  it('gives up after 5 s when the provider does not answer', async () => {
    const { store } = load();
    await store.getState().init();
    const signedIn = store.getState().silentSignIn();
    await vi.advanceTimersByTimeAsync(5000);
    await expect(signedIn).resolves.toBe(false);
    expect(store.getState().isAuthenticated).toBe(false);
    expect(frames()).toHaveLength(0);
  });

  it('ignores a "signed-in" message from another origin', async () => {
    const { store } = load();
    await store.getState().init();
    // Were the message taken, the server would now say who is signed in.
    server.use(http.get('/api/me', () => HttpResponse.json(makeMe())));
    const signedIn = store.getState().silentSignIn();
    frameSays('signed-in', 'https://evil.example');
    await vi.advanceTimersByTimeAsync(4999);
    expect(frames()).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    await expect(signedIn).resolves.toBe(false);
    expect(store.getState().isAuthenticated).toBe(false);
  });

  it('is tried once per page load, and not again in this tab after it failed', async () => {
    const first = load();
    await first.store.getState().init();
    const attempt = first.store.getState().silentSignIn();
    expect(first.store.getState().silentSignIn()).toBe(attempt);
    expect(frames()).toHaveLength(1);
    frameSays('unavailable');
    await expect(attempt).resolves.toBe(false);

    const reloaded = load();
    await reloaded.store.getState().init();
    await expect(reloaded.store.getState().silentSignIn()).resolves.toBe(false);
    expect(frames()).toHaveLength(0);

    // An explicit sign-in makes it possible again (e.g. when that session expires later).
    reloaded.store.getState().login();
    expect(reloaded.events).toEqual(['sign in']);
    const later = load();
    void later.store.getState().silentSignIn();
    expect(frames()).toHaveLength(1);
  });

  it('lets a sign-in click wait for a running check, then sign in (the click wins)', async () => {
    const { store, events } = load();
    await store.getState().init();
    const attempt = store.getState().silentSignIn();
    store.getState().login();
    expect(events).toEqual([]);
    frameSays('anonymous');
    await expect(attempt).resolves.toBe(false);
    await vi.waitFor(() => expect(events).toEqual(['sign in']));
    // No check starts after the click.
    await expect(store.getState().silentSignIn()).resolves.toBe(false);
  });

  it('needs no sign-in when the running check signs the user in', async () => {
    const { store, events } = load();
    await store.getState().init();
    const attempt = store.getState().silentSignIn();
    store.getState().login();
    server.use(http.get('/api/me', () => HttpResponse.json(makeMe())));
    frameSays('signed-in');
    await expect(attempt).resolves.toBe(true);
    expect(store.getState().isAuthenticated).toBe(true);
    expect(events).toEqual([]);
  });

  it('starts no check once sign-in was clicked', async () => {
    const { store, events } = load();
    store.getState().login();
    expect(events).toEqual(['sign in']);
    await expect(store.getState().silentSignIn()).resolves.toBe(false);
    expect(frames()).toHaveLength(0);
  });

  // Seen in Firefox: the page left right after loading cancels the check's requests, which is
  // no failure to report.
  it('says nothing on the console when the check is cancelled by leaving the page', async () => {
    const logged: string[] = [];
    const cancelled = new ApiRequestError({
      url: '/api/me',
      status: 0,
      isAbort: true,
      message: 'The request was cancelled.',
    });
    for (const check of [
      async () => Promise.reject(new DOMException('The operation was aborted.', 'AbortError')),
      async () => 'signed-in' as const,
    ]) {
      sessionStorage.clear();
      const { store } = setup({
        silentSignOn: createSilentSignOn({ check, storage: sessionStorage }),
        fetchMe: async () => {
          throw cancelled;
        },
        logError: (message) => logged.push(message),
      });
      expect(await store.getState().silentSignIn()).toBe(false);
    }
    expect(logged).toEqual([]);
  });

  it('starts no silent check once a sign-in is under way', async () => {
    const { store, events } = load();
    await store.getState().init();
    store.getState().login();
    expect(events).toEqual(['sign in']);
    await expect(store.getState().silentSignIn()).resolves.toBe(false);
    expect(frames()).toHaveLength(0);
  });

  it('makes no check when the user is already signed in', async () => {
    server.use(http.get('/api/me', () => HttpResponse.json(makeMe())));
    const { store } = load();
    await store.getState().init();
    await expect(store.getState().silentSignIn()).resolves.toBe(false);
    expect(frames()).toHaveLength(0);
  });

  it('does not sign back in silently after an explicit sign-out', async () => {
    server.use(http.get('/api/me', () => HttpResponse.json(makeMe())));
    const { store, events } = load();
    await store.getState().init();
    await store.getState().logout();
    expect(events).toEqual(['reload public apps', 'sign out']);

    server.resetHandlers();
    const afterSignOut = load();
    await afterSignOut.store.getState().init();
    await expect(afterSignOut.store.getState().silentSignIn()).resolves.toBe(false);
    expect(frames()).toHaveLength(0);
  });

  it('counts "signed-in" followed by an anonymous /api/me as a failure', async () => {
    const { store } = load();
    const signedIn = store.getState().silentSignIn();
    frameSays('signed-in');
    await expect(signedIn).resolves.toBe(false);
    expect(store.getState().isAuthenticated).toBe(false);
    const reloaded = load();
    await expect(reloaded.store.getState().silentSignIn()).resolves.toBe(false);
    expect(frames()).toHaveLength(0);
  });
});
