import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { MAX_PER_PAGE, type App } from '../../../../shared/api/schemas.js';
import { makeApp } from '../../../test-support/fixtures.js';
import { server } from '../../../test-support/server.js';
import { APPS_BATCH_SIZE, fetchAllApps } from './apps.js';

/** Serves `apps` in pages as the API does, recording each request. */
function serveApps(apps: App[], perPageCap = MAX_PER_PAGE) {
  const requests: { page: number; perPage: number; credentials: RequestCredentials }[] = [];
  server.use(
    http.get('/api/apps', ({ request }) => {
      const params = new URL(request.url).searchParams;
      const page = Number(params.get('page'));
      const perPage = Math.min(Number(params.get('perPage')), perPageCap);
      requests.push({ page, perPage, credentials: request.credentials });
      return HttpResponse.json({
        page,
        perPage,
        totalItems: apps.length,
        totalPages: Math.max(1, Math.ceil(apps.length / perPage)),
        items: apps.slice((page - 1) * perPage, page * perPage),
      });
    }),
  );
  return requests;
}

describe('fetchAllApps', () => {
  it('asks for pages of 500, the API maximum', async () => {
    expect(APPS_BATCH_SIZE).toBe(500);
    expect(APPS_BATCH_SIZE).toBe(MAX_PER_PAGE);
    const requests = serveApps([makeApp(), makeApp()]);
    await expect(fetchAllApps()).resolves.toHaveLength(2);
    expect(requests).toEqual([{ page: 1, perPage: 500, credentials: 'same-origin' }]);
  });

  it('loads every page of a long list', async () => {
    const apps = Array.from({ length: 1_201 }, () => makeApp());
    const requests = serveApps(apps);
    const loaded = await fetchAllApps();
    expect(loaded.map((app) => app.id)).toEqual(apps.map((app) => app.id));
    expect(requests.map((r) => r.page)).toEqual([1, 2, 3]);
  });

  it('asks without the session cookie for the public apps', async () => {
    const requests = serveApps([makeApp()]);
    await fetchAllApps({ publicOnly: true });
    expect(requests[0]?.credentials).toBe('omit');
  });
});
