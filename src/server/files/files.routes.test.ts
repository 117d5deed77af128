import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createFileStorage } from './file-storage.js';
import { importStoredLogos } from './legacy-logos.js';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { bearer, createTestContext, type TestContext } from '../test-support/test-app.js';

const SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1 1"><rect width="1" height="1"></rect></svg>';
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);

let ctx: TestContext;
beforeEach(async () => {
  ctx = await createTestContext({
    apps: [
      { id: 'galaxy', isPublic: true, image: 'galaxy.svg' },
      { id: 'rstudio', groups: ['genomics'], image: 'rstudio.png' },
    ],
  });
  for (const [app, file, content] of [
    ['galaxy', 'galaxy.svg', SVG],
    ['galaxy', 'old.svg', SVG],
    ['rstudio', 'rstudio.png', PNG],
  ] as const) {
    mkdirSync(join(ctx.storage.root, 'apps', app), { recursive: true });
    writeFileSync(join(ctx.storage.root, 'apps', app, file), content);
  }
  // Logos of the old file storage move into the database at start-up (decision 0005).
  expect(await importStoredLogos(ctx.db, createFileStorage(ctx.storage.root))).toBe(2);
  // A file outside storage that traversal would reach.
  writeFileSync(join(ctx.dataDir, 'secret.txt'), 'secret');
});
afterEach(async () => {
  await ctx.close();
});

const get = (url: string, headers: Record<string, string> = {}) =>
  ctx.app.inject({ method: 'GET', url, headers });

describe('GET /api/files/{collectionId}/{appId}/{fileName}', () => {
  it('serves a logo with its content type, nosniff and cache headers', async () => {
    const response = await get('/api/files/apps/galaxy/galaxy.svg');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/svg+xml');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['cache-control']).toBe('public, max-age=86400');
    expect(response.headers['content-security-policy']).toContain('sandbox');
    expect(response.headers.etag).toBeTruthy();
    expect(response.body).toBe(SVG);
  });

  it('answers 304 to a matching If-None-Match', async () => {
    const first = await get('/api/files/apps/galaxy/galaxy.svg');
    const second = await get('/api/files/apps/galaxy/galaxy.svg', {
      'if-none-match': String(first.headers.etag),
    });
    expect(second.statusCode).toBe(304);
    expect(second.body).toBe('');
  });

  it('serves a restricted app’s logo only to those who may see the app, privately cached', async () => {
    expect((await get('/api/files/apps/rstudio/rstudio.png')).statusCode).toBe(404);
    const imaging = await ctx.issuer.tokenFor('bob', ['/imaging']);
    expect((await get('/api/files/apps/rstudio/rstudio.png', bearer(imaging))).statusCode).toBe(
      404,
    );
    const genomics = await ctx.issuer.tokenFor('alice', ['/genomics']);
    const response = await get('/api/files/apps/rstudio/rstudio.png', bearer(genomics));
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/png');
    expect(response.headers['cache-control']).toBe('private, max-age=3600');
    expect(response.rawPayload.equals(PNG)).toBe(true);
  });

  it.each([
    '/api/files/apps/galaxy/old.svg',
    '/api/files/apps/galaxy/missing.svg',
    '/api/files/other/galaxy/galaxy.svg',
    '/api/files/apps/nobody/galaxy.svg',
    '/api/files/apps/galaxy/..%2f..%2f..%2fsecret.txt',
    '/api/files/apps/galaxy/%2e%2e%2f%2e%2e%2fsecret.txt',
    '/api/files/apps/galaxy/%2e%2e',
    '/api/files/apps/%2e%2e/galaxy.svg',
    '/api/files/%2e%2e/%2e%2e/secret.txt',
    '/api/files/apps/galaxy/%2fetc%2fpasswd',
    '/api/files/apps/galaxy/..%5c..%5csecret.txt',
    '/api/files/apps/galaxy/.galaxy.svg',
    '/api/files/apps/galaxy/galaxy.svg%00.png',
    '/api/files/apps/galaxy/../../secret.txt',
    '/api/files/apps/galaxy/%252e%252e%252fsecret.txt',
  ])('answers 404 to %s', async (url) => {
    const response = await get(url);
    expect(response.statusCode).toBe(404);
    expect(response.body).not.toContain('secret');
    if (response.headers['content-type']?.toString().startsWith('application/json')) {
      expect(response.json()).toEqual({
        status: 404,
        code: 'not_found',
        message: "The requested resource wasn't found.",
        data: {},
      });
    }
  });
});
