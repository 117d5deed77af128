import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PAGE_MESSAGES_ID, PAGE_NAMESPACES, type Language } from '../../shared/i18n/languages.js';
// The real renderer (what dist/ssr is built from), as in page.routes.test.ts.
// eslint-disable-next-line no-restricted-imports
import { render } from '../../web/entry-server.js';
import { bearer, createTestContext, type TestContext } from '../test-support/test-app.js';
import { shippedCatalogs } from './catalogs.js';
import { STALE_PAGE_MESSAGES_MAX_AGE } from './messages.routes.js';

const PORTAL = 'http://portal.test';
const TEMPLATE =
  '<!doctype html>\n<html lang="en">\n<head><title>App Portal</title></head>\n' +
  '<body><div id="root"></div></body></html>\n';

let ctx: TestContext;
let webRoot: string;

const start = async (env: Record<string, string> = {}) => {
  ctx = await createTestContext({
    apps: [{ id: 'galaxy', isPublic: true, name: 'Galaxy' }],
    env: { PUBLIC_URL: PORTAL, ...env },
    deps: { webRoot, renderPage: render },
  });
};

beforeEach(() => {
  webRoot = mkdtempSync(join(tmpdir(), 'language-routes-'));
  writeFileSync(join(webRoot, 'index.html'), TEMPLATE);
});

afterEach(async () => {
  await ctx?.close();
  rmSync(webRoot, { recursive: true, force: true });
});

const htmlTag = (html: string) => /<html[^>]*>/.exec(html)?.[0];
/** Where a page names its messages: the href of its preload link. */
const messagesUrl = (html: string) => {
  const link = new RegExp(
    `<link rel="preload" id="${PAGE_MESSAGES_ID}" href="([^"]+)" as="fetch" crossorigin="anonymous"`,
  );
  return link.exec(html)?.[1]?.replace(/&amp;/g, '&');
};
/** The messages a page names, fetched as the browser does. */
const pageMessages = async (html: string) => {
  const url = messagesUrl(html);
  if (!url) return null;
  const response = await ctx.app.inject({ url });
  expect(response.statusCode).toBe(200);
  return response.json<Record<string, unknown>>();
};

describe('the language of the server-rendered pages', () => {
  it('follows Accept-Language, best q first, and only languages the portal speaks', async () => {
    await start();
    const cases: [string | undefined, string][] = [
      [undefined, 'en'],
      ['de-DE,de;q=0.9,en;q=0.8', 'de'],
      ['ja, fr;q=0.5, en;q=0.4', 'fr'],
      ['en;q=0.2, es;q=0.9', 'es'],
      ['ar', 'ar'],
      ['ja, zh', 'en'],
      ['de;q=0, fr;q=0.1', 'fr'],
      ['x'.repeat(5000), 'en'],
    ];
    for (const [acceptLanguage, language] of cases) {
      const headers = acceptLanguage ? { 'accept-language': acceptLanguage } : {};
      const response = await ctx.app.inject({ url: '/', headers });
      expect(response.statusCode).toBe(200);
      expect(htmlTag(response.body), String(acceptLanguage)).toContain(`lang="${language}"`);
      expect(response.headers.vary).toMatch(/accept-language/i);
    }
  });

  it('renders German text on the first answer, naming only German messages', async () => {
    await start();
    const response = await ctx.app.inject({
      url: '/nowhere',
      headers: { 'accept-language': 'de' },
    });
    expect(response.statusCode).toBe(404);
    expect(htmlTag(response.body)).toBe('<html lang="de" dir="ltr" data-density="comfortable">');
    expect(response.body).toContain('Seite nicht gefunden');
    expect(response.body).not.toContain('<script type="application/json" id="portal-messages">');
    const messages = await pageMessages(response.body);
    expect(messages?.['notFound.heading']).toEqual(['Seite nicht gefunden']);
    expect(response.body).not.toContain('Page not found');
  });

  it('marks Arabic pages right to left', async () => {
    await start();
    const response = await ctx.app.inject({ url: '/', headers: { 'accept-language': 'ar' } });
    expect(htmlTag(response.body)).toBe('<html lang="ar" dir="rtl" data-density="comfortable">');
  });

  it('prefers the lang cookie, then the locale claim, then Accept-Language, then the default', async () => {
    await start({ DEFAULT_LANGUAGE: 'es' });
    const alice = await ctx.issuer.tokenFor('alice', [], { locale: 'fr' });
    const cases: [Record<string, string>, string][] = [
      [{}, 'es'],
      [{ 'accept-language': 'de' }, 'de'],
      [{ ...bearer(alice), 'accept-language': 'de' }, 'fr'],
      [{ ...bearer(alice), 'accept-language': 'de', cookie: 'lang=ar' }, 'ar'],
      [{ 'accept-language': 'de', cookie: 'lang=klingon' }, 'de'],
    ];
    for (const [headers, language] of cases) {
      const response = await ctx.app.inject({ url: '/', headers });
      expect(htmlTag(response.body), JSON.stringify(headers)).toContain(`lang="${language}"`);
    }
  });

  it('keeps one cached public page per language, each with its own ETag', async () => {
    await start();
    const de = await ctx.app.inject({ url: '/', headers: { 'accept-language': 'de' } });
    const fr = await ctx.app.inject({ url: '/', headers: { 'accept-language': 'fr' } });
    expect(de.headers.etag).not.toBe(fr.headers.etag);
    const again = await ctx.app.inject({
      url: '/',
      headers: { 'accept-language': 'fr', 'if-none-match': String(de.headers.etag) },
    });
    expect(again.statusCode).toBe(200);
    const same = await ctx.app.inject({
      url: '/',
      headers: { 'accept-language': 'de', 'if-none-match': String(de.headers.etag) },
    });
    expect(same.statusCode).toBe(304);
  });
});

describe('POST /language (the language menu)', () => {
  const form = (body: string, headers: Record<string, string> = { origin: PORTAL }) =>
    ctx.app.inject({
      method: 'POST',
      url: '/language',
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
      payload: body,
    });

  it('sets a long-lived, script-readable, Lax cookie and goes back to the page', async () => {
    await start();
    const response = await form('language=de&returnTo=%2Frequests');
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe('/requests');
    const cookie = String(response.headers['set-cookie']);
    expect(cookie).toMatch(/^lang=de;/);
    expect(cookie).toContain('Max-Age=31536000');
    expect(cookie).toContain('SameSite=Lax');
    expect(cookie).not.toMatch(/HttpOnly/i);
  });

  it('refuses an unknown language, or another site, and sets nothing', async () => {
    await start();
    for (const body of ['language=klingon', 'language=', 'returnTo=%2F', 'language=de-AT']) {
      const response = await form(body);
      expect(response.statusCode).toBe(400);
      expect(response.json<{ message: string }>().message).toContain('en, de, fr, es, ar');
      expect(response.headers['set-cookie']).toBeUndefined();
    }
    const cross = await form('language=de', { origin: 'https://evil.example' });
    expect(cross.statusCode).toBe(403);
    expect(cross.headers['set-cookie']).toBeUndefined();
  });
});

describe('GET /api/messages/{language}/{namespace}', () => {
  it('answers one namespace in one language, with an ETag and 304', async () => {
    await start();
    const response = await ctx.app.inject({ url: '/api/messages/de/portal' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ 'notFound.heading': ['Seite nicht gefunden'] });
    expect(response.headers['cache-control']).toBe('no-cache');
    const again = await ctx.app.inject({
      url: '/api/messages/de/portal',
      headers: { 'if-none-match': String(response.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
  });

  it('refuses an unknown language or namespace with 400', async () => {
    await start();
    for (const url of [
      '/api/messages/xx/portal',
      '/api/messages/de/secrets',
      '/api/messages/de/..%2F..',
    ]) {
      const response = await ctx.app.inject({ url });
      expect(response.statusCode, url).toBe(400);
    }
  });
});

describe('GET /api/messages/{language}/page (the file each page names)', () => {
  const catalogs = shippedCatalogs();
  const current = (language: Language) => catalogs.version(language, PAGE_NAMESPACES);

  it('is named by every page, versioned by the hash of the messages it answers', async () => {
    await start();
    for (const url of ['/', '/nowhere', '/admin']) {
      for (const language of ['de', 'ar'] as const) {
        const page = await ctx.app.inject({ url, headers: { 'accept-language': language } });
        const named = messagesUrl(page.body);
        expect(named, `${url} ${language}`).toBe(
          `/api/messages/${language}/page?v=${current(language)}`,
        );
        const response = await ctx.app.inject({ url: named });
        // The very JSON pages carried inline before: the page namespaces, compiled.
        expect(response.body).toBe(catalogs.json(language, PAGE_NAMESPACES));
        const hash = createHash('sha256').update(response.body).digest('base64url');
        expect(named).toBe(`/api/messages/${language}/page?v=${hash.slice(0, 16)}`);
      }
    }
    expect(current('de')).not.toBe(current('fr'));
  });

  it('is kept for good with the current version, and briefly with any other or none', async () => {
    await start();
    const url = `/api/messages/fr/page?v=${current('fr')}`;
    const named = await ctx.app.inject({ url });
    expect(named.statusCode).toBe(200);
    expect(named.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(named.headers['content-type']).toBe('application/json; charset=utf-8');
    for (const other of ['/api/messages/fr/page?v=0ld-Versi0n_', '/api/messages/fr/page']) {
      const response = await ctx.app.inject({ url: other });
      expect(response.statusCode, other).toBe(200);
      expect(response.headers['cache-control'], other).toBe(
        `public, max-age=${STALE_PAGE_MESSAGES_MAX_AGE}`,
      );
      expect(response.body, other).toBe(named.body);
    }
    expect(STALE_PAGE_MESSAGES_MAX_AGE).toBeLessThanOrEqual(300);
  });

  it('is compressed once, with an ETag and 304', async () => {
    await start();
    const url = `/api/messages/de/page?v=${current('de')}`;
    const plain = await ctx.app.inject({ url });
    const br = await ctx.app.inject({ url, headers: { 'accept-encoding': 'br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    const again = await ctx.app.inject({
      url,
      headers: { 'if-none-match': String(plain.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });

  it('refuses an unknown language or a malformed version with 400', async () => {
    await start();
    for (const url of [
      '/api/messages/xx/page',
      `/api/messages/de/page?v=${'a'.repeat(65)}`,
      '/api/messages/de/page?v=%3Cscript%3E',
      '/api/messages/de/page?v=a.b',
    ]) {
      const response = await ctx.app.inject({ url });
      expect(response.statusCode, url).toBe(400);
      expect(response.json<{ message: string }>().message, url).toBeTruthy();
    }
  });
});
