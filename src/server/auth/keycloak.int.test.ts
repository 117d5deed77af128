import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  keycloakAvailability,
  sharedKeycloak,
  type RunningKeycloak,
} from '../../../scripts/keycloak/keycloak.mjs';
import { bearer, createTestContext, type TestContext } from '../test-support/test-app.js';
import { createOidcClient, type OidcClient, type TokenSet } from './oidc-client.js';
import { createTestBrowser, type TestBrowser } from './test-support/test-browser.js';

// The sign-in against a real Keycloak with the realm file of the repository. It runs whenever
// this machine can provide Keycloak (Java 17+, and Maven or a cached copy); the first run
// downloads it from Maven Central (~170 MB) into ~/.cache/app-portal/keycloak.

const availability = keycloakAvailability();
if (!availability.ok) console.warn(`Skipping the Keycloak tests: ${availability.reason}.`);

/** One of the portal addresses the realm file allows (redirect and post-logout URIs). */
const PORTAL = 'http://127.0.0.1:18080';
const MINUTE = 60_000;

describe.skipIf(!availability.ok)('sign-in against a real Keycloak', () => {
  let keycloak: RunningKeycloak;
  beforeAll(async () => {
    keycloak = await sharedKeycloak({ log: (line) => console.info(line) });
    console.info(`Keycloak start: ${(keycloak.startupMs / 1000).toFixed(1)} s`);
  }, 480_000);
  afterAll(async () => {
    await keycloak?.stop();
  }, 60_000);

  let contexts: TestContext[] = [];
  afterEach(async () => {
    await Promise.all(contexts.map((ctx) => ctx.close()));
    contexts = [];
  });

  async function setup(oidc?: OidcClient) {
    const clock = { time: Date.now() };
    const ctx = await createTestContext({
      env: { PUBLIC_URL: PORTAL, OIDC_ISSUER: keycloak.issuer },
      deps: { now: () => clock.time, verifier: undefined, ...(oidc ? { oidc } : {}) },
    });
    contexts.push(ctx);
    return { ctx, clock, browser: () => createTestBrowser({ app: ctx.app, origin: PORTAL }) };
  }

  const isCallback = (response: { url: string }) =>
    response.url.startsWith(`${PORTAL}/auth/callback`);

  /** Fills in Keycloak's own login form, as a person would. */
  async function signIn(browser: TestBrowser, username: string) {
    const page = await browser.follow(await browser.get('/auth/login?returnTo=/apps'));
    expect(page.status).toBe(200);
    expect(page.url.startsWith(keycloak.url)).toBe(true);
    const { action, fields } = browser.form(page.body);
    expect(fields).toHaveProperty('username');
    const submitted = await browser.post(new URL(action, page.url).href, {
      ...fields,
      username,
      password: username,
    });
    const callback = await browser.follow(submitted, isCallback);
    expect(isCallback(callback)).toBe(true);
    return callback;
  }

  it('the realm allows only the code flow with PKCE S256 and exact redirect URIs', async () => {
    const authorize = (params: Record<string, string>) =>
      fetch(
        `${keycloak.issuer}/protocol/openid-connect/auth?${new URLSearchParams({
          client_id: 'app-portal',
          redirect_uri: `${PORTAL}/auth/callback`,
          response_type: 'code',
          scope: 'openid',
          state: 's',
          ...params,
        })}`,
        { redirect: 'manual' },
      );
    // Errors come back in the query, or in the fragment for implicit-flow requests.
    const errorOf = (response: Response) => {
      const location = new URL(response.headers.get('location') ?? 'http://x/');
      return (
        location.searchParams.get('error') ??
        new URLSearchParams(location.hash.slice(1)).get('error')
      );
    };

    const noPkce = await authorize({});
    expect(noPkce.status).toBe(302);
    expect(errorOf(noPkce)).toBe('invalid_request');
    const plain = await authorize({
      code_challenge: 'a'.repeat(43),
      code_challenge_method: 'plain',
    });
    expect(errorOf(plain)).toBe('invalid_request');
    const implicit = await authorize({ response_type: 'token', nonce: 'n' });
    expect(errorOf(implicit)).toBe('unauthorized_client');
    const elsewhere = await authorize({ redirect_uri: `${PORTAL}/auth/callback/../../evil` });
    expect(elsewhere.status).toBe(400);
    const password = await fetch(`${keycloak.issuer}/protocol/openid-connect/token`, {
      method: 'POST',
      body: new URLSearchParams({
        grant_type: 'password',
        client_id: 'app-portal',
        username: 'alice',
        password: 'alice',
      }),
    });
    expect(password.status).toBe(400);
    expect(await password.json()).toMatchObject({ error: 'unauthorized_client' });
  });

  it('signs alice in: groups with full paths, profile and a subject', async () => {
    const { ctx, browser } = await setup();
    const b = browser();
    const callback = await signIn(b, 'alice');
    expect(callback.status).toBe(303);
    expect(callback.location).toBe(`${PORTAL}/apps`);
    const me = await b.get('/api/me');
    expect(me.status).toBe(200);
    expect(JSON.parse(me.body)).toMatchObject({
      username: 'alice',
      name: 'Alice Archer',
      givenName: 'Alice',
      email: 'alice@example.edu',
      groups: ['genomics', 'staff'],
      roles: expect.arrayContaining(['default-roles-app-portal']),
      isAdmin: false,
    });
    const user = await ctx.db.selectFrom('kcUsers').selectAll().executeTakeFirstOrThrow();
    expect(user.subject).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('gives admin the portal-admin realm role and bob only /imaging', async () => {
    const { browser } = await setup();
    const admin = browser();
    await signIn(admin, 'admin');
    expect(JSON.parse((await admin.get('/api/me')).body)).toMatchObject({
      roles: expect.arrayContaining(['portal-admin']),
      isAdmin: true,
    });
    const bob = browser();
    await signIn(bob, 'bob');
    expect(JSON.parse((await bob.get('/api/me')).body)).toMatchObject({
      groups: ['imaging'],
      isAdmin: false,
    });
  });

  it('refreshes expired tokens at Keycloak', async () => {
    const { ctx, clock, browser } = await setup();
    const b = browser();
    await signIn(b, 'alice');
    const expiry = async () =>
      (await ctx.db.selectFrom('sessions').select('accessTokenExpiresAt').executeTakeFirstOrThrow())
        .accessTokenExpiresAt;
    const before = await expiry();
    clock.time += 10 * MINUTE;
    const me = await b.get('/api/me');
    expect(me.status).toBe(200);
    expect(JSON.parse(me.body)).toMatchObject({ groups: ['genomics', 'staff'] });
    expect(await expiry()).toBeGreaterThan(before);
  });

  it('signs another tab in silently (prompt=none), and nobody without a Keycloak session', async () => {
    const { browser } = await setup();
    const first = browser();
    await signIn(first, 'alice');
    const second = browser();
    first.shareCookies(keycloak.url, second);
    const page = await second.follow(await second.get('/auth/silent'));
    expect(page.body).toContain('data-silent-sso="signed-in"');
    expect(JSON.parse((await second.get('/api/me')).body)).toMatchObject({ username: 'alice' });

    const stranger = browser();
    const nobody = await stranger.follow(await stranger.get('/auth/silent'));
    expect(nobody.body).toContain('data-silent-sso="anonymous"');
  });

  // Decision 0024: Keycloak's access token is a bearer token,
  // its ID token (first or refreshed) and its refresh token are not.
  it("accepts Keycloak's access tokens as bearer, refuses its ID and refresh tokens", async () => {
    const issued: TokenSet[] = [];
    const real = createOidcClient({
      issuer: keycloak.issuer,
      clientId: 'app-portal',
      clientSecret: undefined,
      redirectUri: `${PORTAL}/auth/callback`,
      clockToleranceSeconds: 30,
    });
    const { ctx, browser } = await setup({
      ...real,
      issuer: real.issuer,
      async exchangeCode(url, checks) {
        const tokens = await real.exchangeCode(url, checks);
        issued.push(tokens);
        return tokens;
      },
    });
    await signIn(browser(), 'alice');
    const [first] = issued;
    const refreshed = await real.refresh(first?.refreshToken ?? '');
    const call = (token: string) => ctx.app.inject({ url: '/api/me', headers: bearer(token) });
    for (const tokens of [first, refreshed]) {
      const accepted = await call(tokens?.accessToken ?? '');
      expect(accepted.statusCode).toBe(200);
      expect(accepted.json()).toMatchObject({ username: 'alice', groups: ['genomics', 'staff'] });
      for (const other of [tokens?.idToken ?? '', tokens?.refreshToken ?? '']) {
        const refused = await call(other);
        expect(refused.statusCode).toBe(401);
      }
    }
  });

  it('signs out of Keycloak too, and comes back to PUBLIC_URL', async () => {
    const { browser } = await setup();
    const b = browser();
    await signIn(b, 'alice');
    const logout = await b.post('/auth/logout', {}, { origin: PORTAL });
    expect(logout.status).toBe(303);
    const url = new URL(logout.location ?? '');
    expect(url.href.startsWith(`${keycloak.issuer}/protocol/openid-connect/logout`)).toBe(true);
    expect(url.searchParams.get('client_id')).toBe('app-portal');
    expect(url.searchParams.get('post_logout_redirect_uri')).toBe(PORTAL);
    // No token in the URL (decision 0024): Keycloak asks the user to confirm instead.
    expect(url.searchParams.has('id_token_hint')).toBe(false);
    expect(url.href).not.toMatch(/eyJ/);
    const confirm = await b.get(logout.location ?? '');
    expect(confirm.status).toBe(200);
    const { action, fields } = b.form(confirm.body);
    const done = await b.post(new URL(action, confirm.url).href, {
      ...fields,
      confirmLogout: fields.confirmLogout ?? 'Logout',
    });
    expect(done.status).toBe(302);
    expect(done.location?.startsWith(PORTAL)).toBe(true);

    expect((await b.get('/api/me')).status).toBe(401);
    const silent = await b.follow(await b.get('/auth/silent'));
    expect(silent.body).toContain('data-silent-sso="anonymous"');
  });
});
