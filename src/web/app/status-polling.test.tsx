import { act, screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeApp } from '../test-support/fixtures.js';
import { renderApp } from '../test-support/render-app.js';
import { appList, server } from '../test-support/server.js';

/** Polling of GET /api/monitor-status in the running app, on fake timers. */
describe('status polling in the app', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'], now: 0 });
    vi.spyOn(console, 'warn').mockImplementation(() => {});
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));
  /** Lets real I/O (the faked HTTP answers) run until `check` passes; fake time stands still. */
  async function settle(check: () => void) {
    for (let attempt = 0; ; attempt += 1) {
      try {
        check();
        return;
      } catch (error) {
        if (attempt > 100) throw error;
        await act(() => new Promise((resolve) => setImmediate(resolve)));
      }
    }
  }

  it('waits for the apps (checking every 1 s), then polls every 30 s', async () => {
    const galaxy = makeApp({ name: 'Galaxy', link: 'https://galaxy.example.edu/' });
    let releaseApps: () => void = () => {};
    const appsArrive = new Promise<void>((resolve) => (releaseApps = resolve));
    const polls: number[] = [];
    let status = 1;
    server.use(
      http.get('/api/apps', async () => {
        await appsArrive;
        return HttpResponse.json(appList([galaxy]));
      }),
      http.get('/api/monitor-status', () => {
        polls.push(Date.now());
        return HttpResponse.json([{ id: galaxy.id, url: galaxy.link, status }]);
      }),
    );
    renderApp();
    await advance(5_500);
    expect(polls).toEqual([]);

    releaseApps();
    await settle(() => screen.getByRole('article', { name: 'Galaxy' }));
    await advance(500);
    await settle(() => expect(polls).toHaveLength(1));
    // The 1 s check after the apps arrived fetched the status.
    expect(polls).toEqual([6_000]);
    const card = screen.getByRole('article', { name: 'Galaxy' });
    await settle(() => within(card).getByRole('img', { name: 'Up & Running' }));

    status = 0;
    await advance(29_999);
    expect(polls).toEqual([6_000]);
    await advance(1);
    expect(polls).toEqual([6_000, 36_000]);
    await settle(() => within(card).getByRole('img', { name: 'Down' }));
    await advance(30_000);
    expect(polls).toEqual([6_000, 36_000, 66_000]);
  });

  // Seen in WebKit: a strips answer whose body could not be read became `null`, and reading its
  // `.items` was an unhandled rejection. Now the request fails, the page says so on the console
  // as a warning, and the cards keep their status.
  it('survives a status history answer whose body cannot be read', async () => {
    const galaxy = makeApp({ name: 'Galaxy', link: 'https://galaxy.example.edu/' });
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', onUnhandled);
    try {
      server.use(
        http.get('/api/apps', () => HttpResponse.json(appList([galaxy]))),
        http.get('/api/monitor-status', () =>
          HttpResponse.json([{ id: galaxy.id, url: galaxy.link, status: 1 }]),
        ),
        http.get('/api/status-history', () => HttpResponse.html('<html>a proxy said hello</html>')),
        http.get('/api/notices', () => new HttpResponse('', { status: 200 })),
      );
      renderApp();
      await settle(() => screen.getByRole('article', { name: 'Galaxy' }));
      await advance(1_000);
      const card = screen.getByRole('article', { name: 'Galaxy' });
      await settle(() => within(card).getByRole('img', { name: 'Up & Running' }));
      await settle(() =>
        expect(vi.mocked(console.warn)).toHaveBeenCalledWith(
          'Could not update the status history.',
          expect.anything(),
        ),
      );
      await act(() => new Promise((resolve) => setImmediate(resolve)));
      expect(unhandled).toEqual([]);
    } finally {
      process.off('unhandledRejection', onUnhandled);
    }
  });

  it('backs off after failures: 2, 4, 8, 16, then 30 s', async () => {
    server.use(http.get('/api/apps', () => HttpResponse.json(appList([makeApp()]))));
    const polls: number[] = [];
    server.use(
      http.get('/api/monitor-status', () => {
        polls.push(Date.now());
        return new HttpResponse(null, { status: 404 });
      }),
    );
    renderApp();
    await advance(0);
    await advance(1_000);
    const first = polls[0] ?? NaN;
    await advance(70_000);
    expect(polls.map((time) => time - first)).toEqual([0, 2_000, 6_000, 14_000, 30_000, 60_000]);
    expect(console.warn).toHaveBeenCalledTimes(6);
  });
});
