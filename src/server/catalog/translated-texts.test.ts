import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { bearer, createTestContext, type TestContext } from '../test-support/test-app.js';

// Catalog texts per language (docs/catalog.md): the admin API takes and answers maps, readers
// get their language's text as a plain string, the catalog file round-trips them.

let ctx: TestContext;
let adminToken: string;

beforeEach(async () => {
  ctx = await createTestContext({
    apps: [{ id: 'galaxy', name: 'Galaxy', isPublic: true }],
  });
  adminToken = await ctx.issuer.tokenFor('admin', [], {
    realm_access: { roles: ['portal-admin'] },
  });
});
afterEach(async () => {
  await ctx.close();
});

function call(
  method: 'GET' | 'POST' | 'PATCH',
  url: string,
  options: { body?: unknown; headers?: Record<string, string> } = {},
) {
  return ctx.app.inject({
    method,
    url,
    headers: { ...bearer(adminToken), ...options.headers },
    ...(options.body === undefined ? {} : { payload: options.body as object }),
  });
}

const DESCRIPTION = { en: 'Genome browser', de: 'Genombrowser' };

async function createBrowser() {
  const created = await call('POST', '/api/admin/apps', {
    body: { id: 'igv', name: 'IGV', description: DESCRIPTION, isPublic: true },
  });
  expect(created.statusCode).toBe(201);
  return created;
}

function listApps(headers: Record<string, string> = {}) {
  return ctx.app.inject({ method: 'GET', url: '/api/apps?perPage=500', headers });
}

function appOf(response: { json(): { items: { id: string; description: string }[] } }, id: string) {
  return response.json().items.find((app) => app.id === id);
}

describe('texts per language in the admin API', () => {
  it('creates, answers and changes a map; the audit log keeps it', async () => {
    const created = await createBrowser();
    expect(created.json()).toMatchObject({ name: 'IGV', description: DESCRIPTION });
    const got = await call('GET', '/api/admin/apps/igv');
    expect(got.json().description).toEqual(DESCRIPTION);

    const changed = await call('PATCH', '/api/admin/apps/igv', {
      body: { version: 1, name: { en: 'IGV', fr: 'IGV (visualiseur)' } },
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({
      name: { en: 'IGV', fr: 'IGV (visualiseur)' },
      description: DESCRIPTION,
    });
    // Back to one string: a string stays a string.
    const plain = await call('PATCH', '/api/admin/apps/igv', {
      body: { version: 2, description: 'Genome browser' },
    });
    expect(plain.json().description).toBe('Genome browser');

    const audit = (await call('GET', '/api/admin/audit?app=igv')).json().items;
    const update = audit.find(
      (entry: { action: string; after: Record<string, unknown> }) =>
        entry.action === 'update' && 'name' in entry.after,
    );
    expect(update.after.name).toEqual({ en: 'IGV', fr: 'IGV (visualiseur)' });
  });

  it('refuses an empty map, empty texts and bad tags with a 400 naming the field', async () => {
    for (const [description, message] of [
      [{}, /at least one language/],
      [{ de: '' }, /"de" must not be empty/],
      [{ 'not a tag': 'x' }, /not a language tag/],
      [{ de: 'x'.repeat(2001) }, /"de" must be at most 2000 characters/],
    ] as const) {
      const response = await call('POST', '/api/admin/apps', {
        body: { name: 'Bad', description },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().data.fields.description).toMatch(message);
    }
  });

  it('keeps maps through the trash and back', async () => {
    await createBrowser();
    expect((await call('GET', '/api/admin/apps/igv')).json().version).toBe(1);
    await ctx.app.inject({
      method: 'DELETE',
      url: '/api/admin/apps/igv?version=1',
      headers: bearer(adminToken),
    });
    const restored = await call('POST', '/api/admin/apps/igv/restore');
    expect(restored.statusCode).toBe(200);
    expect(restored.json().description).toEqual(DESCRIPTION);
  });
});

describe('GET /api/apps in the request language', () => {
  it('answers the German text for de, the default for fr, strings unchanged', async () => {
    await createBrowser();
    const german = await listApps({ 'accept-language': 'de-DE,de;q=0.9' });
    expect(appOf(german, 'igv')?.description).toBe('Genombrowser');
    expect(appOf(german, 'galaxy')?.description).toBe('About galaxy');
    const french = await listApps({ 'accept-language': 'fr' });
    expect(appOf(french, 'igv')?.description).toBe('Genome browser');
    const chosen = await listApps({ cookie: 'lang=de', 'accept-language': 'fr' });
    expect(appOf(chosen, 'igv')?.description).toBe('Genombrowser');
    expect(german.headers.vary).toMatch(/Accept-Language/);
    expect(german.headers.vary).toMatch(/Cookie/);
  });

  it('never gives two languages the same ETag or cached body', async () => {
    const english = await listApps({ 'accept-language': 'en', 'accept-encoding': 'gzip' });
    const spanish = await listApps({ 'accept-language': 'es', 'accept-encoding': 'gzip' });
    // The same texts (no app is translated), still two answers.
    expect(english.headers.etag).not.toBe(spanish.headers.etag);
    const revalidated = await listApps({
      'accept-language': 'es',
      'if-none-match': String(english.headers.etag),
    });
    expect(revalidated.statusCode).toBe(200);
    await createBrowser();
    const german = await listApps({ 'accept-language': 'de', 'accept-encoding': 'gzip' });
    const germanAgain = await listApps({ 'accept-language': 'de' });
    expect(appOf(germanAgain, 'igv')?.description).toBe('Genombrowser');
    const englishAgain = await listApps({ 'accept-language': 'en' });
    expect(appOf(englishAgain, 'igv')?.description).toBe('Genome browser');
    expect(german.headers.etag).not.toBe(englishAgain.headers.etag);
  });
});

describe('favorites in the request language', () => {
  it('answers GET /api/me and favorite changes with the texts of the language', async () => {
    await createBrowser();
    const alice = bearer(await ctx.issuer.tokenFor('alice', []));
    const added = await ctx.app.inject({
      method: 'PUT',
      url: '/api/me/favorites/igv',
      headers: { ...alice, 'accept-language': 'de' },
    });
    expect(added.statusCode).toBe(200);
    expect(added.json().favorites[0].description).toBe('Genombrowser');
    const english = await ctx.app.inject({
      url: '/api/me',
      headers: { ...alice, 'accept-language': 'fr' },
    });
    expect(english.json().favorites[0].description).toBe('Genome browser');
  });
});

describe('the catalog file', () => {
  it('exports maps and imports them back unchanged (YAML and JSON)', async () => {
    await createBrowser();
    const exported = await call('GET', '/api/admin/catalog/export');
    expect(exported.body).toMatch(/description:\n\s+en: Genome browser\n\s+de: Genombrowser/);
    const again = await ctx.app.inject({
      method: 'POST',
      url: '/api/admin/catalog/import?dryRun=true',
      headers: { ...bearer(adminToken), 'content-type': 'application/yaml' },
      payload: exported.body,
    });
    expect(again.json()).toMatchObject({ add: [], change: [], unchanged: 2 });

    const json = JSON.stringify({
      apps: [
        {
          id: 'igv',
          name: 'IGV',
          description: { en: 'Genome browser', de: 'Genombrowser', es: 'Navegador genómico' },
          isPublic: true,
        },
      ],
    });
    const diff = await ctx.app.inject({
      method: 'POST',
      url: '/api/admin/catalog/import?dryRun=false',
      headers: { ...bearer(adminToken), 'content-type': 'application/json' },
      payload: json,
    });
    expect(diff.statusCode).toBe(200);
    expect(diff.json().change).toEqual([
      {
        id: 'igv',
        name: 'IGV',
        fields: [
          {
            field: 'description',
            before: DESCRIPTION,
            after: { ...DESCRIPTION, es: 'Navegador genómico' },
          },
        ],
      },
    ]);
    const spanish = await listApps({ 'accept-language': 'es' });
    expect(appOf(spanish, 'igv')?.description).toBe('Navegador genómico');
  });
});
