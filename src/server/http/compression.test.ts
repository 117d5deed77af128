import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../test-support/test-app.js';

describe('compression of API answers', () => {
  let ctx: TestContext;

  beforeEach(async () => {
    ctx = await createTestContext({
      apps: Array.from({ length: 60 }, (_, index) => ({
        id: `app${String(index).padStart(3, '0')}`,
        isPublic: true,
      })),
    });
  });
  afterEach(async () => ctx.close());

  const plainBody = async () =>
    (await ctx.app.inject({ url: '/api/apps?perPage=500', headers: {} })).body;

  it.each([
    ['br', brotliDecompressSync],
    ['gzip', gunzipSync],
  ] as const)(
    'compresses a large answer with %s, decoding to the same bytes',
    async (encoding, decode) => {
      const response = await ctx.app.inject({
        url: '/api/apps?perPage=500',
        headers: { 'accept-encoding': encoding },
      });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-encoding']).toBe(encoding);
      expect(response.headers.vary).toMatch(/accept-encoding/i);
      expect(response.headers['cache-control']).toBe('no-store');
      const decoded = decode(response.rawPayload).toString();
      expect(decoded).toBe(await plainBody());
      expect(response.rawPayload.length).toBeLessThan(decoded.length / 3);
    },
  );

  it('keeps the anonymous catalog compressed: the same bytes, its length, ETag, 304 and Vary', async () => {
    const ask = (headers: Record<string, string> = {}) =>
      ctx.app.inject({
        url: '/api/apps?perPage=500',
        headers: { 'accept-encoding': 'gzip, deflate, br', ...headers },
      });
    const first = await ask();
    const second = await ask();
    expect(second.rawPayload.equals(first.rawPayload)).toBe(true);
    expect(first.headers['content-length']).toBe(String(first.rawPayload.length));
    expect(first.headers.vary).toBe('Authorization, Cookie, Accept-Language, Accept-Encoding');
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^W\/".+"$/);
    const notModified = await ask({ 'if-none-match': etag });
    expect(notModified.statusCode).toBe(304);
    expect(notModified.rawPayload.length).toBe(0);
    expect(notModified.headers.vary).toBe(
      'Authorization, Cookie, Accept-Language, Accept-Encoding',
    );
    // Another page of the list is another answer.
    const other = await ctx.app.inject({
      url: '/api/apps?perPage=10',
      headers: { 'if-none-match': etag },
    });
    expect(other.statusCode).toBe(200);
    expect(other.headers.etag).not.toBe(etag);
  });

  it('compresses a signed-in caller’s catalog live, never with the shared ETag', async () => {
    const token = await ctx.issuer.tokenFor('alice', []);
    const response = await ctx.app.inject({
      url: '/api/apps?perPage=500',
      headers: { authorization: `Bearer ${token}`, 'accept-encoding': 'br' },
    });
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers.etag).toBeUndefined();
    expect(JSON.parse(brotliDecompressSync(response.rawPayload).toString())).toMatchObject({
      totalItems: 60,
    });
  });

  it('prefers brotli when the browser accepts both', async () => {
    const response = await ctx.app.inject({
      url: '/api/apps?perPage=500',
      headers: { 'accept-encoding': 'gzip, deflate, br, zstd' },
    });
    expect(response.headers['content-encoding']).toBe('br');
  });

  it('sends small answers and answers to clients without Accept-Encoding as they are', async () => {
    const small = await ctx.app.inject({
      url: '/api/health',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json()).toEqual({ status: 'ok' });
    const plain = await ctx.app.inject({ url: '/api/apps?perPage=500' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.json()).toMatchObject({ totalItems: 60 });
  });
});
