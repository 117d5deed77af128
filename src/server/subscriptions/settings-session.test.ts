import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestBrowser, signInAtDevIdp } from '../auth/test-support/test-browser.js';
import { startDevIdpServer } from '../dev-idp/test-support/dev-idp-server.js';
import { createTestContext, type TestContext } from '../test-support/test-app.js';

// The settings page from a browser session: sign in, come back to /settings, save the form from
// the portal's own page; the same form posted from another site is refused and changes nothing.

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

describe('the settings page in a browser session', () => {
  it('saves from the portal’s own page and refuses cross-site form posts', async () => {
    ctx = await createTestContext({
      env: { PUBLIC_URL: PORTAL, OIDC_ISSUER: idp.issuer },
      apps: [{ id: 'galaxy', isPublic: true }],
    });
    const browser = createTestBrowser({ app: ctx.app, origin: PORTAL });
    const anonymous = await browser.get('/settings');
    expect(anonymous.status).toBe(303);
    expect(anonymous.location).toBe(`${PORTAL}/auth/login?returnTo=%2Fsettings`);
    await signInAtDevIdp(browser, PORTAL, 'alice');
    const page = await browser.get('/settings');
    expect(page.status).toBe(200);
    const { action, fields } = browser.form(page.body);
    expect(action).toBe('/settings');
    const form = { ...fields, events: 'notice', digestMinutes: '60', language: 'es' };

    const crossSite = await browser.post('/settings', form, {
      origin: 'https://evil.example',
      'sec-fetch-site': 'cross-site',
    });
    expect(crossSite.status).toBe(403);
    expect(await browser.post('/settings', form).then((response) => response.status)).toBe(403);
    expect(await ctx.db.selectFrom('subscriptions').selectAll().execute()).toEqual([]);

    const saved = await browser.post('/settings', form, {
      origin: PORTAL,
      'sec-fetch-site': 'same-origin',
    });
    expect(saved.status).toBe(303);
    expect(saved.location).toBe(`${PORTAL}/settings?saved=settings`);
    const row = await ctx.db.selectFrom('subscriptions').selectAll().executeTakeFirstOrThrow();
    expect(row).toMatchObject({ events: '["notice"]', digestMinutes: 60, language: 'es' });
  });
});
