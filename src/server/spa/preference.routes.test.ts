import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
// The real renderer (what dist/ssr is built from), as in page.routes.test.ts.
// eslint-disable-next-line no-restricted-imports
import { render } from '../../web/entry-server.js';
import { bearer, createTestContext, type TestContext } from '../test-support/test-app.js';

const PORTAL = 'http://portal.test';

const TEMPLATE = `<!doctype html>
<html lang="en">
  <head><title>App Portal</title></head>
  <body>
    <div id="root"></div>
  </body>
</html>
`;

let ctx: TestContext;
let webRoot: string;

beforeEach(async () => {
  webRoot = mkdtempSync(join(tmpdir(), 'theme-routes-'));
  writeFileSync(join(webRoot, 'index.html'), TEMPLATE);
  ctx = await createTestContext({
    apps: [{ id: 'galaxy', isPublic: true, name: 'Galaxy' }],
    env: { PUBLIC_URL: PORTAL },
    deps: { webRoot, renderPage: render },
  });
});

afterEach(async () => {
  await ctx.close();
  rmSync(webRoot, { recursive: true, force: true });
});

const htmlTag = (html: string) => /<html[^>]*>/.exec(html)?.[0];
const withTheme = (value: string) => ({ cookie: `theme=${value}` });

/** A preference form posted to `path`, from the portal's own pages unless `headers` say else. */
const postForm = (
  path: string,
  body: string,
  headers: Record<string, string> = { origin: PORTAL },
) =>
  ctx.app.inject({
    method: 'POST',
    url: path,
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    payload: body,
  });

describe('the chosen theme on the server-rendered pages', () => {
  it('puts the chosen theme on <html> of the home page, so the first paint has it', async () => {
    const dark = await ctx.app.inject({ url: '/', headers: withTheme('dark') });
    expect(htmlTag(dark.body)).toBe(
      '<html lang="en" dir="ltr" data-theme="dark" data-density="comfortable">',
    );
    const light = await ctx.app.inject({ url: '/', headers: withTheme('light') });
    expect(htmlTag(light.body)).toBe(
      '<html lang="en" dir="ltr" data-theme="light" data-density="comfortable">',
    );
  });

  it('names no theme without a choice, for "system" and for values it does not know', async () => {
    for (const headers of [
      {},
      withTheme('system'),
      withTheme('synthwave'),
      withTheme('dark%22%20onload%3D%22x'),
      withTheme('"dark"'),
    ]) {
      const response = await ctx.app.inject({ url: '/', headers });
      expect(response.statusCode).toBe(200);
      expect(htmlTag(response.body)).toBe('<html lang="en" dir="ltr" data-density="comfortable">');
    }
  });

  it('keeps one cached public page per theme: own ETags, 304 only for the same theme', async () => {
    const none = await ctx.app.inject({ url: '/' });
    const dark = await ctx.app.inject({ url: '/', headers: withTheme('dark') });
    expect(none.headers.vary).toMatch(/cookie/i);
    expect(dark.headers.vary).toMatch(/cookie/i);
    expect(dark.headers.etag).not.toBe(none.headers.etag);

    const again = await ctx.app.inject({
      url: '/',
      headers: { ...withTheme('dark'), 'if-none-match': String(dark.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
    // A page cached for another theme is not the one this visitor should see.
    const switched = await ctx.app.inject({
      url: '/',
      headers: { ...withTheme('light'), 'if-none-match': String(dark.headers.etag) },
    });
    expect(switched.statusCode).toBe(200);
    expect(htmlTag(switched.body)).toBe(
      '<html lang="en" dir="ltr" data-theme="light" data-density="comfortable">',
    );
    // And the page without a choice is still the one without a theme.
    const plain = await ctx.app.inject({ url: '/' });
    expect(htmlTag(plain.body)).toBe('<html lang="en" dir="ltr" data-density="comfortable">');
    expect(plain.headers.etag).toBe(none.headers.etag);
  });

  it("renders a signed-in user's page in their theme", async () => {
    const token = await ctx.issuer.tokenFor('alice', []);
    const response = await ctx.app.inject({
      url: '/',
      headers: { ...bearer(token), ...withTheme('dark') },
    });
    expect(response.headers['cache-control']).toBe('private, no-store');
    expect(htmlTag(response.body)).toBe(
      '<html lang="en" dir="ltr" data-theme="dark" data-density="comfortable">',
    );
  });

  it('themes the shell of /admin and the 404 page too, varying on the cookie', async () => {
    const admin = await ctx.app.inject({ url: '/admin', headers: withTheme('dark') });
    expect(htmlTag(admin.body)).toBe(
      '<html lang="en" dir="ltr" data-theme="dark" data-density="comfortable">',
    );
    expect(admin.headers.vary).toMatch(/cookie/i);
    const plainAdmin = await ctx.app.inject({ url: '/admin' });
    expect(htmlTag(plainAdmin.body)).toBe('<html lang="en" dir="ltr" data-density="comfortable">');

    const missing = await ctx.app.inject({ url: '/no-such-page', headers: withTheme('light') });
    expect(missing.statusCode).toBe(404);
    expect(htmlTag(missing.body)).toBe(
      '<html lang="en" dir="ltr" data-theme="light" data-density="comfortable">',
    );
    expect(missing.headers.vary).toMatch(/cookie/i);
  });

  it("writes the sign-in problem pages in the visitor's language", async () => {
    const response = await ctx.app.inject({
      url: '/auth/login',
      headers: { accept: 'text/html', 'accept-language': 'de' },
    });
    expect(htmlTag(response.body)).toBe('<html lang="de" dir="ltr">');
    expect(response.body).toContain('<title>Problem bei der Anmeldung</title>');
    // The test portal's identity provider cannot be reached.
    expect(response.body).toContain('Der Anmeldedienst ist gerade nicht erreichbar.');
    expect(response.body).toContain('>Erneut anmelden</a>');
    expect(response.body).toContain('>Zurück zum Portal</a>');
    const arabic = await ctx.app.inject({
      url: '/auth/login',
      headers: { accept: 'text/html', cookie: 'lang=ar' },
    });
    expect(htmlTag(arabic.body)).toBe('<html lang="ar" dir="rtl">');
    // API clients keep the English message, with the code.
    const json = await ctx.app.inject({
      url: '/auth/login',
      headers: { accept: 'application/json', 'accept-language': 'de' },
    });
    expect(json.json()).toEqual({
      status: 503,
      code: 'sign_in_unavailable',
      message: 'The sign-in service is unavailable right now. Please try again in a moment.',
      data: {},
    });
  });

  it('themes the sign-in problem pages', async () => {
    const response = await ctx.app.inject({
      url: '/auth/login',
      headers: { ...withTheme('dark'), accept: 'text/html' },
    });
    expect(response.headers['content-type']).toMatch(/text\/html/);
    expect(htmlTag(response.body)).toBe('<html lang="en" dir="ltr" data-theme="dark">');
    const plain = await ctx.app.inject({ url: '/auth/login', headers: { accept: 'text/html' } });
    expect(htmlTag(plain.body)).toBe('<html lang="en" dir="ltr">');
    // Both themes are in its stylesheet: the system's dark unless light was chosen.
    expect(plain.body).toContain(
      '@media (prefers-color-scheme:dark){:root:not([data-theme=light])',
    );
  });
});

describe('POST /theme (the theme menu without JavaScript)', () => {
  const form = (body: string, headers?: Record<string, string>) =>
    postForm('/theme', body, headers);

  it('sets a long-lived, script-readable, Lax cookie and goes back to the page', async () => {
    const response = await form('theme=dark&returnTo=%2F%3Fq%3Dgalaxy');
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe('/?q=galaxy');
    const cookie = String(response.headers['set-cookie']);
    expect(cookie).toMatch(/^theme=dark;/);
    expect(cookie).toContain('Max-Age=31536000');
    expect(cookie).toContain('Path=/');
    expect(cookie).toContain('SameSite=Lax');
    expect(cookie).not.toMatch(/HttpOnly/i);

    const system = await form('theme=system');
    expect(system.statusCode).toBe(303);
    expect(system.headers.location).toBe('/');
    expect(String(system.headers['set-cookie'])).toMatch(/^theme=system;/);
  });

  it('never redirects off the portal', async () => {
    for (const target of ['https://evil.example/', '//evil.example/', '/\\evil.example', 'x']) {
      const response = await form(`theme=light&returnTo=${encodeURIComponent(target)}`);
      expect(response.statusCode).toBe(303);
      expect(response.headers.location).toBe('/');
    }
  });

  it('refuses an unknown theme with a clear error and sets nothing', async () => {
    for (const body of ['theme=synthwave', '', 'returnTo=%2F']) {
      const response = await form(body);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ status: 400 });
      expect(response.json<{ message: string }>().message).toContain('system, light, dark');
      expect(response.headers['set-cookie']).toBeUndefined();
    }
  });

  it('refuses requests from other sites and sets nothing', async () => {
    for (const headers of [
      { origin: 'https://evil.example' } as Record<string, string>,
      { 'sec-fetch-site': 'cross-site' },
      {},
    ]) {
      const response = await form('theme=dark', headers);
      expect(response.statusCode).toBe(403);
      expect(response.headers['set-cookie']).toBeUndefined();
    }
  });
});

describe('the chosen density (docs/web.md, "Density")', () => {
  const withDensity = (value: string) => ({ cookie: `density=${value}` });
  const form = (body: string, headers?: Record<string, string>) =>
    postForm('/density', body, headers);

  it('renders the chosen view from the first byte: <html data-density>, one kept page each', async () => {
    const compact = await ctx.app.inject({ url: '/', headers: withDensity('compact') });
    expect(htmlTag(compact.body)).toBe('<html lang="en" dir="ltr" data-density="compact">');
    expect(compact.body).toContain('"density":"compact"');
    const plain = await ctx.app.inject({ url: '/' });
    expect(htmlTag(plain.body)).toBe('<html lang="en" dir="ltr" data-density="comfortable">');
    expect(plain.headers.etag).not.toBe(compact.headers.etag);
    // A page kept for one view is never the answer for the other.
    const switched = await ctx.app.inject({
      url: '/',
      headers: { 'if-none-match': String(compact.headers.etag) },
    });
    expect(switched.statusCode).toBe(200);
    const token = await ctx.issuer.tokenFor('alice', []);
    const personal = await ctx.app.inject({
      url: '/',
      headers: { ...bearer(token), ...withDensity('compact') },
    });
    expect(htmlTag(personal.body)).toBe('<html lang="en" dir="ltr" data-density="compact">');
  });

  it('reads any other cookie value as the comfortable view, copying nothing from it', async () => {
    for (const value of ['dense', 'compact%22%20onload%3D%22x', '"compact"', 'COMPACT']) {
      const response = await ctx.app.inject({ url: '/', headers: withDensity(value) });
      expect(response.statusCode).toBe(200);
      expect(htmlTag(response.body)).toBe('<html lang="en" dir="ltr" data-density="comfortable">');
    }
  });

  it('POST /density keeps the choice in a long-lived, script-readable, Lax cookie', async () => {
    const response = await form('density=compact&returnTo=%2F%3Fq%3Dgalaxy');
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe('/?q=galaxy');
    const cookie = String(response.headers['set-cookie']);
    expect(cookie).toMatch(/^density=compact;/);
    expect(cookie).toContain('Max-Age=31536000');
    expect(cookie).toContain('SameSite=Lax');
    expect(cookie).not.toMatch(/HttpOnly/i);
    const back = await form('density=comfortable&returnTo=https%3A%2F%2Fevil.example%2F');
    expect(back.headers.location).toBe('/');
    expect(String(back.headers['set-cookie'])).toMatch(/^density=comfortable;/);
  });

  it('POST /density refuses an unknown value or another site, and sets nothing', async () => {
    for (const body of ['density=dense', '', 'density=compact%00']) {
      const response = await form(body);
      expect(response.statusCode).toBe(400);
      expect(response.json<{ message: string }>().message).toContain('comfortable, compact');
      expect(response.headers['set-cookie']).toBeUndefined();
    }
    const crossSite = await form('density=compact', { origin: 'https://evil.example' });
    expect(crossSite.statusCode).toBe(403);
    expect(crossSite.headers['set-cookie']).toBeUndefined();
  });
});
