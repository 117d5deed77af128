import { afterEach, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../test-support/test-app.js';
import { SILENT_SCRIPT_PATH } from './auth-pages.js';
import { IdpRefusedError, IdpUnavailableError } from './oidc-client.js';
import { createFakeOidc, FAKE_IDP, GOOD_CODE } from './test-support/fake-oidc.js';
import {
  cookieAttributes,
  createTestBrowser,
  type TestBrowser,
} from './test-support/test-browser.js';

const PORTAL = 'http://portal.test';
const MINUTE = 60_000;

const ALICE = {
  sub: 'alice-subject',
  preferred_username: 'alice',
  given_name: 'Alice',
  family_name: 'Archer',
  name: 'Alice Archer',
  email: 'alice@example.edu',
  user_groups: ['/genomics', '/staff'],
  realm_access: { roles: ['default-roles-app-portal'] },
};

interface Setup {
  ctx: TestContext;
  fake: ReturnType<typeof createFakeOidc>;
  browser: TestBrowser;
  clock: { time: number };
  origin: string;
}

let contexts: TestContext[] = [];
afterEach(async () => {
  await Promise.all(contexts.map((ctx) => ctx.close()));
  contexts = [];
});

async function setup(options: { publicUrl?: string } = {}): Promise<Setup> {
  const publicUrl = options.publicUrl ?? PORTAL;
  const fake = createFakeOidc(ALICE);
  const clock = { time: Date.parse('2026-03-01T10:00:00Z') };
  const ctx = await createTestContext({
    env: { PUBLIC_URL: publicUrl },
    deps: { oidc: fake.oidc, now: () => clock.time },
    apps: [
      { id: 'public-app', isPublic: true },
      { id: 'genomics-app', groups: ['genomics'] },
    ],
  });
  contexts.push(ctx);
  return {
    ctx,
    fake,
    clock,
    browser: createTestBrowser({ app: ctx.app, origin: publicUrl }),
    origin: publicUrl,
  };
}

/** /auth/login, then the provider's redirect back with a good code. */
async function signIn(s: Setup, returnTo = '/') {
  const start = await s.browser.get(`/auth/login?returnTo=${encodeURIComponent(returnTo)}`);
  expect(start.status).toBe(303);
  const state = new URL(start.location ?? '').searchParams.get('state') ?? '';
  const callbackUrl = `/auth/callback?code=${GOOD_CODE}&state=${encodeURIComponent(state)}`;
  const callback = await s.browser.get(callbackUrl);
  return { start, state, callback, callbackUrl };
}

const sessionCookie = (lines: string[]) => lines.find((line) => /portal_session=/.test(line));
const countSessions = async (s: Setup) =>
  (await s.ctx.db.selectFrom('sessions').selectAll().execute()).length;
const countStates = async (s: Setup) =>
  (await s.ctx.db.selectFrom('signOnStates').selectAll().execute()).length;
const sameOrigin = { origin: PORTAL };

describe('sign-in', () => {
  it('sends the browser to the provider with PKCE S256, state and nonce', async () => {
    const s = await setup();
    const start = await s.browser.get('/auth/login?returnTo=/');
    expect(start.status).toBe(303);
    const url = new URL(start.location ?? '');
    expect(url.origin + url.pathname).toBe(`${FAKE_IDP}/protocol/openid-connect/auth`);
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(url.searchParams.get('state')?.length).toBeGreaterThanOrEqual(43);
    expect(url.searchParams.get('nonce')).toBeTruthy();
    expect(url.searchParams.has('prompt')).toBe(false);
    expect(url.searchParams.get('ui_locales')).toBe('en');
    expect(start.headers.get('cache-control')).toBe('no-store');
    const flow = start.setCookies.find((line) => line.startsWith('portal_signin='));
    expect(cookieAttributes(flow ?? '')).toMatchObject({
      httponly: true,
      samesite: 'Lax',
      path: '/',
      'max-age': '3600',
    });
    expect(await countStates(s)).toBe(1);
  });

  it('creates a session and comes back to returnTo; the cookie is HttpOnly, Lax, path /', async () => {
    const s = await setup();
    const { callback } = await signIn(s, '/apps?category=genomics#top');
    expect(callback.status).toBe(303);
    expect(callback.location).toBe(`${PORTAL}/apps?category=genomics#top`);
    const line = sessionCookie(callback.setCookies) ?? '';
    const attributes = cookieAttributes(line);
    expect(attributes).toMatchObject({ httponly: true, samesite: 'Lax', path: '/' });
    expect(attributes.secure).toBeUndefined();
    expect(attributes['max-age']).toBeUndefined();

    const me = await s.browser.get('/api/me');
    expect(me.status).toBe(200);
    expect(JSON.parse(me.body)).toMatchObject({
      username: 'alice',
      givenName: 'Alice',
      groups: ['genomics', 'staff'],
      isAdmin: false,
    });
    expect(me.headers.get('cache-control')).toBe('no-store');

    // The database holds a digest of the id and sealed tokens, never the secrets themselves.
    const secret = s.browser.cookie(PORTAL, 'portal_session') ?? '';
    expect(Buffer.from(secret, 'base64url').length).toBeGreaterThanOrEqual(16);
    const [row] = await s.ctx.db.selectFrom('sessions').selectAll().execute();
    expect(row?.id).not.toBe(secret);
    expect(row?.tokens).not.toContain('access-1');
    expect(row?.tokens).not.toContain('refresh-1');
    expect(await countStates(s)).toBe(0);
  });

  it.each([
    'https://evil.example/',
    '//evil.example/',
    '/\\evil.example',
    '/..//evil.example',
    'javascript:alert(1)',
    '/auth/login',
  ])('never redirects away: returnTo=%j ends at /', async (returnTo) => {
    const s = await setup();
    const { callback } = await signIn(s, returnTo);
    expect(callback.status).toBe(303);
    expect(callback.location).toBe(`${PORTAL}/`);
  });

  it('a replayed callback creates nothing and says so', async () => {
    const s = await setup();
    const { callbackUrl } = await signIn(s);
    expect(await countSessions(s)).toBe(1);
    const replay = await s.browser.get(callbackUrl);
    expect(replay.status).toBe(400);
    expect(replay.headers.get('content-type')).toMatch(/text\/html/);
    expect(replay.body).toContain('already used');
    expect(sessionCookie(replay.setCookies)).toBeUndefined();
    expect(await countSessions(s)).toBe(1);
    expect(s.fake.calls.exchange).toBe(1);
  });

  it('a forged callback (unknown state) creates nothing; API clients get the JSON error', async () => {
    const s = await setup();
    const forged = await s.browser.get(`/auth/callback?code=${GOOD_CODE}&state=made-up`, {
      accept: 'application/json',
    });
    expect(forged.status).toBe(400);
    expect(JSON.parse(forged.body)).toEqual({
      status: 400,
      code: 'sign_in_invalid_link',
      message: expect.stringContaining('not valid'),
      data: { reason: 'unknown_state' },
    });
    const noState = await s.browser.get(`/auth/callback?code=${GOOD_CODE}`);
    expect(noState.status).toBe(400);
    expect(await countSessions(s)).toBe(0);
    expect(s.fake.calls.exchange).toBe(0);
  });

  it('sign-on state expires after 60 minutes', async () => {
    const s = await setup();
    const start = await s.browser.get('/auth/login');
    const state = new URL(start.location ?? '').searchParams.get('state') ?? '';
    s.clock.time += 60 * MINUTE;
    const late = await s.browser.get(`/auth/callback?code=${GOOD_CODE}&state=${state}`);
    expect(late.status).toBe(400);
    expect(late.body).toContain('expired');
    expect(sessionCookie(late.setCookies)).toBeUndefined();
    expect(await countSessions(s)).toBe(0);
    expect(s.fake.calls.exchange).toBe(0);
  });

  it('sign-on state is still good after 59 minutes', async () => {
    const s = await setup();
    const start = await s.browser.get('/auth/login');
    const state = new URL(start.location ?? '').searchParams.get('state') ?? '';
    s.clock.time += 59 * MINUTE;
    const callback = await s.browser.get(`/auth/callback?code=${GOOD_CODE}&state=${state}`);
    expect(callback.status).toBe(303);
    expect(await countSessions(s)).toBe(1);
  });

  it('old sign-on state is purged when new sign-ins start', async () => {
    const s = await setup();
    await s.browser.get('/auth/login');
    s.clock.time += 61 * MINUTE;
    await s.browser.get('/auth/login');
    expect(await countStates(s)).toBe(1);
  });

  it('a callback in another browser (login CSRF) creates nothing', async () => {
    const s = await setup();
    const start = await s.browser.get('/auth/login');
    const state = new URL(start.location ?? '').searchParams.get('state') ?? '';
    const victim = createTestBrowser({ app: s.ctx.app, origin: PORTAL });
    const response = await victim.get(`/auth/callback?code=${GOOD_CODE}&state=${state}`);
    expect(response.status).toBe(400);
    expect(response.body).toContain('another browser');
    expect(await countSessions(s)).toBe(0);
  });

  it('state is used up even when the code exchange fails', async () => {
    const s = await setup();
    const start = await s.browser.get('/auth/login');
    const state = new URL(start.location ?? '').searchParams.get('state') ?? '';
    const bad = await s.browser.get(`/auth/callback?code=stolen&state=${state}`);
    expect(bad.status).toBe(400);
    const retry = await s.browser.get(`/auth/callback?code=${GOOD_CODE}&state=${state}`);
    expect(retry.status).toBe(400);
    expect(retry.body).toContain('already used');
    expect(await countSessions(s)).toBe(0);
  });

  it('cancelling at the provider goes back to returnTo, still signed out', async () => {
    const s = await setup();
    const start = await s.browser.get('/auth/login?returnTo=/apps');
    const state = new URL(start.location ?? '').searchParams.get('state') ?? '';
    const back = await s.browser.get(`/auth/callback?error=access_denied&state=${state}`);
    expect(back.status).toBe(303);
    expect(back.location).toBe(`${PORTAL}/apps`);
    expect(await countSessions(s)).toBe(0);
  });

  it('with the provider down, sign-in shows a clear message and stores nothing', async () => {
    const s = await setup();
    s.fake.behaviour.down = new IdpUnavailableError('connection refused');
    const page = await s.browser.get('/auth/login?returnTo=/apps');
    expect(page.status).toBe(503);
    expect(page.body).toContain('The sign-in service is unavailable right now');
    expect(page.body).toContain('href="/apps"');
    const json = await s.browser.get('/auth/login', { accept: 'application/json' });
    expect(JSON.parse(json.body)).toMatchObject({ status: 503 });
    expect(await countStates(s)).toBe(0);
  });

  it('a new sign-in replaces the session this browser had', async () => {
    const s = await setup();
    await signIn(s);
    const first = s.browser.cookie(PORTAL, 'portal_session');
    await signIn(s);
    expect(s.browser.cookie(PORTAL, 'portal_session')).not.toBe(first);
    expect(await countSessions(s)).toBe(1);
  });

  it("asks the provider for its pages in the visitor's language (ui_locales)", async () => {
    const s = await setup();
    for (const [headers, language] of [
      [{ 'accept-language': 'de-DE,de;q=0.9' }, 'de'],
      [{ 'accept-language': 'de', cookie: 'lang=ar' }, 'ar'],
    ] as const) {
      const start = await s.ctx.app.inject({ url: '/auth/login?returnTo=/', headers });
      expect(start.statusCode).toBe(303);
      expect(new URL(String(start.headers.location)).searchParams.get('ui_locales')).toBe(language);
    }
  });

  it('answers 503 when no identity provider is configured', async () => {
    const ctx = await createTestContext({ env: { OIDC_ISSUER: '', PUBLIC_URL: PORTAL } });
    contexts.push(ctx);
    const response = await ctx.app.inject({
      url: '/auth/login',
      headers: { accept: 'application/json' },
    });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toMatchObject({ message: 'Sign-in is not configured on this portal.' });
  });
});

describe('silent sign-in check', () => {
  const resultOf = (body: string) => /data-silent-sso="([^"]+)"/.exec(body)?.[1];

  it('leaves a sign-in started meanwhile on a first visit working, whichever answer comes last', async () => {
    // A first visit: the page's silent check and a quick "Sign in" click both start without a
    // key, and the check's answer is the last one the browser takes in. The sign-in still
    // completes (it failed with "other_browser" when both shared one cookie); so does the check.
    const s = await setup();
    const checkTab = createTestBrowser({ app: s.ctx.app, origin: s.origin });
    const login = await s.browser.get('/auth/login?returnTo=/');
    const check = await checkTab.get('/auth/silent');
    for (const name of ['portal_signin', 'portal_signin_silent']) {
      const value = checkTab.cookie(PORTAL, name);
      if (value !== undefined) s.browser.setCookie(PORTAL, name, value);
    }
    const stateOf = (response: { location?: string }) =>
      new URL(response.location ?? '').searchParams.get('state') ?? '';
    const signedIn = await s.browser.get(
      `/auth/callback?code=${GOOD_CODE}&state=${encodeURIComponent(stateOf(login))}`,
    );
    expect(signedIn.status).toBe(303);
    expect(signedIn.location).toBe(`${PORTAL}/`);
    expect(sessionCookie(signedIn.setCookies)).toBeDefined();
    const checked = await s.browser.get(
      `/auth/callback?error=login_required&state=${encodeURIComponent(stateOf(check))}`,
    );
    expect(resultOf(checked.body)).toBe('anonymous');
  });

  it('asks with prompt=none and reports signed-in through a page without inline script', async () => {
    const s = await setup();
    const start = await s.browser.get('/auth/silent');
    expect(start.status).toBe(303);
    const url = new URL(start.location ?? '');
    expect(url.searchParams.get('prompt')).toBe('none');
    const state = url.searchParams.get('state') ?? '';
    const page = await s.browser.get(`/auth/callback?code=${GOOD_CODE}&state=${state}`, {
      'sec-fetch-dest': 'iframe',
    });
    expect(page.status).toBe(200);
    expect(resultOf(page.body)).toBe('signed-in');
    expect(sessionCookie(page.setCookies)).toBeDefined();
    expect(page.body).toContain(`<script src="${SILENT_SCRIPT_PATH}" defer></script>`);
    expect(page.body).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
    expect(page.headers.get('content-security-policy')).toContain("frame-ancestors 'self'");

    const script = await s.browser.get(SILENT_SCRIPT_PATH);
    expect(script.headers.get('content-type')).toMatch(/^text\/javascript/);
    expect(script.body).toContain('postMessage');
    expect(script.body).toContain('window.location.origin');

    const again = await s.browser.get('/auth/silent');
    expect(again.status).toBe(200);
    expect(resultOf(again.body)).toBe('signed-in');
  });

  it('reports anonymous when nobody is signed in at the provider, and creates nothing', async () => {
    const s = await setup();
    const start = await s.browser.get('/auth/silent');
    const state = new URL(start.location ?? '').searchParams.get('state') ?? '';
    const page = await s.browser.get(`/auth/callback?error=login_required&state=${state}`);
    expect(page.status).toBe(200);
    expect(resultOf(page.body)).toBe('anonymous');
    expect(sessionCookie(page.setCookies)).toBeUndefined();
    expect(await countSessions(s)).toBe(0);
  });

  it('reports unavailable when the provider is down, error for a forged callback', async () => {
    const s = await setup();
    s.fake.behaviour.down = new IdpUnavailableError('timeout');
    expect(resultOf((await s.browser.get('/auth/silent')).body)).toBe('unavailable');
    const forged = await s.browser.get('/auth/callback?code=x&state=forged', {
      'sec-fetch-dest': 'iframe',
    });
    expect(forged.status).toBe(200);
    expect(resultOf(forged.body)).toBe('error');
  });
});

describe('session refresh', () => {
  it('does not refresh while the access token has more than a minute left', async () => {
    const s = await setup();
    await signIn(s);
    s.clock.time += 3 * MINUTE + 59_000;
    expect((await s.browser.get('/api/me')).status).toBe(200);
    expect(s.fake.calls.refresh).toBe(0);
  });

  it('refreshes an expired access token and re-syncs name, groups and roles', async () => {
    const s = await setup();
    await signIn(s);
    s.fake.behaviour.claims = {
      ...ALICE,
      given_name: 'Alicia',
      name: 'Alicia Archer',
      user_groups: ['/imaging'],
      realm_access: { roles: ['portal-admin'] },
    };
    s.clock.time += 10 * MINUTE;
    const me = await s.browser.get('/api/me');
    expect(me.status).toBe(200);
    expect(JSON.parse(me.body)).toMatchObject({
      givenName: 'Alicia',
      name: 'Alicia Archer',
      groups: ['imaging'],
      roles: ['portal-admin'],
      isAdmin: true,
    });
    expect(s.fake.calls.refresh).toBe(1);
    const user = await s.ctx.db.selectFrom('kcUsers').selectAll().executeTakeFirst();
    expect(user).toMatchObject({ givenName: 'Alicia', groups: '["imaging"]' });
    await s.browser.get('/api/me');
    expect(s.fake.calls.refresh).toBe(1);
  });

  it('refreshes once for simultaneous requests', async () => {
    const s = await setup();
    await signIn(s);
    s.clock.time += 10 * MINUTE;
    const answers = await Promise.all([1, 2, 3].map(() => s.browser.get('/api/me')));
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200]);
    expect(s.fake.calls.refresh).toBe(1);
  });

  it('a refused refresh ends the session: anonymous again and the cookie is cleared', async () => {
    const s = await setup();
    await signIn(s);
    s.fake.behaviour.refreshError = new IdpRefusedError('invalid_grant');
    s.clock.time += 10 * MINUTE;
    const me = await s.browser.get('/api/me');
    expect(me.status).toBe(401);
    const cleared = sessionCookie(me.setCookies) ?? '';
    expect(cleared).toMatch(/^portal_session=;/);
    expect(await countSessions(s)).toBe(0);
    expect((await s.browser.get('/api/apps')).status).toBe(200);
    expect(s.fake.calls.refresh).toBe(1);
  });

  it('an unreachable provider at refresh time: anonymous for now, the session is kept', async () => {
    const s = await setup();
    await signIn(s);
    s.fake.behaviour.refreshError = new IdpUnavailableError('connection refused');
    s.clock.time += 10 * MINUTE;
    const me = await s.browser.get('/api/me');
    expect(me.status).toBe(401);
    expect(sessionCookie(me.setCookies)).toBeUndefined();
    expect(await countSessions(s)).toBe(1);
    s.fake.behaviour.refreshError = undefined;
    // Backing off: the provider is not asked again at once.
    expect((await s.browser.get('/api/me')).status).toBe(401);
    expect(s.fake.calls.refresh).toBe(1);
    s.clock.time += 6000;
    expect((await s.browser.get('/api/me')).status).toBe(200);
    expect(s.fake.calls.refresh).toBe(2);
  });

  it('a hanging provider: requests wait briefly, the session survives, the late answer is kept', async () => {
    const s = await setup();
    await signIn(s);
    let answer: () => void = () => undefined;
    s.fake.behaviour.refreshGate = new Promise<void>((resolve) => (answer = resolve));
    s.clock.time += 10 * MINUTE;
    const started = Date.now();
    const waiting = await Promise.all([1, 2, 3].map(() => s.browser.get('/api/me')));
    expect(Date.now() - started).toBeLessThan(4000);
    expect(waiting.map((r) => r.status)).toEqual([401, 401, 401]);
    expect(waiting.every((r) => sessionCookie(r.setCookies) === undefined)).toBe(true);
    expect(s.fake.calls.refresh).toBe(1);
    // The provider answers late: the rotated tokens are stored, nobody is signed out.
    s.fake.behaviour.refreshGate = undefined;
    answer();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect((await s.browser.get('/api/me')).status).toBe(200);
    expect(s.fake.calls.refresh).toBe(1);
    expect(await countSessions(s)).toBe(1);
  });

  it('refreshes in the background shortly before expiry, answering at once', async () => {
    const s = await setup();
    await signIn(s);
    s.clock.time += 4 * MINUTE + 15_000; // 45 s before the 5-minute token expires
    expect((await s.browser.get('/api/me')).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(s.fake.calls.refresh).toBe(1);
    s.clock.time += 2 * MINUTE;
    expect((await s.browser.get('/api/me')).status).toBe(200);
    expect(s.fake.calls.refresh).toBe(1);
  });

  it('ends sessions after 12 hours without asking the provider', async () => {
    const s = await setup();
    await signIn(s);
    s.clock.time += 12 * 60 * MINUTE;
    expect((await s.browser.get('/api/me')).status).toBe(401);
    expect(s.fake.calls.refresh).toBe(0);
    expect(await countSessions(s)).toBe(0);
  });
});

describe('cross-site request forgery', () => {
  const refusals: [string, Record<string, string>][] = [
    ['no Origin and no Sec-Fetch-Site', {}],
    ['a foreign Origin', { origin: 'https://evil.example' }],
    ['Sec-Fetch-Site cross-site', { 'sec-fetch-site': 'cross-site' }],
    ['Sec-Fetch-Site same-site', { 'sec-fetch-site': 'same-site' }],
    ['the opaque origin', { origin: 'null' }],
  ];

  it.each(refusals)(
    'refuses cookie-authenticated PUT and DELETE with %s',
    async (_label, headers) => {
      const s = await setup();
      await signIn(s);
      for (const method of ['PUT', 'DELETE']) {
        const response = await s.browser.request(method, '/api/me/favorites/genomics-app', {
          headers,
        });
        expect(response.status).toBe(403);
        expect(JSON.parse(response.body)).toEqual({
          status: 403,
          code: 'cross_site_request',
          message: expect.stringContaining("did not come from the portal's own pages"),
          data: {},
        });
      }
      const me = JSON.parse((await s.browser.get('/api/me')).body) as { favorites: unknown[] };
      expect(me.favorites).toEqual([]);
    },
  );

  it.each(refusals)(
    'refuses a cookie-authenticated PUT of the whole favorites list with %s',
    async (_label, headers) => {
      const s = await setup();
      await signIn(s);
      const response = await s.browser.request('PUT', '/api/me/favorites', { headers });
      expect(response.status).toBe(403);
      expect(JSON.parse(response.body)).toMatchObject({ status: 403 });
    },
  );

  it('accepts the same requests from the portal itself', async () => {
    const s = await setup();
    await signIn(s);
    const put = await s.browser.request('PUT', '/api/me/favorites/genomics-app', {
      headers: sameOrigin,
    });
    expect(put.status).toBe(200);
    expect(JSON.parse(put.body).favorites).toHaveLength(1);
    const del = await s.browser.request('DELETE', '/api/me/favorites/genomics-app', {
      headers: { 'sec-fetch-site': 'same-origin' },
    });
    expect(del.status).toBe(200);
  });

  it('does not apply to bearer requests, even with a session cookie', async () => {
    const s = await setup();
    await signIn(s);
    const token = await s.ctx.issuer.tokenFor('bob', ['/genomics']);
    const response = await s.browser.request('PUT', '/api/me/favorites/genomics-app', {
      headers: { authorization: `Bearer ${token}`, origin: 'https://evil.example' },
    });
    expect(response.status).toBe(200);
    expect(JSON.parse(response.body)).toMatchObject({ username: 'bob' });
  });

  it('refuses a cross-site sign-out, with or without a session', async () => {
    const s = await setup();
    const anonymous = await s.browser.post('/auth/logout', {}, { origin: 'https://evil.example' });
    expect(anonymous.status).toBe(403);
    await signIn(s);
    const forged = await s.browser.post('/auth/logout', {}, { 'sec-fetch-site': 'cross-site' });
    expect(forged.status).toBe(403);
    expect((await s.browser.get('/api/me')).status).toBe(200);
  });
});

describe('sign-out', () => {
  it("ends the session and redirects to the provider's logout with the right parameters", async () => {
    const s = await setup();
    await signIn(s);
    const response = await s.browser.post('/auth/logout', {}, sameOrigin);
    expect(response.status).toBe(303);
    const url = new URL(response.location ?? '');
    expect(url.origin + url.pathname).toBe(`${FAKE_IDP}/protocol/openid-connect/logout`);
    // No id_token_hint: no token that could be replayed ever travels in a URL (finding 3).
    expect(Object.fromEntries(url.searchParams)).toEqual({
      client_id: 'app-portal',
      post_logout_redirect_uri: PORTAL,
    });
    expect(sessionCookie(response.setCookies)).toMatch(/^portal_session=;/);
    expect(await countSessions(s)).toBe(0);
    expect((await s.browser.get('/api/me')).status).toBe(401);
  });

  it('answers JSON to fetch callers', async () => {
    const s = await setup();
    await signIn(s);
    const response = await s.browser.request('POST', '/auth/logout', {
      headers: { ...sameOrigin, accept: 'application/json' },
    });
    expect(response.status).toBe(200);
    const { redirectTo } = JSON.parse(response.body) as { redirectTo: string };
    expect(new URL(redirectTo).searchParams.get('client_id')).toBe('app-portal');
    for (const token of ['id-1', 'access-1', 'refresh-1']) expect(redirectTo).not.toContain(token);
  });

  it('without a session, still ends the provider session (no id_token_hint)', async () => {
    const s = await setup();
    const response = await s.browser.post('/auth/logout', {}, sameOrigin);
    expect(response.status).toBe(303);
    const url = new URL(response.location ?? '');
    expect(url.searchParams.has('id_token_hint')).toBe(false);
    expect(url.searchParams.get('post_logout_redirect_uri')).toBe(PORTAL);
  });
});

describe('on an https portal', () => {
  it('uses Secure __Host- cookies and sends HSTS', async () => {
    const s = await setup({ publicUrl: 'https://portal.example.edu' });
    const { start, callback } = await signIn(s);
    expect(
      cookieAttributes(start.setCookies.find((l) => l.startsWith('__Host-portal_signin=')) ?? ''),
    ).toMatchObject({ secure: true, path: '/' });
    const line = callback.setCookies.find((l) => l.startsWith('__Host-portal_session=')) ?? '';
    expect(cookieAttributes(line)).toMatchObject({
      secure: true,
      httponly: true,
      samesite: 'Lax',
      path: '/',
    });
    const me = await s.browser.get('/api/me');
    expect(me.status).toBe(200);
    expect(me.headers.get('strict-transport-security')).toMatch(/max-age=\d+/);
    expect(me.headers.get('content-security-policy')).toContain('upgrade-insecure-requests');
  });
});
