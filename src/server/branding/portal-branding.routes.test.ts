import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { accentPlan } from '../../shared/branding/contrast.js';
import { createTestBrowser, signInAtDevIdp } from '../auth/test-support/test-browser.js';
import {
  DEFAULT_PORTAL as DEFAULTS,
  startBrandingPortal,
  type BrandingPortal,
  type Method,
} from '../test-support/branding-portal.js';
import { startDevIdpServer } from '../dev-idp/test-support/dev-idp-server.js';
import { PNG } from '../files/test-support/images.js';
import type { TestContext } from '../test-support/test-app.js';

const EVIL_SVG = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10" onload="alert(1)">
  <script>alert(2)</script><rect width="10" height="10" fill="red"/>
  <image href="https://evil.example/track.png"/></svg>`;

let portalUnderTest: BrandingPortal;
let ctx: TestContext;
afterEach(async () => {
  await portalUnderTest.close();
});

async function setup(options: { pages?: boolean; env?: Record<string, string> } = {}) {
  portalUnderTest = await startBrandingPortal({
    ...options,
    apps: [{ id: 'galaxy', isPublic: true }],
  });
  ctx = portalUnderTest.ctx;
  return portalUnderTest;
}

const call = (method: Method, url: string, token: string, body?: unknown, contentType?: string) =>
  portalUnderTest.call(method, url, token, body, contentType);
const portal = () => portalUnderTest.portal();
const brandingAudit = () => portalUnderTest.brandingAudit();

describe('who may change the branding', () => {
  it.each<[Method, string]>([
    ['GET', '/api/admin/portal'],
    ['PATCH', '/api/admin/portal'],
    ['PUT', '/api/admin/portal/logo'],
    ['DELETE', '/api/admin/portal/logo'],
    ['PUT', '/api/admin/portal/favicon'],
    ['DELETE', '/api/admin/portal/favicon'],
  ])('%s %s: 401 anonymous, 403 non-admin, with the error body', async (method, url) => {
    const { alice } = await setup();
    const body = method === 'PATCH' ? { title: 'Hijacked' } : method === 'PUT' ? PNG : undefined;
    const type = method === 'PUT' ? 'image/png' : 'application/json';
    const anonymous = await call(method, url, '', body, type);
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual({
      status: 401,
      code: 'unauthorized',
      message: 'Sign in to use this.',
      data: {},
    });
    const user = await call(method, url, alice, body, type);
    expect(user.statusCode).toBe(403);
    expect(user.json()).toEqual({
      status: 403,
      code: 'admins_only',
      message: 'Only portal administrators can do this.',
      data: {},
    });
    expect(await portal()).toEqual(DEFAULTS);
  });
});

describe('texts and accent colour', () => {
  it("answers the configuration's texts until admins set their own", async () => {
    await setup({ env: { PORTAL_TITLE: 'Genomics Apps', PORTAL_FOOTER: '© 2026 Lab' } });
    expect(await portal()).toEqual({ ...DEFAULTS, title: 'Genomics Apps', footer: '© 2026 Lab' });
  });

  it('sets, shows at once, audits, and gives fields back to the configuration with null', async () => {
    const { admin } = await setup();
    const patched = await call('PATCH', '/api/admin/portal', admin, {
      title: ' Lab Portal ',
      subtitle: '',
      footer: '© 2026 The Lab',
      footerLink: 'https://lab.example.edu/',
      accentColor: '#1D4ED8',
    });
    expect(patched.statusCode).toBe(200);
    const view = patched.json();
    expect(view.portal).toMatchObject({
      title: 'Lab Portal',
      subtitle: '',
      footer: '© 2026 The Lab',
      footerLink: 'https://lab.example.edu/',
      accentColor: '#1d4ed8',
      version: 1,
    });
    expect(view.set).toMatchObject({ title: 'Lab Portal', accentColor: '#1d4ed8' });
    expect(view.defaults).toMatchObject({ title: 'App Portal', subtitle: 'MMGE App Portal' });
    // The colour passes on the light theme and is lightened for the dark one: and says so.
    const plan = accentPlan('#1d4ed8');
    expect(view.accent.light).toMatchObject({ primary: '#1d4ed8', adjusted: false });
    expect(view.accent.dark).toMatchObject({ primary: plan.dark.primary, adjusted: true });
    expect(view.notes).toHaveLength(1);
    expect(view.notes[0]).toMatch(/^In the dark theme #1d4ed8 has a contrast of 2\.\d\d:1/);

    // Every viewer's next answer has it (the instance that wrote it drops its copy at once).
    expect(await portal()).toMatchObject({ title: 'Lab Portal', accentColor: '#1d4ed8' });

    const reset = await call('PATCH', '/api/admin/portal', admin, { title: null, subtitle: null });
    expect(reset.json().portal).toMatchObject({
      title: 'App Portal',
      subtitle: 'MMGE App Portal',
      footer: '© 2026 The Lab',
      version: 2,
    });
    expect((await call('GET', '/api/admin/portal', admin)).json()).toEqual(reset.json());

    // The same values again change nothing and write no audit entry.
    const same = await call('PATCH', '/api/admin/portal', admin, { footer: '© 2026 The Lab' });
    expect(same.json().version).toBe(2);

    const audit = await brandingAudit();
    expect(audit.map(({ before, after }) => [before, after])).toEqual([
      [
        { title: 'Lab Portal', subtitle: '' },
        { title: null, subtitle: null },
      ],
      [
        { title: null, subtitle: null, footer: null, footerLink: null, accentColor: null },
        {
          title: 'Lab Portal',
          subtitle: '',
          footer: '© 2026 The Lab',
          footerLink: 'https://lab.example.edu/',
          accentColor: '#1d4ed8',
        },
      ],
    ]);
    expect(audit.every((entry) => entry.actor.username === 'admin' && entry.appId === null)).toBe(
      true,
    );
  });

  it('names each bad field, changes nothing and writes no audit entry', async () => {
    const { admin } = await setup();
    const bad = await call('PATCH', '/api/admin/portal', admin, {
      title: ' ',
      subtitle: 'x'.repeat(121),
      footer: 'two\nlines',
      footerLink: 'javascript:alert(1)',
      accentColor: 'blue',
      logo: 'x',
    });
    expect(bad.statusCode).toBe(400);
    const body = bad.json();
    expect(body.status).toBe(400);
    expect(body.message).toMatch(/^Some fields are invalid: /);
    expect(body.data.fields).toEqual({
      title: 'must not be empty (send null for the default)',
      subtitle: 'must be at most 120 characters',
      footer: 'must be one line of plain text (no control characters)',
      footerLink: 'must be an http(s) address, or empty for no link',
      accentColor: 'must be a colour written #rrggbb, or empty for the theme’s own',
      logo: 'is not a branding field',
    });
    for (const payload of [{ title: 5 }, { accentColor: ['#000000'] }, { footerLink: true }]) {
      const response = await call('PATCH', '/api/admin/portal', admin, payload);
      expect(response.statusCode).toBe(400);
      expect(Object.values(response.json().data.fields)).toEqual([
        'must be text, or null for the default',
      ]);
    }
    // A valid field beside a bad one is not applied either.
    const mixed = await call('PATCH', '/api/admin/portal', admin, {
      title: 'Fine',
      accentColor: '#12345',
    });
    expect(mixed.statusCode).toBe(400);
    for (const payload of ['[1]', 'null', '"x"']) {
      expect((await call('PATCH', '/api/admin/portal', admin, payload)).statusCode).toBe(400);
    }
    expect(await portal()).toEqual(DEFAULTS);
    expect(await brandingAudit()).toEqual([]);
  });
});

describe('logo and favicon', () => {
  it.each(['logo', 'favicon'] as const)(
    'sets the %s, serves it like app logos, and removes it',
    async (kind) => {
      const { admin } = await setup();
      const put = await call('PUT', `/api/admin/portal/${kind}`, admin, PNG, 'image/png');
      expect(put.statusCode).toBe(200);
      const url = put.json().portal[`${kind}Url`] as string;
      expect(url).toMatch(new RegExp(`^/api/portal/${kind}/${kind}-[0-9a-f]{12}\\.png$`));
      expect((await portal())[`${kind}Url`]).toBe(url);

      const served = await call('GET', url, '');
      expect(served.statusCode).toBe(200);
      expect(served.rawPayload.equals(PNG)).toBe(true);
      expect(served.headers).toMatchObject({
        'content-type': 'image/png',
        'x-content-type-options': 'nosniff',
        'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; sandbox",
        'cache-control': 'public, max-age=86400',
      });
      const etag = served.headers.etag as string;
      const again = await ctx.app.inject({ url, headers: { 'if-none-match': etag } });
      expect(again.statusCode).toBe(304);
      // Only the current name is served; the other kind's route does not serve it.
      expect(
        (await call('GET', url.replace(/-[0-9a-f]{12}/, '-000000000000'), '')).statusCode,
      ).toBe(404);
      const other = kind === 'logo' ? 'favicon' : 'logo';
      expect((await call('GET', url.replaceAll(kind, other), '')).statusCode).toBe(404);
      expect((await call('GET', `/api/portal/other/${kind}.png`, '')).statusCode).toBe(404);

      const removed = await call('DELETE', `/api/admin/portal/${kind}`, admin);
      expect(removed.statusCode).toBe(200);
      expect(removed.json().portal[`${kind}Url`]).toBeNull();
      expect((await call('GET', url, '')).statusCode).toBe(404);
      const twice = await call('DELETE', `/api/admin/portal/${kind}`, admin);
      expect(twice.statusCode).toBe(404);
      expect(twice.json()).toEqual({
        status: 404,
        code: 'not_found',
        message: `There is no ${kind} to remove.`,
        data: {},
      });

      const audit = await brandingAudit();
      expect(audit.map(({ before, after }) => [before, after])).toEqual([
        [{ [kind]: { contentType: 'image/png', sha256: expect.any(String) } }, { [kind]: null }],
        [{ [kind]: null }, { [kind]: { contentType: 'image/png', sha256: expect.any(String) } }],
      ]);
    },
  );

  it('sanitises an SVG logo and refuses what is no image, changing nothing', async () => {
    const { admin } = await setup();
    const svg = await call('PUT', '/api/admin/portal/logo', admin, EVIL_SVG, 'image/svg+xml');
    expect(svg.statusCode).toBe(200);
    const served = await call('GET', svg.json().portal.logoUrl, '');
    expect(served.headers['content-type']).toBe('image/svg+xml');
    expect(served.body).not.toMatch(/script|onload|evil\.example/);
    expect(served.body).toMatch(/<rect/);

    const version = svg.json().version;
    const html = await call(
      'PUT',
      '/api/admin/portal/favicon',
      admin,
      '<html>hi</html>',
      'text/html',
    );
    expect(html.statusCode).toBe(415);
    const empty = await call(
      'PUT',
      '/api/admin/portal/favicon',
      admin,
      Buffer.alloc(0),
      'image/png',
    );
    expect(empty.statusCode).toBe(400);
    const cut = await call(
      'PUT',
      '/api/admin/portal/logo',
      admin,
      PNG.subarray(0, 30),
      'image/png',
    );
    expect(cut.statusCode).toBe(400);
    expect(cut.json().message).toMatch(/not a complete image/);
    const big = await call(
      'PUT',
      '/api/admin/portal/logo',
      admin,
      Buffer.alloc(3 * 1024 * 1024, 1),
      'image/png',
    );
    expect(big.statusCode).toBe(413);
    const after = (await call('GET', '/api/admin/portal', admin)).json();
    expect(after.version).toBe(version);
    expect(after.portal.logoUrl).toBe(svg.json().portal.logoUrl);
    expect(after.portal.faviconUrl).toBeNull();
    expect(await brandingAudit()).toHaveLength(1);
  });
});

describe('the pages carry the branding', () => {
  it('renders title, accent and favicon into the page, and the next visitor sees a change', async () => {
    const { admin } = await setup({ pages: true });
    const before = await call('GET', '/', '');
    expect(before.body).toContain('<title>App Portal</title>');
    expect(before.body).not.toContain('portal-accent');
    expect(before.body).toContain('href="/favicon.svg"');

    const view = (
      await call('PATCH', '/api/admin/portal', admin, {
        title: 'Lab <Portal>',
        accentColor: '#1d4ed8',
      })
    ).json();
    const favicon = (
      await call('PUT', '/api/admin/portal/favicon', admin, PNG, 'image/png')
    ).json();
    const after = await call('GET', '/', '');
    expect(after.headers.etag).not.toBe(before.headers.etag);
    expect(after.body).toContain('<title>Lab &lt;Portal&gt;</title>');
    expect(after.body).toContain(`<link rel="icon" href="${favicon.portal.faviconUrl}">`);
    expect(after.body).not.toContain('/favicon.svg');
    // The accent comes after the stylesheet, so it wins over the theme's own colour.
    const style = after.body.indexOf('<style id="portal-accent">');
    expect(style).toBeGreaterThan(after.body.indexOf('--color-primary:red'));
    expect(after.body).toContain(`--color-primary:${view.accent.light.primary}`);
    expect(after.body).toContain(`[data-theme=dark]{--color-primary:${view.accent.dark.primary}`);
    // The shell (/admin) and the 404 page too.
    for (const url of ['/admin', '/no-such-page']) {
      const page = await call('GET', url, '');
      expect(page.body).toContain('<style id="portal-accent">');
      expect(page.body).toContain(favicon.portal.faviconUrl);
    }
    const state = /<script type="application\/json" id="portal-state">([^<]*)<\/script>/.exec(
      after.body,
    );
    expect(JSON.parse(state?.[1] ?? '{}').portal).toMatchObject({
      title: 'Lab <Portal>',
      version: 2,
    });
  });

  it('documents every branding route with an operationId', async () => {
    await setup();
    const spec = (await call('GET', '/api/docs/openapi.json', '')).json();
    const ids = Object.values(
      spec.paths as Record<string, Record<string, { operationId?: string }>>,
    ).flatMap((path) => Object.values(path).map((operation) => operation.operationId));
    expect(ids).toEqual(
      expect.arrayContaining([
        'getPortalInfo',
        'getPortalImage',
        'getAdminBranding',
        'updatePortalBranding',
        'putPortalLogo',
        'deletePortalLogo',
        'putPortalFavicon',
        'deletePortalFavicon',
      ]),
    );
  });
});

describe('branding from a browser session', () => {
  const PORTAL = 'http://portal.test';
  let idp: Awaited<ReturnType<typeof startDevIdpServer>>;
  beforeAll(async () => {
    idp = await startDevIdpServer(PORTAL);
  });
  afterAll(async () => {
    await idp.close();
  });

  it('refuses cross-site changes (CSRF) and accepts the portal’s own pages', async () => {
    const { admin } = await setup({ env: { PUBLIC_URL: PORTAL, OIDC_ISSUER: idp.issuer } });
    const browser = createTestBrowser({ app: ctx.app, origin: PORTAL });
    await signInAtDevIdp(browser, PORTAL, 'admin');
    // Set with a bearer token; removed from the browser session.
    expect((await call('PUT', '/api/admin/portal/logo', admin, PNG, 'image/png')).statusCode).toBe(
      200,
    );
    const url = '/api/admin/portal/logo';
    const crossSite = await browser.request('DELETE', url, {
      headers: { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
    });
    expect(crossSite.status).toBe(403);
    expect(JSON.parse(crossSite.body).message).toMatch(/did not come from the portal's own pages/);
    expect((await browser.request('DELETE', url)).status).toBe(403);
    expect((await ctx.app.inject({ url: '/api/portal' })).json().logoUrl).toMatch(
      /^\/api\/portal\/logo\//,
    );

    const sameOrigin = await browser.request('DELETE', url, {
      headers: { origin: PORTAL, 'sec-fetch-site': 'same-origin' },
    });
    expect(sameOrigin.status).toBe(200);
    expect((await ctx.app.inject({ url: '/api/portal' })).json().logoUrl).toBeNull();
  });
});

describe('branding texts per language (docs/admin.md)', () => {
  it('takes maps, answers them to admins, and GET /api/portal in the reader’s language', async () => {
    const { admin } = await setup();
    const title = { en: 'Research apps', de: 'Forschungsanwendungen' };
    const patched = await call('PATCH', '/api/admin/portal', admin, {
      title,
      footer: { en: 'Run by IT', fr: 'Géré par la DSI' },
    });
    expect(patched.statusCode).toBe(200);
    expect(patched.json().set.title).toEqual(title);
    const read = (language: string) =>
      ctx.app.inject({ url: '/api/portal', headers: { 'accept-language': language } });
    const german = await read('de');
    expect(german.json()).toMatchObject({ title: 'Forschungsanwendungen', footer: 'Run by IT' });
    expect(german.headers.vary).toMatch(/Accept-Language/);
    expect((await read('fr')).json()).toMatchObject({
      title: 'Research apps',
      footer: 'Géré par la DSI',
    });
    // The same maps again: nothing changed, nothing audited.
    const before = (await brandingAudit()).length;
    await call('PATCH', '/api/admin/portal', admin, { title: { de: title.de, en: title.en } });
    expect(await brandingAudit()).toHaveLength(before);
    const empty = await call('PATCH', '/api/admin/portal', admin, { subtitle: {} });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().data.fields.subtitle).toMatch(/at least one language/);
  });
});
