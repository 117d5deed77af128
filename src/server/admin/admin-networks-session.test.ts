import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestBrowser, signInAtDevIdp } from '../auth/test-support/test-browser.js';
import { startDevIdpServer } from '../dev-idp/test-support/dev-idp-server.js';
import { createTestContext } from '../test-support/test-app.js';

// PUT /api/admin/networks from the console's session gets the admin scope's CSRF check.

const PORTAL = 'http://portal.test';

let idp: Awaited<ReturnType<typeof startDevIdpServer>>;
beforeAll(async () => {
  idp = await startDevIdpServer(PORTAL);
});
afterAll(async () => {
  await idp.close();
});

describe('PUT /api/admin/networks from a browser session', () => {
  it('refuses a cross-site request before reading it', async () => {
    const ctx = await createTestContext({ env: { PUBLIC_URL: PORTAL, OIDC_ISSUER: idp.issuer } });
    try {
      const browser = createTestBrowser({ app: ctx.app, origin: PORTAL });
      await signInAtDevIdp(browser, PORTAL, 'admin');
      const crossSite = await browser.request('PUT', '/api/admin/networks', {
        headers: { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
      });
      expect(crossSite.status).toBe(403);
      expect(JSON.parse(crossSite.body).message).toMatch(
        /did not come from the portal's own pages/,
      );
      // The same request from the portal's own pages passes the check and reaches the rules
      // (the test browser sends no JSON body: the rules' 400, not the check's 403).
      const sameOrigin = await browser.request('PUT', '/api/admin/networks', {
        headers: { origin: PORTAL, 'sec-fetch-site': 'same-origin' },
      });
      expect(sameOrigin.status).toBe(400);
      expect(JSON.parse((await browser.get('/api/admin/networks')).body)).toMatchObject({
        networks: [],
      });
    } finally {
      await ctx.close();
    }
  });
});
