import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../config/load-config.js';
import { freePort } from '../../../scripts/lib/net.mjs';
import { runMain, PROCESS_TEST_TIMEOUT_MS } from '../test-support/run-main.js';
import { createTestBrowser } from '../auth/test-support/test-browser.js';
import { createTestContext, type TestContext } from '../test-support/test-app.js';
import { DEMO_USERS, keycloakShapedClaims } from './demo-users.js';
import { createDevIdp, DevIdpRefusedError, resolveIdentityProvider } from './dev-idp.js';

// Each test starts the real server in a child process (TypeScript compiled on the fly).
vi.setConfig({ testTimeout: PROCESS_TEST_TIMEOUT_MS });

let cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
  cleanups = [];
});

describe('the demo identity provider', () => {
  it('refuses to run in production or off loopback, saying what to do instead', () => {
    const create = (options: { nodeEnv?: string; host?: string; publicUrl?: string }) => () =>
      createDevIdp({
        publicUrl: options.publicUrl ?? 'http://localhost:8080',
        clientId: 'app-portal',
        nodeEnv: options.nodeEnv ?? 'development',
        host: options.host ?? '127.0.0.1',
      });
    expect(create({ nodeEnv: 'production' })).toThrow(DevIdpRefusedError);
    expect(create({ nodeEnv: 'production' })).toThrow(/NODE_ENV=production/);
    expect(create({ nodeEnv: 'production' })).toThrow(/Set OIDC_ISSUER/);
    for (const host of ['0.0.0.0', '::', '192.168.1.10', 'portal.example.edu']) {
      expect(create({ host })).toThrow(/HOST .* is not a loopback address/);
    }
    expect(create({ publicUrl: 'https://portal.example.edu' })).toThrow(
      /PUBLIC_URL .* is not a loopback address/,
    );
    for (const host of ['127.0.0.1', 'localhost', '::1', '[::1]', '127.1.2.3']) {
      expect(create({ host })).not.toThrow();
    }
  });

  it('runs only when explicitly allowed with DEMO_IDP=true and no issuer is configured', () => {
    const configured = loadConfig({
      OIDC_ISSUER: 'https://sso.example.edu/realms/app-portal',
      DEMO_IDP: 'true',
    });
    expect(resolveIdentityProvider(configured).devIdp).toBeUndefined();

    // The safe default: no provider at all, nobody signs in.
    const none = resolveIdentityProvider(loadConfig({ PORT: '8123' }));
    expect(none.devIdp).toBeUndefined();
    expect(none.config.oidc.issuer).toBeUndefined();

    const local = loadConfig({ PORT: '8123', OIDC_CLIENT_SECRET: 'ignored', DEMO_IDP: 'true' });
    const { config, devIdp } = resolveIdentityProvider(local);
    expect(devIdp?.issuer).toBe('http://localhost:8123/dev-idp');
    expect(config.oidc.issuer).toBe('http://localhost:8123/dev-idp');
    expect(config.oidc.clientSecret).toBeUndefined();
    expect(devIdp?.banner()).toMatch(/alice .*password "alice".*\/genomics, \/staff/);
    expect(devIdp?.banner()).toContain('WARNING: DEMO_IDP=true');

    expect(() =>
      resolveIdentityProvider(loadConfig({ NODE_ENV: 'production', DEMO_IDP: 'true' })),
    ).toThrow(DevIdpRefusedError);
    expect(() =>
      resolveIdentityProvider(loadConfig({ HOST: '0.0.0.0', DEMO_IDP: 'true' })),
    ).toThrow(DevIdpRefusedError);
  });

  it('answers only loopback peers and never trusts X-Forwarded-* headers', async () => {
    const devIdp = createDevIdp({
      publicUrl: 'http://127.0.0.1:8080',
      clientId: 'app-portal',
      nodeEnv: 'development',
      host: '127.0.0.1',
    });
    const ctx = await createTestContext({
      env: { PUBLIC_URL: 'http://127.0.0.1:8080', OIDC_ISSUER: devIdp.issuer },
      deps: { devIdp, verifier: undefined },
    });
    cleanups.push(() => ctx.close());
    const url = '/dev-idp/.well-known/openid-configuration';
    const remote = await ctx.app.inject({ url, remoteAddress: '203.0.113.7' });
    expect(remote.statusCode).toBe(404);
    const forwarded = await ctx.app.inject({
      url,
      headers: { 'x-forwarded-for': '127.0.0.1' },
      remoteAddress: '203.0.113.7',
    });
    expect(forwarded.statusCode).toBe(404);
    const local = await ctx.app.inject({
      url,
      headers: { 'x-forwarded-proto': 'https', 'x-forwarded-host': 'evil.example' },
    });
    expect(local.statusCode).toBe(200);
    expect(JSON.stringify(local.json())).not.toContain('evil.example');
  });

  it('has the demo users of the issue, with Keycloak-shaped claims', () => {
    const byName = Object.fromEntries(DEMO_USERS.map((user) => [user.username, user]));
    expect(Object.keys(byName)).toEqual(['alice', 'bob', 'admin']);
    expect(keycloakShapedClaims(byName.alice!)).toMatchObject({
      given_name: 'Alice',
      preferred_username: 'alice',
      email: 'alice@example.edu',
      user_groups: ['/genomics', '/staff'],
      realm_access: { roles: expect.not.arrayContaining(['portal-admin']) },
    });
    expect(keycloakShapedClaims(byName.bob!)).toMatchObject({ user_groups: ['/imaging'] });
    expect(keycloakShapedClaims(byName.admin!)).toMatchObject({
      realm_access: { roles: expect.arrayContaining(['portal-admin']) },
    });
    for (const user of DEMO_USERS) expect(user.password).toBe(user.username);
  });

  it('runs on the portal server (the npm start default) and signs alice in', async () => {
    const port = await freePort();
    const publicUrl = `http://127.0.0.1:${port}`;
    const { config, devIdp } = resolveIdentityProvider(
      loadConfig({ PUBLIC_URL: publicUrl, NODE_ENV: 'development', DEMO_IDP: 'true' }),
    );
    const ctx: TestContext = await createTestContext({
      env: { PUBLIC_URL: publicUrl, OIDC_ISSUER: config.oidc.issuer ?? '' },
      deps: { devIdp, verifier: undefined },
    });
    cleanups.push(() => ctx.close());
    // The portal fetches the provider's discovery and tokens from itself over HTTP.
    await ctx.app.listen({ port, host: '127.0.0.1' });

    const discovery = await ctx.app.inject({
      url: '/dev-idp/.well-known/openid-configuration',
      headers: { host: `127.0.0.1:${port}`, authorization: 'Bearer not-for-the-portal' },
    });
    expect(discovery.statusCode).toBe(200);
    expect(discovery.json()).toMatchObject({
      issuer: `${publicUrl}/dev-idp`,
      authorization_endpoint: `${publicUrl}/dev-idp/auth`,
      end_session_endpoint: `${publicUrl}/dev-idp/session/end`,
      code_challenge_methods_supported: ['S256'],
    });

    const browser = createTestBrowser({ app: ctx.app, origin: publicUrl });
    const page = await browser.follow(await browser.get('/auth/login?returnTo=/'));
    expect(page.status).toBe(200);
    expect(page.headers.get('content-security-policy')).toContain("script-src 'self'");
    const { action, fields } = browser.form(page.body);
    const done = await browser.follow(
      await browser.post(new URL(action, page.url).href, {
        ...fields,
        username: 'alice',
        password: 'alice',
      }),
      (response) => response.url.startsWith(`${publicUrl}/auth/callback`),
    );
    expect(done.location).toBe(`${publicUrl}/`);
    const me = await browser.get('/api/me');
    expect(JSON.parse(me.body)).toMatchObject({
      givenName: 'Alice',
      groups: ['genomics', 'staff'],
    });
  });

  it('makes the server exit with a clear message when asked for in production or off loopback', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'dev-idp-'));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    const production = await runMain({
      DATA_DIR: dir,
      DEMO_CATALOG: 'false',
      NODE_ENV: 'production',
      DEMO_IDP: 'true',
    });
    expect(production.code).toBe(1);
    expect(production.stderr).toContain('refuses to run when NODE_ENV=production');
    expect(production.stdout).not.toContain('is running at');
    const exposed = await runMain({
      DATA_DIR: dir,
      DEMO_CATALOG: 'false',
      HOST: '0.0.0.0',
      DEMO_IDP: 'true',
    });
    expect(exposed.code).toBe(1);
    expect(exposed.stderr).toContain('HOST (0.0.0.0) is not a loopback address');
  });

  it('is off by default: the server starts without sign-in and says so', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'dev-idp-'));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    const port = await freePort();
    const result = await runMain(
      { DATA_DIR: dir, DEMO_CATALOG: 'false', PORT: String(port) },
      { until: 'Sign-in is not configured' },
    );
    expect(result.stdout).toContain('Sign-in is not configured');
    expect(result.stdout).not.toContain('demo identity provider');
  });

  it('is listed with its demo accounts when the server starts', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'dev-idp-'));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    const port = await freePort();
    const result = await runMain(
      { DATA_DIR: dir, DEMO_CATALOG: 'false', PORT: String(port), DEMO_IDP: 'true' },
      { until: 'admin ' },
    );
    expect(result.stdout).toContain(`DEMO identity provider at http://localhost:${port}/dev-idp`);
    for (const user of ['alice', 'bob', 'admin']) {
      expect(result.stdout).toContain(`${user.padEnd(6)} password "${user}"`);
    }
  });
});
