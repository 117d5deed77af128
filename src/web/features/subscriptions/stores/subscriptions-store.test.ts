import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { defaultSubscriptions, server } from '../../../test-support/server.js';
import type { Subscriptions } from '../api/subscriptions-api.js';
import { followState, setAllFavorites, setFollowing } from './subscription-actions.js';
import { createSubscriptionsStore } from './subscriptions-store.js';

const DEFAULTS = defaultSubscriptions();

function loadedStore(answer: Subscriptions = DEFAULTS) {
  const fetchSubscriptions = vi.fn(async () => answer);
  return { store: createSubscriptionsStore({ fetchSubscriptions }), fetchSubscriptions };
}

describe('the subscriptions store', () => {
  it('loads once for callers at the same time, and keeps what the server answers to each change', async () => {
    const requests: string[] = [];
    server.use(
      http.put('/api/me/subscriptions/apps/:id', ({ params }) => {
        requests.push(`PUT ${String(params.id)}`);
        return HttpResponse.json(defaultSubscriptions({ apps: [String(params.id)] }));
      }),
      http.delete('/api/me/subscriptions/apps/:id', ({ params }) => {
        requests.push(`DELETE ${String(params.id)}`);
        return HttpResponse.json(DEFAULTS);
      }),
    );
    const { store, fetchSubscriptions } = loadedStore();
    expect(store.getState().subscriptions).toBeNull();
    // Sign-in and start-up may both ask: one request.
    await Promise.all([store.getState().load(), store.getState().load()]);
    expect(fetchSubscriptions).toHaveBeenCalledOnce();
    expect(store.getState().subscriptions).toEqual(DEFAULTS);

    await setFollowing(store, 'galaxy', true);
    expect(store.getState().subscriptions?.apps).toEqual(['galaxy']);
    await setFollowing(store, 'galaxy', false);
    expect(store.getState().subscriptions?.apps).toEqual([]);
    expect(requests).toEqual(['PUT galaxy', 'DELETE galaxy']);
  });

  it('stores the whole object, without the address, for "Follow all my favourites"', async () => {
    const bodies: unknown[] = [];
    server.use(
      http.put('/api/me/subscriptions', async ({ request }) => {
        const body = (await request.json()) as Subscriptions;
        bodies.push(body);
        return HttpResponse.json({ ...body, email: DEFAULTS.email });
      }),
    );
    const { store } = loadedStore({ ...DEFAULTS, apps: ['wiki'], digestMinutes: 60 });
    await store.getState().load();
    await setAllFavorites(store, true);
    const { email: _email, ...sent } = { ...DEFAULTS, apps: ['wiki'], digestMinutes: 60 };
    expect(bodies).toEqual([{ ...sent, allFavorites: true }]);
    expect(store.getState().subscriptions).toMatchObject({ allFavorites: true, digestMinutes: 60 });
  });

  it('rejects a change the server refuses and keeps the state it had', async () => {
    server.use(
      http.put('/api/me/subscriptions/apps/:id', () =>
        HttpResponse.json({ status: 404, message: 'There is no such app.' }, { status: 404 }),
      ),
    );
    const { store } = loadedStore();
    await store.getState().load();
    await expect(setFollowing(store, 'gone', true)).rejects.toThrow('There is no such app.');
    expect(store.getState().subscriptions).toEqual(DEFAULTS);
    // Before the load there is no object to send whole.
    await expect(setAllFavorites(loadedStore().store, true)).rejects.toThrow(/not loaded/);
  });

  it('says so when the load fails (no bells), and forgets everything at sign-out', async () => {
    const failing = createSubscriptionsStore({
      fetchSubscriptions: async () => Promise.reject(new Error('401')),
      logError: () => {},
    });
    await failing.getState().load();
    expect(failing.getState()).toMatchObject({ subscriptions: null, failed: true });

    // An answer that arrives after the sign-out is dropped, a load or a change.
    let answer: (value: Subscriptions) => void = () => {};
    const store = createSubscriptionsStore({
      fetchSubscriptions: () => new Promise((resolve) => (answer = resolve)),
    });
    const loading = store.getState().load();
    store.getState().reset();
    answer(DEFAULTS);
    await loading;
    expect(store.getState().subscriptions).toBeNull();

    server.use(
      http.put('/api/me/subscriptions/apps/:id', () =>
        HttpResponse.json(defaultSubscriptions({ apps: ['galaxy'] })),
      ),
    );
    const { store: other } = loadedStore();
    await other.getState().load();
    const change = setFollowing(other, 'galaxy', true);
    other.getState().reset();
    await change;
    expect(other.getState().subscriptions).toBeNull();
  });

  it('tells an app followed on its own from one followed as a favourite', () => {
    const subscriptions = { ...DEFAULTS, apps: ['galaxy'], allFavorites: true };
    expect(followState(subscriptions, 'galaxy', false)).toBe('own');
    expect(followState(subscriptions, 'wiki', true)).toBe('favorite');
    expect(followState(subscriptions, 'wiki', false)).toBe('no');
    expect(followState({ ...subscriptions, allFavorites: false }, 'wiki', true)).toBe('no');
    expect(followState(null, 'galaxy', true)).toBe('no');
  });
});
