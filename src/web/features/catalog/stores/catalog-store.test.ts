import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { makeApp } from '../../../test-support/fixtures.js';
import { appList, server } from '../../../test-support/server.js';
import { fetchAllApps } from '../api/apps.js';
import { createCatalogStore } from './catalog-store.js';

const quiet = () => {};

describe('catalog store', () => {
  it('has no apps before the first answer, then the loaded list', async () => {
    const apps = [makeApp({ name: 'Galaxy' })];
    server.use(http.get('/api/apps', () => HttpResponse.json(appList(apps))));
    const store = createCatalogStore({ fetchAllApps, logError: quiet });
    expect(store.getState().apps).toBeNull();
    const loading = store.getState().load();
    expect(store.getState().loading).toBe(true);
    await loading;
    expect(store.getState()).toMatchObject({ apps, loading: false, failed: false });
  });

  it('gives an empty list when loading fails', async () => {
    server.use(http.get('/api/apps', () => new HttpResponse(null, { status: 500 })));
    const store = createCatalogStore({ fetchAllApps, logError: quiet });
    await store.getState().load();
    expect(store.getState()).toMatchObject({ apps: [], loading: false, failed: true });
  });

  it('keeps the answer of the latest load when loads overlap', async () => {
    let calls = 0;
    server.use(
      http.get('/api/apps', async () => {
        calls += 1;
        const mine = calls;
        // The first request answers last.
        await new Promise((resolve) => setTimeout(resolve, mine === 1 ? 30 : 0));
        return HttpResponse.json(appList([makeApp({ name: `answer ${mine}` })]));
      }),
    );
    const store = createCatalogStore({ fetchAllApps, logError: quiet });
    await Promise.all([store.getState().load(), store.getState().load()]);
    expect(store.getState().apps?.map((app) => app.name)).toEqual(['answer 2']);
  });
});
