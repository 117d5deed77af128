import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startDevIdpServer } from '../dev-idp/test-support/dev-idp-server.js';
import { createTestBrowser, type TestBrowser } from '../auth/test-support/test-browser.js';
import { createTestContext, type TestContext } from '../test-support/test-app.js';

// Admin calls from a browser session (the console): the role comes from the session's verified
// claims, and state-changing calls get the same CSRF check as favorites.

const PORTAL = 'http://portal.test';

let idp: Awaited<ReturnType<typeof startDevIdpServer>>;
beforeAll(async () => {
  idp = await startDevIdpServer(PORTAL);
});
afterAll(async () => {
  await idp.close();
});

let ctx: TestContext;
afterEach(async () => {
  await ctx.close();
});

async function signedIn(username: string): Promise<TestBrowser> {
  ctx = await createTestContext({
    env: { PUBLIC_URL: PORTAL, OIDC_ISSUER: idp.issuer },
    apps: [{ id: 'galaxy', isPublic: true }],
  });
  const browser = createTestBrowser({ app: ctx.app, origin: PORTAL });
  const page = await browser.follow(await browser.get('/auth/login?returnTo=%2F'));
  const { action, fields } = browser.form(page.body);
  await browser.follow(
    await browser.post(new URL(action, page.url).href, {
      ...fields,
      username,
      password: username,
    }),
    (response) => response.url.startsWith(`${PORTAL}/auth/callback`),
  );
  const me = await browser.get('/api/me');
  expect(me.status).toBe(200);
  return browser;
}

describe('admin API from a browser session', () => {
  it('lets the admin act from the portal’s own pages, and refuses cross-site requests', async () => {
    const admin = await signedIn('admin');
    expect((await admin.get('/api/admin/apps')).status).toBe(200);

    const crossSite = await admin.request('DELETE', '/api/admin/apps/galaxy?version=1', {
      headers: { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
    });
    expect(crossSite.status).toBe(403);
    expect(JSON.parse(crossSite.body).message).toMatch(/did not come from the portal's own pages/);
    const noOrigin = await admin.request('DELETE', '/api/admin/apps/galaxy?version=1');
    expect(noOrigin.status).toBe(403);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/apps' })).json().totalItems).toBe(1);

    const sameOrigin = await admin.request('DELETE', '/api/admin/apps/galaxy?version=1', {
      headers: { origin: PORTAL, 'sec-fetch-site': 'same-origin' },
    });
    expect(sameOrigin.status).toBe(200);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/apps' })).json().totalItems).toBe(0);
  });

  it('answers 403 to a signed-in user without the admin role', async () => {
    const alice = await signedIn('alice');
    const response = await alice.get('/api/admin/apps');
    expect(response.status).toBe(403);
    expect(JSON.parse(response.body)).toEqual({
      status: 403,
      code: 'admins_only',
      message: 'Only portal administrators can do this.',
      data: {},
    });
  });
});
