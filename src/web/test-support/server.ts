import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import type { App, AppList, PortalInfo } from '../../shared/api/schemas.js';
import type { Subscriptions } from '../features/subscriptions/api/subscriptions-api.js';

/** HTTP is faked at the network boundary: each test states what the server answers. */
export const portalInfo: PortalInfo = {
  title: 'Genomics Portal',
  subtitle: 'MMGE App Portal',
  footer: '© 2023 Indiana University',
  signInAvailable: true,
};

export function appList(items: App[]): AppList {
  return { page: 1, perPage: 500, totalItems: items.length, totalPages: 1, items };
}

export const unauthorized = () =>
  HttpResponse.json({ status: 401, message: 'Sign in to do this.', data: {} }, { status: 401 });

/** What `GET /api/me/subscriptions` answers for a person who never changed anything. */
export function defaultSubscriptions(overrides: Partial<Subscriptions> = {}): Subscriptions {
  return {
    apps: [],
    allFavorites: false,
    events: ['down', 'up'],
    channels: { email: true },
    digestMinutes: 0,
    quietHours: null,
    email: 'ada@example.edu',
    ...overrides,
  };
}

/** Defaults: the portal texts, an anonymous visitor, no apps, no monitor data. */
export const defaultHandlers = [
  http.get('/api/portal', () => HttpResponse.json(portalInfo)),
  http.get('/api/me', unauthorized),
  http.get('/api/apps', () => HttpResponse.json(appList([]))),
  http.get('/api/monitor-status', () => HttpResponse.json([])),
  http.get('/api/status-history', () =>
    HttpResponse.json({
      range: '24h',
      bucketMinutes: 30,
      end: new Date().toISOString(),
      items: [],
    }),
  ),
  http.get('/api/notices', () => HttpResponse.json({ notices: [], maintenance: [] })),
  // A signed-in user's access requests (loaded after sign-in): none.
  http.get('/api/access-requests', () =>
    HttpResponse.json({ page: 1, perPage: 500, totalItems: 0, totalPages: 0, items: [] }),
  ),
  // A signed-in user's subscriptions (loaded after sign-in): the defaults, nothing followed.
  http.get('/api/me/subscriptions', () => HttpResponse.json(defaultSubscriptions())),
];

export const server = setupServer(...defaultHandlers);
