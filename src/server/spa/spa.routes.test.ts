import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gzipSync, gunzipSync } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { registerErrorHandling } from '../http/error-handler.js';
import { webAppRoutes } from './spa.routes.js';

const INDEX = '<!doctype html><title>portal</title><div id="root"></div>';
const BIG = `export const words = ${JSON.stringify('card '.repeat(2000))};\n`;

async function buildWith(root: string): Promise<FastifyInstance> {
  const app = Fastify({ logger: false });
  registerErrorHandling(app);
  app.get('/api/health', async () => ({ status: 'ok' }));
  await app.register(webAppRoutes, { root });
  await app.ready();
  return app;
}

describe('web app routes', () => {
  let dir: string;
  let app: FastifyInstance;

  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'web-routes-'));
    mkdirSync(join(dir, 'assets'));
    writeFileSync(join(dir, 'index.html'), INDEX);
    writeFileSync(join(dir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    writeFileSync(join(dir, 'assets', 'index-Ab12Cd34.js'), 'console.log(1);');
    writeFileSync(join(dir, 'assets', 'big-Ef56Gh78.js'), BIG);
    writeFileSync(join(dir, 'assets', 'big-Ef56Gh78.js.br'), brotliCompressSync(BIG));
    writeFileSync(join(dir, 'assets', 'big-Ef56Gh78.js.gz'), gzipSync(BIG));
    app = await buildWith(dir);
  });

  afterEach(async () => {
    await app.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('leaves / and the SPA paths to the page routes (page.routes.ts)', async () => {
    for (const url of ['/', '/favorites']) {
      expect((await app.inject({ url })).statusCode).toBe(404);
    }
  });

  it('caches hashed assets for a year, immutably', async () => {
    const response = await app.inject({ url: '/assets/index-Ab12Cd34.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/javascript/);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it.each([
    ['br', brotliDecompressSync],
    ['gzip', gunzipSync],
  ] as const)('sends the pre-compressed %s copy of a built file', async (encoding, decode) => {
    const response = await app.inject({
      url: '/assets/big-Ef56Gh78.js',
      headers: { 'accept-encoding': `${encoding}, identity` },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe(encoding);
    expect(response.headers['content-type']).toMatch(/javascript/);
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.headers.etag).toBeTruthy();
    expect(decode(response.rawPayload).toString()).toBe(BIG);
  });

  it('gives each encoding its own ETag and answers 304 to a matching one', async () => {
    const get = (encoding: string, etag?: string) =>
      app.inject({
        url: '/assets/big-Ef56Gh78.js',
        headers: { 'accept-encoding': encoding, ...(etag ? { 'if-none-match': etag } : {}) },
      });
    const br = await get('br');
    const plain = await get('identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(BIG);
    expect(br.headers.etag).not.toBe(plain.headers.etag);
    const again = await get('br', String(br.headers.etag));
    expect(again.statusCode).toBe(304);
  });

  it('revalidates other public files', async () => {
    const response = await app.inject({ url: '/favicon.svg' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-cache');
  });

  it.each(['/api/nope', '/api', '/api/apps/x/y', '/assets/missing-123.js'])(
    'keeps the JSON 404 for %s',
    async (url) => {
      const response = await app.inject({ url });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({
        status: 404,
        code: 'not_found',
        message: "The requested resource wasn't found.",
        data: {},
      });
    },
  );

  it('leaves API routes alone', async () => {
    const response = await app.inject({ url: '/api/health' });
    expect(response.json()).toEqual({ status: 'ok' });
  });

  it('does not answer other methods with the SPA', async () => {
    const response = await app.inject({ method: 'POST', url: '/favorites' });
    expect(response.statusCode).toBe(404);
  });
});

describe('web app routes without a build', () => {
  it('registers nothing and unknown paths stay JSON 404s', async () => {
    const app = await buildWith(join(tmpdir(), 'no-such-web-build'));
    const response = await app.inject({ url: '/' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ status: 404 });
    await app.close();
  });
});
