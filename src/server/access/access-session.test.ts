import { afterEach, describe, expect, it } from 'vitest';
import { createFakeOidc, GOOD_CODE } from '../auth/test-support/fake-oidc.js';
import { createTestBrowser, type TestBrowser } from '../auth/test-support/test-browser.js';
import { bearer, createTestContext, type TestContext } from '../test-support/test-app.js';

// The browser's side of access requests: the session cookie, the same-origin check on writes,
// and the identity refreshed after an approval without signing out (docs/access-requests.md).
const PORTAL = 'http://portal.test';
const ALICE = {
  sub: 'alice-subject',
  preferred_username: 'alice',
  name: 'Alice Archer',
  email: 'alice@example.edu',
  user_groups: ['/genomics'],
  realm_access: { roles: [] },
};

let ctx: TestContext;
afterEach(async () => {
  await ctx.close();
});

async function setup() {
  const fake = createFakeOidc(ALICE);
  const clock = { time: Date.parse('2026-11-25T08:00:00Z') };
  ctx = await createTestContext({
    env: { PUBLIC_URL: PORTAL },
    deps: { oidc: fake.oidc, now: () => clock.time, accessExpiryTimer: false },
    apps: [
      {
        id: 'napari',
        groups: ['imaging'],
        access: { requestable: true, group: '/imaging', approvers: ['pi'] },
      },
    ],
  });
  const browser = createTestBrowser({ app: ctx.app, origin: PORTAL });
  const start = await browser.get('/auth/login?returnTo=/');
  const state = new URL(start.location ?? '').searchParams.get('state') ?? '';
  await browser.get(`/auth/callback?code=${GOOD_CODE}&state=${encodeURIComponent(state)}`);
  return { fake, browser, clock };
}

function send(
  browser: TestBrowser,
  method: 'GET' | 'POST',
  url: string,
  options: { origin?: string; body?: object } = {},
) {
  const session = browser.cookie(PORTAL, 'portal_session') ?? '';
  return ctx.app.inject({
    method,
    url,
    headers: {
      cookie: `portal_session=${session}`,
      ...(options.origin ? { origin: options.origin } : {}),
    },
    ...(options.body ? { payload: options.body } : {}),
  });
}

const napariOf = (body: { items: { id: string; locked?: boolean; link?: string }[] }) =>
  body.items.find((app) => app.id === 'napari');

describe('access requests in the browser session', () => {
  it('refuses a cross-site request and changes nothing', async () => {
    const { browser } = await setup();
    const forged = await send(browser, 'POST', '/api/access-requests', {
      origin: 'https://evil.example',
      body: { appId: 'napari', reason: 'x' },
    });
    expect(forged.statusCode).toBe(403);
    expect(await ctx.db.selectFrom('accessRequests').selectAll().execute()).toEqual([]);
  });

  it('shows the app unlocked after approval without signing out (refresh grant)', async () => {
    const { browser, fake } = await setup();
    expect(napariOf((await send(browser, 'GET', '/api/apps')).json())?.locked).toBe(true);
    const created = await send(browser, 'POST', '/api/access-requests', {
      origin: PORTAL,
      body: { appId: 'napari', reason: 'Imaging course' },
    });
    expect(created.statusCode).toBe(201);

    const pi = await ctx.issuer.tokenFor('pi', []);
    const decided = await ctx.app.inject({
      method: 'POST',
      url: `/api/access-requests/${created.json().id}/decision`,
      headers: bearer(pi),
      payload: { decision: 'approve' },
    });
    expect(decided.statusCode).toBe(200);
    expect(decided.json().addByHand).toBe('/imaging');

    // Someone adds alice to /imaging in the identity provider; her token does not say so yet.
    fake.behaviour.claims = { ...ALICE, user_groups: ['/genomics', '/imaging'] };
    const refreshesBefore = fake.calls.refresh;
    const apps = (await send(browser, 'GET', '/api/apps')).json();
    expect(fake.calls.refresh).toBe(refreshesBefore + 1);
    expect(napariOf(apps)).toMatchObject({ link: 'https://napari.example.edu/' });
    expect(napariOf(apps)?.locked).toBeUndefined();
    // Once: the flag is cleared by the refresh.
    await send(browser, 'GET', '/api/apps');
    expect(fake.calls.refresh).toBe(refreshesBefore + 1);
    const mine = (await send(browser, 'GET', '/api/access-requests')).json();
    expect(mine.items[0]).toMatchObject({ status: 'approved', membership: 'present' });
  });
});
