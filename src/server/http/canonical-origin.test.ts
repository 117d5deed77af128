import Fastify from 'fastify';
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { canonicalOrigin, canonicalTarget, isLoopbackAlias } from './canonical-origin.js';

describe('isLoopbackAlias', () => {
  const local = new URL('http://localhost:8080');
  it.each([
    ['127.0.0.1:8080', local, true],
    ['[::1]:8080', local, true],
    ['portal.localhost:8080', local, true],
    ['localhost:8080', local, false],
    ['127.0.0.1:9090', local, false],
    ['portal.example.edu:8080', local, false],
    ['10.0.0.5:8080', local, false],
    ['localhost', new URL('http://127.0.0.1'), true],
    ['localhost:80', new URL('http://127.0.0.1'), true],
    // A PUBLIC_URL that is not loopback: a proxy may rewrite Host, so nothing is redirected.
    ['127.0.0.1:8080', new URL('https://portal.example.edu'), false],
    ['internal-name:8080', new URL('https://portal.example.edu'), false],
  ])('%s for %s: %s', (host, publicUrl, expected) => {
    expect(isLoopbackAlias(host, publicUrl)).toBe(expected);
  });
});

describe('canonicalOrigin', () => {
  async function server(publicUrl: string) {
    const app = Fastify();
    await app.register(canonicalOrigin, { publicUrl });
    app.get('/*', async () => 'page');
    app.get('/api/apps', async () => ({ items: [] }));
    app.post('/auth/logout', async () => 'out');
    return app;
  }

  it('moves page views and sign-in starts on 127.0.0.1 to the localhost PUBLIC_URL', async () => {
    const app = await server('http://localhost:8080');
    for (const url of ['/', '/admin?x=1', '/auth/login?returnTo=%2Fadmin']) {
      const response = await app.inject({ url, headers: { host: '127.0.0.1:8080' } });
      expect(response.statusCode, url).toBe(302);
      expect(response.headers.location).toBe(`http://localhost:8080${url}`);
    }
    await app.close();
  });

  // An open redirect between loopback names: a path that a URL parser reads as another host
  // (`//evil.example/x`, `/\\evil.example/x`) must still land on PUBLIC_URL's origin.
  it.each([
    ['//evil.example/x', '/evil.example/x'],
    ['/\\evil.example/x', '/evil.example/x'],
    ['/\\/evil.example/x', '/evil.example/x'],
    ['\\\\evil.example/x', '/evil.example/x'],
    ['///evil.example/x?y=1', '/evil.example/x?y=1'],
    ['/%2F%2Fevil.example/x', '/%2F%2Fevil.example/x'],
    ['/%5C%5Cevil.example', '/%5C%5Cevil.example'],
    ['/\t/evil.example/x', '/evil.example/x'],
    ['/\n//evil.example/x', '/evil.example/x'],
    ['/./../evil.example', '/evil.example'],
    ['/@evil.example', '/@evil.example'],
    ['http://evil.example/x', '/http://evil.example/x'],
    ['/admin?returnTo=//evil.example', '/admin?returnTo=//evil.example'],
  ])('keeps %j on PUBLIC_URL: %s', (url, path) => {
    const target = canonicalTarget(url, new URL('http://localhost:8080'));
    expect(new URL(target).origin).toBe('http://localhost:8080');
    expect(target).toBe(`http://localhost:8080${path}`);
  });

  it('redirects raw hostile paths sent over HTTP to PUBLIC_URL only', async () => {
    const app = await server('http://localhost:8080');
    await app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = app.server.address() as AddressInfo;
    const publicUrl = `http://localhost:${port}`;
    await app.close();
    const live = await server(publicUrl);
    await live.listen({ host: '127.0.0.1', port });
    try {
      for (const path of ['//evil.example/x', '/\\evil.example/x', '/\\/evil.example/x']) {
        const location = await new Promise<string | undefined>((resolve, reject) => {
          const request = httpRequest(
            { host: '127.0.0.1', port, path, headers: { host: `127.0.0.1:${port}` } },
            (response) => {
              response.resume();
              resolve(response.headers.location);
            },
          );
          request.on('error', reject);
          request.end();
        });
        expect(location, path).toBe(`${publicUrl}/evil.example/x`);
      }
    } finally {
      await live.close();
    }
  });

  it('answers on PUBLIC_URL, the API on any host, and no other method', async () => {
    const app = await server('http://localhost:8080');
    const canonical = await app.inject({ url: '/', headers: { host: 'localhost:8080' } });
    expect(canonical.statusCode).toBe(200);
    const api = await app.inject({ url: '/api/apps', headers: { host: '127.0.0.1:8080' } });
    expect(api.statusCode).toBe(200);
    const post = await app.inject({
      method: 'POST',
      url: '/auth/logout',
      headers: { host: '127.0.0.1:8080' },
    });
    expect(post.statusCode).toBe(200);
    await app.close();
  });

  it('never redirects when PUBLIC_URL is a real name (a proxy may rewrite Host: no loop)', async () => {
    const app = await server('https://portal.example.edu');
    for (const host of ['127.0.0.1:8080', 'app-portal:8080', 'localhost']) {
      const response = await app.inject({ url: '/', headers: { host } });
      expect(response.statusCode, host).toBe(200);
    }
    await app.close();
  });
});
