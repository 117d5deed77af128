import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PAGE_STATE_ID, type PageState } from '../../shared/api/page-schemas.js';
import { PAGE_MESSAGES_ID } from '../../shared/i18n/languages.js';
import { noticeToken } from '../../shared/status/dismissed-notices.js';
// The real renderer (what dist/ssr is built from): the page is checked with the very components
// the browser hydrates. Production code loads the built bundle by path (page-renderer.ts).
// eslint-disable-next-line no-restricted-imports
import { render } from '../../web/entry-server.js';
import { createCompressedBodies, type CompressedBodies } from '../http/compressed-bodies.js';
import { bearer, createTestContext, type TestContext } from '../test-support/test-app.js';

/** Shaped like Vite's built index.html. */
const TEMPLATE = `<!doctype html>
<html lang="en">
  <head>
    <title>App Portal</title>
    <script type="module" crossorigin src="/assets/index-Ab12Cd34.js"></script>
    <link rel="stylesheet" href="/assets/first-screen-Ef56Gh78.css">
  </head>
  <body>
    <div id="root"></div>
  <link rel="stylesheet" href="/assets/after-paint-Ij90Kl12.css" data-after-paint></body>
</html>
`;

const CSS = '.card{border-radius:1rem}main{display:flex}';
/** A stylesheet that makes every page longer than what is worth compressing (1 KB), as in a build. */
const LONG_CSS = CSS + Array.from({ length: 80 }, (_, at) => `.c${at}{margin:${at}px}`).join('');

const APPS = [
  { id: 'galaxy', isPublic: true, name: 'Galaxy', category: 'analysis' },
  { id: 'wiki', isPublic: true, name: 'Lab Wiki', category: 'docs' },
  { id: 'rstudio', groups: ['genomics'], name: 'RStudio Secretname', category: 'analysis' },
  {
    id: 'omero',
    groups: ['imaging'],
    name: 'OMERO Hiddenname',
    link: 'https://omero-hidden.example.edu/',
  },
];

let ctx: TestContext;
let webRoot: string;

async function start(
  renderPage: typeof render | null = render,
  env: Record<string, string> = {},
  deps: { sharedBodies?: CompressedBodies } = {},
  css = CSS,
) {
  webRoot = mkdtempSync(join(tmpdir(), 'page-routes-'));
  writeFileSync(join(webRoot, 'index.html'), TEMPLATE);
  mkdirSync(join(webRoot, 'assets'));
  writeFileSync(join(webRoot, 'assets', 'first-screen-Ef56Gh78.css'), css);
  writeFileSync(join(webRoot, 'assets', 'after-paint-Ij90Kl12.css'), '.menu{display:flex}');
  ctx = await createTestContext({ apps: APPS, env, deps: { webRoot, renderPage, ...deps } });
}

afterEach(async () => {
  await ctx.close();
  rmSync(webRoot, { recursive: true, force: true });
});

function stateOf(html: string): PageState {
  const match = new RegExp(
    `<script type="application/json" id="${PAGE_STATE_ID}">([^<]*)</script>`,
  ).exec(html);
  if (!match?.[1]) throw new Error('no state block');
  return JSON.parse(match[1]) as PageState;
}

/** The rendered markup, without the comments React puts between adjacent texts. */
const rootOf = (html: string) =>
  (/<div id="root">([\s\S]*)<\/div><script/.exec(html)?.[1] ?? '').replaceAll('<!-- -->', '');

describe('GET / for an anonymous visitor', () => {
  beforeEach(() => start());

  it('renders the public cards and sends the same apps as GET /api/apps in the state', async () => {
    const response = await ctx.app.inject({ url: '/' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    const root = rootOf(response.body);
    expect(root).toContain('Galaxy');
    expect(root).toContain('Lab Wiki');
    expect(root).toContain('href="https://galaxy.example.edu/"');

    const state = stateOf(response.body);
    const api = (await ctx.app.inject({ url: '/api/apps?perPage=500' })).json<{
      items: unknown[];
    }>();
    expect(state.apps).toEqual(api.items);
    expect(state.me).toBeNull();
    expect(state.portal).toEqual((await ctx.app.inject({ url: '/api/portal' })).json());
  });

  it('never holds a hidden app, in the markup or in the state', async () => {
    const { body } = await ctx.app.inject({ url: '/' });
    for (const secret of ['Secretname', 'Hiddenname', 'rstudio', 'omero', 'About omero']) {
      expect(body).not.toContain(secret);
    }
  });

  it('is cacheable by catalog state: ETag, 304 while it matches, a new one on change', async () => {
    const first = await ctx.app.inject({ url: '/' });
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^W\/".+"$/);
    expect(first.headers['cache-control']).toBe('no-cache');
    expect(first.headers.vary).toMatch(/cookie/i);

    const again = await ctx.app.inject({ url: '/', headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers.etag).toBe(etag);

    await ctx.seed([{ id: 'newapp', isPublic: true, name: 'Brand New' }]);
    const changed = await ctx.app.inject({ url: '/', headers: { 'if-none-match': etag } });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
    expect(changed.body).toContain('Brand New');
  });

  it.each([
    ['br', brotliDecompressSync],
    ['gzip', gunzipSync],
  ] as const)('sends it %s-compressed, decoding to the same bytes', async (encoding, decode) => {
    const plain = await ctx.app.inject({ url: '/' });
    const compressed = await ctx.app.inject({ url: '/', headers: { 'accept-encoding': encoding } });
    expect(compressed.headers['content-encoding']).toBe(encoding);
    expect(compressed.headers.vary).toMatch(/accept-encoding/i);
    expect(compressed.headers.etag).toBe(plain.headers.etag);
    expect(decode(compressed.rawPayload).toString()).toBe(plain.body);
  });

  it('keeps scripts to files: the only inline block is JSON, under the same CSP', async () => {
    const response = await ctx.app.inject({ url: '/' });
    const scripts = response.body.match(/<script[^>]*>/g) ?? [];
    expect(scripts).toEqual([
      '<script type="module" crossorigin src="/assets/index-Ab12Cd34.js">',
      // What the server formatted (entry-server.tsx; SERVER_FORMATS_ID of web/lib/i18n.tsx).
      '<script type="application/json" id="portal-formats">',
      `<script type="application/json" id="${PAGE_STATE_ID}">`,
    ]);
    // The messages are a file of their own, preloaded: fetch() is under connect-src 'self'.
    expect(response.body).toMatch(
      new RegExp(`<link rel="preload" id="${PAGE_MESSAGES_ID}" href="/api/messages/en/page\\?v=`),
    );
    expect(response.headers['content-security-policy']).toContain("connect-src 'self'");
    expect(response.headers['content-security-policy']).toContain("script-src 'self';");
  });

  it('inlines the first screen’s stylesheet, so the page paints from its own bytes, and links the rest last', async () => {
    const { body } = await ctx.app.inject({ url: '/' });
    expect(body).toContain(`<style>${CSS}</style>`);
    expect(body).not.toContain('.menu{');
    // The rest (menus, toasts) is linked at the end of the body: loaded without holding the paint.
    expect([...body.matchAll(/<link rel="stylesheet"[^>]*>/g)].map(([link]) => link)).toEqual([
      '<link rel="stylesheet" href="/assets/after-paint-Ij90Kl12.css" data-after-paint>',
    ]);
    expect(body).toMatch(/data-after-paint><\/body>/);
  });

  it('renders a working sign-in link for browsers without JavaScript', async () => {
    const { body } = await ctx.app.inject({ url: '/' });
    expect(rootOf(body)).toMatch(/<a [^>]*href="\/auth\/login"[^>]*>Sign in<\/a>/);
  });

  it('renders the search box with the query of the URL', async () => {
    const response = await ctx.app.inject({ url: '/?q=gal' });
    expect(stateOf(response.body).search).toBe('?q=gal');
    expect(rootOf(response.body)).toContain('value="gal"');
  });
});

describe('the notices in the page', () => {
  beforeEach(() => start());

  async function postNotice(title: string) {
    const admin = await ctx.issuer.tokenFor('admin', [], {
      realm_access: { roles: ['portal-admin'] },
    });
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/admin/notices',
      headers: bearer(admin),
      payload: {
        title,
        text: 'Jobs are paused.',
        severity: 'maintenance',
        startsAt: new Date(Date.now() - 3_600_000).toISOString(),
        endsAt: new Date(Date.now() + 3_600_000).toISOString(),
      },
    });
    expect(response.statusCode).toBe(201);
  }

  it('renders the banner from the first byte, with the notices GET /api/notices answers', async () => {
    await postNotice('Cluster maintenance');
    const { body } = await ctx.app.inject({ url: '/' });
    const api = (await ctx.app.inject({ url: '/api/notices' })).json<PageState['notices']>();
    expect(stateOf(body).notices).toEqual(api);
    expect(rootOf(body)).toContain('Cluster maintenance');
  });

  it('leaves out a notice the visitor dismissed (their cookie), and shrugs off a hostile cookie', async () => {
    await postNotice('Cluster maintenance');
    const id = stateOf((await ctx.app.inject({ url: '/' })).body).notices?.notices[0]?.id;
    expect(id).toBeTruthy();
    const dismissed = await ctx.app.inject({
      url: '/',
      headers: { cookie: `dismissed=${noticeToken(id ?? '')}` },
    });
    expect(stateOf(dismissed.body).notices?.notices).toEqual([]);
    expect(rootOf(dismissed.body)).not.toContain('Cluster maintenance');
    for (const cookie of [
      'dismissed=%E0%A4%A',
      `dismissed=${'x.'.repeat(3000)}`,
      'dismissed=<b>',
    ]) {
      const response = await ctx.app.inject({ url: '/', headers: { cookie } });
      expect(response.statusCode).toBe(200);
      expect(rootOf(response.body)).toContain('Cluster maintenance');
    }
  });
});

describe('GET / for a signed-in user', () => {
  let alice: string;
  beforeEach(async () => {
    await start();
    alice = await ctx.issuer.tokenFor('alice', ['/genomics'], { given_name: 'Alice' });
  });

  it("holds the user's apps and favorites, and is never cached", async () => {
    const put = await ctx.app.inject({
      method: 'PUT',
      url: '/api/me/favorites/rstudio',
      headers: bearer(alice),
    });
    expect(put.statusCode).toBe(200);

    const response = await ctx.app.inject({ url: '/', headers: bearer(alice) });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('private, no-store');
    expect(response.headers.etag).toBeUndefined();

    const state = stateOf(response.body);
    const api = (
      await ctx.app.inject({ url: '/api/apps?perPage=500', headers: bearer(alice) })
    ).json<{ items: unknown[] }>();
    expect(state.apps).toEqual(api.items);
    expect(state.me).toEqual(
      (await ctx.app.inject({ url: '/api/me', headers: bearer(alice) })).json(),
    );
    expect(state.me?.favorites.map((app) => app.id)).toEqual(['rstudio']);

    const root = rootOf(response.body);
    expect(root).toContain('RStudio Secretname');
    expect(root).toContain('Favorites');
    expect(root).toContain('Hello, Alice');
    expect(response.body).not.toContain('Hiddenname');
  });

  it('ignores a public ETag: the page is personal', async () => {
    const etag = String((await ctx.app.inject({ url: '/' })).headers.etag);
    const response = await ctx.app.inject({
      url: '/',
      headers: { ...bearer(alice), 'if-none-match': etag },
    });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('RStudio Secretname');
  });
});

describe('the page state block', () => {
  it('cannot be closed or escaped by catalog text', async () => {
    await start();
    const name = '</script><script>alert(1)</script><!-- & \u2028';
    await ctx.seed([{ id: 'evil', isPublic: true, name }]);
    const { body } = await ctx.app.inject({ url: '/' });
    expect(body).not.toContain('<script>alert(1)');
    expect(body).not.toContain('<!-- &');
    expect(stateOf(body).apps.find((app) => app.id === 'evil')?.name).toBe(name);
  });

  it('says whether anyone can sign in, so the page skips a silent check that cannot succeed', async () => {
    await start();
    expect(stateOf((await ctx.app.inject({ url: '/' })).body).signInAvailable).toBe(true);
    await ctx.close();
    rmSync(webRoot, { recursive: true, force: true });

    await start(render, { OIDC_ISSUER: '' });
    expect(ctx.config.oidc.issuer).toBeUndefined();
    expect(stateOf((await ctx.app.inject({ url: '/' })).body).signInAvailable).toBe(false);
  });
});

describe('other paths and fallbacks', () => {
  it('answers the SPA shell for its other paths, and JSON 404s for the API and assets', async () => {
    await start();
    const admin = await ctx.app.inject({ url: '/admin?x=1' });
    expect(admin.statusCode).toBe(200);
    expect(admin.headers['cache-control']).toBe('no-cache');
    expect(admin.body).toContain('<div id="root"></div>');
    expect(admin.body).not.toContain(PAGE_STATE_ID);
    // The approvers' inbox is a page of the SPA too (the browser renders it).
    const inbox = await ctx.app.inject({ url: '/requests?tab=decided' });
    expect(inbox.statusCode).toBe(200);
    expect(inbox.body).toContain('<div id="root"></div>');
    expect(inbox.body).not.toContain(PAGE_STATE_ID);
    for (const url of ['/api/nope', '/api', '/assets/missing-123.js']) {
      const response = await ctx.app.inject({ url });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ status: 404 });
    }
  });

  it('answers paths that are no page of the portal with a 404 page that links home', async () => {
    await start(render, { PORTAL_TITLE: 'Lab <Portal>' });
    for (const url of [
      '/some/typo',
      '/dev-idp/authorize?x=1',
      '/administrator',
      '/auth/nope',
      '/requests/42',
    ]) {
      const response = await ctx.app.inject({ url });
      expect(response.statusCode, url).toBe(404);
      expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(response.body).toContain('<title>Page not found · Lab &lt;Portal&gt;</title>');
      expect(response.body).toContain('<h1 class="text-2xl font-bold">Page not found</h1>');
      expect(response.body).toContain('href="/"');
      expect(response.body).not.toContain(PAGE_STATE_ID);
    }
    // The portal's own pages keep working on reload.
    for (const url of ['/', '/admin', '/admin/apps/x', '/?q=galaxy', '/requests']) {
      expect((await ctx.app.inject({ url })).statusCode, url).toBe(200);
    }
  });

  it('sends the state with an empty root when the rendering bundle is not built', async () => {
    await start(null);
    const { body } = await ctx.app.inject({ url: '/' });
    expect(body).toContain('<div id="root"></div>');
    expect(stateOf(body).apps.map((app) => app.id)).toEqual(['galaxy', 'wiki']);
  });

  it('falls back to the state alone when rendering fails, and tries again next time', async () => {
    let fail = true;
    await start((state) => {
      if (fail) throw new Error('render failed');
      return render(state);
    });
    const first = await ctx.app.inject({ url: '/' });
    expect(first.statusCode).toBe(200);
    expect(first.body).toContain('<div id="root"></div>');
    expect(stateOf(first.body).apps).toHaveLength(2);
    fail = false;
    const second = await ctx.app.inject({ url: '/' });
    expect(rootOf(second.body)).toContain('Galaxy');
  });

  it("titles the page with the portal's title, escaped", async () => {
    await start(render, { PORTAL_TITLE: 'Lab <Portal> & Co' });
    const { body } = await ctx.app.inject({ url: '/' });
    expect(body).toContain('<title>Lab &lt;Portal&gt; &amp; Co</title>');
  });

  it('writes the page one byte per character, wider ones as references and \\u escapes', async () => {
    await start(render, { PORTAL_TITLE: 'Genomics – “Lab” 🧬' });
    for (const language of ['en', 'ar']) {
      const { body } = await ctx.app.inject({ url: '/', headers: { 'accept-language': language } });
      // The language menu names Arabic in Arabic; the messages have typographic quotes.
      expect(body).toMatch(/^[\0-\xff]*$/);
      expect(body).toContain('<title>Genomics &#8211; &#8220;Lab&#8221; &#129516;</title>');
      expect(rootOf(body)).toContain('&#1575;&#1604;&#1593;&#1585;&#1576;&#1610;&#1577;');
      expect(stateOf(body).portal.title).toBe('Genomics – “Lab” 🧬');
    }
  });
});

describe('compressed once (decision 0035)', () => {
  /** The shared cache, with the keys asked of it recorded. */
  function spiedBodies() {
    const bodies = createCompressedBodies({ maxBytes: 1 << 22 });
    const keys: string[] = [];
    const spied: CompressedBodies = {
      ...bodies,
      get: (key, ...rest) => {
        keys.push(key);
        return bodies.get(key, ...rest);
      },
    };
    return { bodies: spied, keys };
  }
  let renders = 0;
  const counted: typeof render = (state, messages) => {
    renders += 1;
    return render(state, messages);
  };
  const BROWSER = 'gzip, deflate, br';

  it('keeps the shell and the 404 page compressed once per content; the shell revalidates', async () => {
    const { bodies, keys } = spiedBodies();
    // The pages carry no messages (a file of their own): the stylesheet makes them worth it.
    await start(counted, {}, { sharedBodies: bodies }, LONG_CSS);
    const headers = { 'accept-encoding': BROWSER };
    const shell = await ctx.app.inject({ url: '/admin', headers });
    expect(shell.statusCode).toBe(200);
    expect(shell.headers['content-encoding']).toBe('br');
    expect(shell.headers.vary).toMatch(/^Cookie, Accept-Language, Accept-Encoding$/i);
    const again = await ctx.app.inject({ url: '/requests', headers });
    expect(again.rawPayload.equals(shell.rawPayload)).toBe(true);
    const revalidated = await ctx.app.inject({
      url: '/admin',
      headers: { ...headers, 'if-none-match': String(shell.headers.etag) },
    });
    expect(revalidated.statusCode).toBe(304);
    const missing = await ctx.app.inject({ url: '/nowhere', headers });
    expect(missing.statusCode).toBe(404);
    expect(brotliDecompressSync(missing.rawPayload).toString()).toContain('Page not found');
    const german = await ctx.app.inject({
      url: '/nowhere',
      headers: { ...headers, 'accept-language': 'de' },
    });
    expect(brotliDecompressSync(german.rawPayload).toString()).toContain('Seite nicht gefunden');
    expect(keys.filter((key) => key.startsWith('shell '))).toHaveLength(2);
    expect(new Set(keys.filter((key) => key.startsWith('404 '))).size).toBe(2);
  });

  it('keeps the anonymous page per content and coding: hits, misses, 304, Vary, length', async () => {
    const { bodies, keys } = spiedBodies();
    await start(counted, {}, { sharedBodies: bodies });
    renders = 0;
    const plain = await ctx.app.inject({ url: '/' });
    const first = await ctx.app.inject({ url: '/', headers: { 'accept-encoding': BROWSER } });
    expect(first.headers['content-encoding']).toBe('br');
    expect(first.headers['content-length']).toBe(String(first.rawPayload.length));
    expect(first.headers.vary).toMatch(/^Cookie, Accept-Language, Accept-Encoding$/i);
    expect(brotliDecompressSync(first.rawPayload).toString()).toBe(plain.body);
    const held = bodies.size();
    expect(held.entries).toBe(1);

    // A hit: no rendering, no compression, the same bytes.
    const second = await ctx.app.inject({ url: '/', headers: { 'accept-encoding': BROWSER } });
    expect(second.rawPayload.equals(first.rawPayload)).toBe(true);
    expect(bodies.size()).toEqual(held);
    expect(renders).toBe(1);

    // gzip is one more copy of the same entry.
    const gzip = await ctx.app.inject({ url: '/', headers: { 'accept-encoding': 'gzip' } });
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(plain.body);
    expect(bodies.size().entries).toBe(1);

    const notModified = await ctx.app.inject({
      url: '/',
      headers: { 'accept-encoding': BROWSER, 'if-none-match': String(first.headers.etag) },
    });
    expect(notModified.statusCode).toBe(304);
    expect(notModified.headers.vary).toMatch(/^Cookie, Accept-Language, Accept-Encoding$/i);

    // Each theme is its own page and entry; so is each catalog state.
    const dark = await ctx.app.inject({
      url: '/',
      headers: { 'accept-encoding': BROWSER, cookie: 'theme=dark' },
    });
    expect(dark.headers.etag).not.toBe(first.headers.etag);
    expect(brotliDecompressSync(dark.rawPayload).toString()).toContain('data-theme="dark"');
    expect(bodies.size().entries).toBe(2);
    await ctx.seed([{ id: 'newapp', isPublic: true, name: 'Brand New' }]);
    const changed = await ctx.app.inject({ url: '/', headers: { 'accept-encoding': BROWSER } });
    expect(brotliDecompressSync(changed.rawPayload).toString()).toContain('Brand New');
    expect(bodies.size().entries).toBe(3);
    expect(new Set(keys).size).toBe(3);
  });

  it('compresses pages with a query string live, keeping nothing of them', async () => {
    const { bodies, keys } = spiedBodies();
    await start(render, {}, { sharedBodies: bodies });
    const response = await ctx.app.inject({
      url: '/?q=gal',
      headers: { 'accept-encoding': BROWSER },
    });
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers.etag).toMatch(/^W\/".+"$/);
    expect(stateOf(brotliDecompressSync(response.rawPayload).toString()).search).toBe('?q=gal');
    expect(keys).toEqual([]);
  });

  it('never puts a signed-in page or /api/me in the shared cache', async () => {
    const { bodies, keys } = spiedBodies();
    await start(render, {}, { sharedBodies: bodies });
    const alice = await ctx.issuer.tokenFor('alice', ['/genomics'], { given_name: 'Alice' });
    for (let i = 0; i < 2; i += 1) {
      const page = await ctx.app.inject({
        url: '/',
        headers: { ...bearer(alice), 'accept-encoding': BROWSER },
      });
      expect(page.headers['cache-control']).toBe('private, no-store');
      expect(page.headers.etag).toBeUndefined();
      expect(page.headers.vary).toMatch(/^Cookie, Accept-Language, Accept-Encoding$/i);
      expect(rootOf(brotliDecompressSync(page.rawPayload).toString())).toContain('Hello, Alice');
      const me = await ctx.app.inject({
        url: '/api/me',
        headers: { ...bearer(alice), 'accept-encoding': BROWSER },
      });
      expect(me.statusCode).toBe(200);
      expect(me.headers['cache-control']).toBe('no-store');
      const apps = await ctx.app.inject({
        url: '/api/apps?perPage=500',
        headers: { ...bearer(alice), 'accept-encoding': BROWSER },
      });
      expect(apps.headers.etag).toBeUndefined();
    }
    expect(keys).toEqual([]);
    expect(bodies.size()).toEqual({ entries: 0, bytes: 0 });
  });

  it("never gives one user another's page, and renders a user's page again when it changes", async () => {
    await start(counted);
    const alice = await ctx.issuer.tokenFor('alice', ['/genomics'], { given_name: 'Alice' });
    const bob = await ctx.issuer.tokenFor('bob', ['/imaging'], { given_name: 'Bob' });
    const pageOf = async (token: string) => {
      const response = await ctx.app.inject({
        url: '/',
        headers: { ...bearer(token), 'accept-encoding': BROWSER },
      });
      const html = brotliDecompressSync(response.rawPayload).toString();
      return { html, root: rootOf(html) };
    };
    renders = 0;
    for (let i = 0; i < 2; i += 1) {
      const [a, b] = [(await pageOf(alice)).root, (await pageOf(bob)).root];
      expect(a).toContain('Hello, Alice');
      expect(a).toContain('RStudio Secretname');
      expect(a).not.toContain('Hello, Bob');
      expect(a).not.toContain('OMERO Hiddenname');
      expect(b).toContain('Hello, Bob');
      expect(b).toContain('OMERO Hiddenname');
      expect(b).not.toContain('Hello, Alice');
      expect(b).not.toContain('RStudio Secretname');
    }
    // Each user's reload while nothing changed is served from their own kept page.
    expect(renders).toBe(2);

    const put = await ctx.app.inject({
      method: 'PUT',
      url: '/api/me/favorites/rstudio',
      headers: bearer(alice),
    });
    expect(put.statusCode).toBe(200);
    expect(stateOf((await pageOf(alice)).html).me?.favorites.map((app) => app.id)).toEqual([
      'rstudio',
    ]);
    expect(renders).toBe(3);
  });
});
