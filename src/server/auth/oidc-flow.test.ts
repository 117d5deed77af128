import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../test-support/test-app.js';
import { startDevIdpServer } from '../dev-idp/test-support/dev-idp-server.js';
import { createTestBrowser, type TestBrowser } from './test-support/test-browser.js';
import { createOidcClient, type OidcClient, type TokenSet } from './oidc-client.js';
import { bearer } from '../test-support/test-app.js';

// The real protocol, against the embedded oidc-provider on loopback: discovery, PKCE, the code
// exchange, ID token checks, refresh with rotation, RP-initiated logout and prompt=none.

const PORTAL = 'http://portal.test';
const MINUTE = 60_000;

let idp: Awaited<ReturnType<typeof startDevIdpServer>>;
beforeAll(async () => {
  idp = await startDevIdpServer(PORTAL);
});
afterAll(async () => {
  await idp.close();
});

let contexts: TestContext[] = [];
afterEach(async () => {
  await Promise.all(contexts.map((ctx) => ctx.close()));
  contexts = [];
});

async function setup(options: { env?: Record<string, string>; oidc?: OidcClient } = {}) {
  const clock = { time: Date.now() };
  const ctx = await createTestContext({
    env: { PUBLIC_URL: PORTAL, OIDC_ISSUER: idp.issuer, ...options.env },
    deps: {
      now: () => clock.time,
      ...(options.oidc ? { oidc: options.oidc, verifier: undefined } : {}),
    },
    apps: [{ id: 'genomics-app', groups: ['genomics'] }],
  });
  contexts.push(ctx);
  const browser = () => createTestBrowser({ app: ctx.app, origin: PORTAL });
  return { ctx, clock, browser };
}

const isCallback = (response: { url: string }) =>
  response.url.startsWith(`${PORTAL}/auth/callback`);

/** Signs in through the demo IdP's form; returns the portal's answer to the callback. */
async function signIn(browser: TestBrowser, username: string, returnTo = '/') {
  const page = await browser.follow(
    await browser.get(`/auth/login?returnTo=${encodeURIComponent(returnTo)}`),
  );
  expect(page.status).toBe(200);
  expect(page.url.startsWith(idp.origin)).toBe(true);
  const { action, fields } = browser.form(page.body);
  const submitted = await browser.post(new URL(action, page.url).href, {
    ...fields,
    username,
    password: username,
  });
  return browser.follow(submitted, isCallback);
}

describe('sign-in against a real OpenID provider (the embedded demo IdP)', () => {
  it('signs alice in through a login page with Username, Password and Sign in, and no consent', async () => {
    const { browser } = await setup();
    const b = browser();
    const page = await b.follow(await b.get('/auth/login?returnTo=/apps'));
    expect(page.body).toMatch(/<label for="username">Username<\/label>/);
    expect(page.body).toMatch(/<label for="password">Password<\/label>/);
    expect(page.body).toMatch(/<button type="submit">Sign in<\/button>/);
    const { action, fields } = b.form(page.body);
    const submitted = await b.post(new URL(action, page.url).href, {
      ...fields,
      username: 'alice',
      password: 'alice',
    });
    const callback = await b.follow(submitted, isCallback);
    expect(isCallback(callback)).toBe(true);
    expect(callback.status).toBe(303);
    expect(callback.location).toBe(`${PORTAL}/apps`);
    const me = await b.get('/api/me');
    expect(JSON.parse(me.body)).toMatchObject({
      username: 'alice',
      givenName: 'Alice',
      email: 'alice@example.edu',
      groups: ['genomics', 'staff'],
      isAdmin: false,
    });
  });

  it.each([
    ['bob', { givenName: 'Bob', groups: ['imaging'], isAdmin: false }],
    ['admin', { givenName: 'Admin', groups: [], isAdmin: true }],
  ])('signs %s in with Keycloak-shaped claims', async (username, expected) => {
    const { browser } = await setup();
    const b = browser();
    await signIn(b, username);
    expect(JSON.parse((await b.get('/api/me')).body)).toMatchObject({ username, ...expected });
  });

  it('keeps a wrong password on the login page', async () => {
    const { browser } = await setup();
    const b = browser();
    const page = await b.follow(await b.get('/auth/login'));
    const { action, fields } = b.form(page.body);
    const again = await b.post(new URL(action, page.url).href, {
      ...fields,
      username: 'alice',
      password: 'bob',
    });
    expect(again.status).toBe(401);
    expect(again.body).toContain('Invalid username or password.');
  });

  it('refreshes the tokens at the provider when they expire, again and again', async () => {
    const { ctx, clock, browser } = await setup();
    const b = browser();
    await signIn(b, 'alice');
    const expiry = async () =>
      (await ctx.db.selectFrom('sessions').select('accessTokenExpiresAt').executeTakeFirstOrThrow())
        .accessTokenExpiresAt;
    const first = await expiry();
    for (let round = 1; round <= 2; round += 1) {
      clock.time += 10 * MINUTE;
      const me = await b.get('/api/me');
      expect(me.status).toBe(200);
      expect(JSON.parse(me.body)).toMatchObject({ username: 'alice' });
    }
    expect(await expiry()).toBeGreaterThan(first + 15 * MINUTE);
  });

  // Decision 0024: the provider's access token is a bearer token, its
  // ID token (first or refreshed) is not, with and without OIDC_REQUIRE_AT_JWT.
  it.each([['false'], ['true']])(
    'accepts its access tokens as bearer and refuses its ID tokens (OIDC_REQUIRE_AT_JWT=%s)',
    async (requireAtJwt) => {
      const issued: TokenSet[] = [];
      const real = createOidcClient({
        issuer: idp.issuer,
        clientId: 'app-portal',
        clientSecret: undefined,
        redirectUri: `${PORTAL}/auth/callback`,
        clockToleranceSeconds: 30,
      });
      const recording: OidcClient = {
        ...real,
        issuer: real.issuer,
        async exchangeCode(url, checks) {
          const tokens = await real.exchangeCode(url, checks);
          issued.push(tokens);
          return tokens;
        },
      };
      const { ctx, browser } = await setup({
        env: { OIDC_REQUIRE_AT_JWT: requireAtJwt },
        oidc: recording,
      });
      await signIn(browser(), 'alice');
      const [first] = issued;
      const refreshed = await real.refresh(first?.refreshToken ?? '');
      const header = (jwt: string) =>
        JSON.parse(Buffer.from(jwt.split('.')[0] ?? '', 'base64url').toString()) as {
          typ?: string;
        };
      const call = (token: string) => ctx.app.inject({ url: '/api/me', headers: bearer(token) });

      for (const tokens of [first, refreshed]) {
        expect(header(tokens?.accessToken ?? '').typ).toBe('at+jwt');
        const accepted = await call(tokens?.accessToken ?? '');
        expect(accepted.statusCode).toBe(200);
        expect(accepted.json()).toMatchObject({ username: 'alice', groups: ['genomics', 'staff'] });

        const idToken = tokens?.idToken ?? '';
        expect(idToken.split('.')).toHaveLength(3);
        const refused = await call(idToken);
        expect(refused.statusCode).toBe(401);
        expect(refused.json().message).toMatch(/only access tokens/);
      }
    },
  );

  it('signs out at the provider with client_id and post_logout_redirect_uri, no token in the URL', async () => {
    const { ctx, browser } = await setup();
    const b = browser();
    await signIn(b, 'alice');
    const logout = await b.post('/auth/logout', {}, { origin: PORTAL });
    expect(logout.status).toBe(303);
    // Nothing of the session stays in the browser's HTTP cache (docs/web.md, "Offline").
    expect(logout.headers.get('clear-site-data')).toBe('"cache"');
    const url = new URL(logout.location ?? '');
    expect(url.origin).toBe(idp.origin);
    expect(url.searchParams.get('client_id')).toBe('app-portal');
    expect(url.searchParams.get('post_logout_redirect_uri')).toBe(PORTAL);
    expect([...url.searchParams.keys()].sort()).toEqual(['client_id', 'post_logout_redirect_uri']);
    expect(url.href).not.toMatch(/eyJ/);
    expect(await ctx.db.selectFrom('sessions').selectAll().execute()).toEqual([]);

    // The demo IdP's page submits its form by script; a test posts it.
    const page = await b.get(logout.location ?? '');
    expect(page.status).toBe(200);
    expect(page.body).toContain('<script src="/dev-idp/assets/logout.js" defer></script>');
    const { action, fields } = b.form(page.body);
    const done = await b.post(new URL(action, page.url).href, { ...fields, logout: 'yes' });
    expect(done.status).toBe(303);
    expect(done.location?.startsWith(PORTAL)).toBe(true);

    // Signed out at the provider too: the silent check now finds nobody.
    const silent = await b.follow(await b.get('/auth/silent'));
    expect(silent.body).toContain('data-silent-sso="anonymous"');
    expect((await b.get('/api/me')).status).toBe(401);
  });

  it('silent check: another tab with the provider session is signed in without a click', async () => {
    const { browser } = await setup();
    const first = browser();
    await signIn(first, 'alice');
    const second = browser();
    first.shareCookies(idp.origin, second);
    const start = await second.get('/auth/silent');
    expect(new URL(start.location ?? '').searchParams.get('prompt')).toBe('none');
    const page = await second.follow(start);
    expect(page.status).toBe(200);
    expect(page.body).toContain('data-silent-sso="signed-in"');
    expect(JSON.parse((await second.get('/api/me')).body)).toMatchObject({ username: 'alice' });

    const stranger = browser();
    const nobody = await stranger.follow(await stranger.get('/auth/silent'));
    expect(nobody.body).toContain('data-silent-sso="anonymous"');
    expect((await stranger.get('/api/me')).status).toBe(401);
  });

  it('signing out at the provider ends the other portal sessions at their next refresh', async () => {
    const { ctx, clock, browser } = await setup();
    const first = browser();
    await signIn(first, 'alice');
    const second = browser();
    first.shareCookies(idp.origin, second);
    await second.follow(await second.get('/auth/silent'));
    expect((await second.get('/api/me')).status).toBe(200);

    const logout = await first.post('/auth/logout', {}, { origin: PORTAL });
    const page = await first.get(logout.location ?? '');
    const { action, fields } = first.form(page.body);
    await first.post(new URL(action, page.url).href, { ...fields, logout: 'yes' });

    clock.time += 10 * MINUTE;
    const me = await second.get('/api/me');
    expect(me.status).toBe(401);
    expect(me.setCookies.some((line) => line.startsWith('portal_session=;'))).toBe(true);
    expect(await ctx.db.selectFrom('sessions').selectAll().execute()).toEqual([]);
  });
});
