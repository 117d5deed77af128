import helmet from 'helmet';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTestContext, type TestContext } from '../test-support/test-app.js';
import { cspDirectives, securityHeaderValues } from './security-headers.js';

// Helmet itself, counted: the headers are to be worked out once, not per request.
vi.mock('helmet', async (importOriginal) => {
  const actual = await importOriginal<{ default: typeof helmet }>();
  return { default: vi.fn(actual.default) };
});

let contexts: TestContext[] = [];
afterEach(async () => {
  await Promise.all(contexts.map((ctx) => ctx.close()));
  contexts = [];
});

async function app(env: Record<string, string>) {
  const ctx = await createTestContext({ env });
  contexts.push(ctx);
  return ctx.app;
}

function parseCsp(header: string | undefined): Record<string, string[]> {
  const result: Record<string, string[]> = {};
  for (const directive of (header ?? '').split(';')) {
    const [name, ...values] = directive.trim().split(/\s+/);
    if (name) result[name] = values;
  }
  return result;
}

const ISSUER = 'https://sso.example.edu/realms/app-portal';

describe('security headers', () => {
  it('sends a strict CSP and the other headers on every response', async () => {
    const portal = await app({ PUBLIC_URL: 'http://localhost:8080', OIDC_ISSUER: ISSUER });
    for (const url of ['/api/health', '/api/me', '/api/nowhere', '/auth/silent.js']) {
      const response = await portal.inject({ url });
      const csp = parseCsp(response.headers['content-security-policy'] as string);
      expect(csp).toMatchObject({
        'default-src': ["'self'"],
        'script-src': ["'self'"],
        'script-src-attr': ["'none'"],
        'object-src': ["'none'"],
        'base-uri': ["'self'"],
        'frame-ancestors': ["'self'"],
        'frame-src': ["'self'", 'https://sso.example.edu'],
        'form-action': ["'self'", 'https://sso.example.edu'],
        'connect-src': ["'self'"],
        'worker-src': ["'self'"],
        'manifest-src': ["'self'"],
      });
      expect(csp).not.toHaveProperty('upgrade-insecure-requests');
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['referrer-policy']).toBe('same-origin');
      expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
      expect(response.headers['strict-transport-security']).toBeUndefined();
    }
  });

  it('never allows inline or evaluated scripts', () => {
    for (const publicUrl of ['http://localhost:8080', 'https://portal.example.edu']) {
      const script = cspDirectives({ publicUrl, issuer: ISSUER })['script-src'] ?? [];
      expect(script).not.toContain("'unsafe-inline'");
      expect(script).not.toContain("'unsafe-eval'");
    }
  });

  it('adds HSTS and upgrade-insecure-requests when PUBLIC_URL is https', async () => {
    const portal = await app({ PUBLIC_URL: 'https://portal.example.edu', OIDC_ISSUER: ISSUER });
    const response = await portal.inject({ url: '/api/health' });
    expect(response.headers['strict-transport-security']).toBe('max-age=31536000');
    expect(parseCsp(response.headers['content-security-policy'] as string)).toHaveProperty(
      'upgrade-insecure-requests',
    );
  });

  it('frames and posts only to the portal itself when the IdP is on the same origin', () => {
    const directives = cspDirectives({
      publicUrl: 'http://localhost:8080',
      issuer: 'http://localhost:8080/dev-idp',
    });
    expect(directives['frame-src']).toEqual(["'self'", 'http://localhost:8080']);
    expect(directives['form-action']).toEqual(["'self'", 'http://localhost:8080']);
  });

  it('works the headers out once, not per request, and sends the same on every answer', async () => {
    const portal = await app({ PUBLIC_URL: 'http://localhost:8080', OIDC_ISSUER: ISSUER });
    const built = vi.mocked(helmet).mock.calls.length;
    const answers: [string, Awaited<ReturnType<typeof portal.inject>>][] = [];
    for (const url of ['/', '/api/health', '/api/apps', '/api/nowhere', '/favicon.svg']) {
      answers.push([url, await portal.inject({ url })]);
    }
    expect(vi.mocked(helmet).mock.calls.length).toBe(built);
    const expected = Object.fromEntries(
      securityHeaderValues({ publicUrl: 'http://localhost:8080', issuer: ISSUER }),
    );
    expect(Object.keys(expected)).toEqual(
      expect.arrayContaining([
        'content-security-policy',
        'x-content-type-options',
        'referrer-policy',
        'x-frame-options',
        'cross-origin-opener-policy',
        'cross-origin-resource-policy',
      ]),
    );
    for (const [url, response] of answers) {
      for (const [name, value] of Object.entries(expected)) {
        expect(response.headers[name], `${url}: ${name}`).toBe(value);
      }
    }
  });

  it('sends them on error answers too', async () => {
    const portal = await app({ PUBLIC_URL: 'http://localhost:8080', OIDC_ISSUER: ISSUER });
    const response = await portal.inject({
      method: 'POST',
      url: '/api/favorites',
      headers: { 'content-type': 'application/json' },
      payload: '{not json',
    });
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(parseCsp(response.headers['content-security-policy'] as string)).toHaveProperty(
      'default-src',
    );
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });

  it('keeps authenticated API answers out of caches', async () => {
    const portal = await app({ PUBLIC_URL: 'http://localhost:8080', OIDC_ISSUER: ISSUER });
    const response = await portal.inject({ url: '/api/me' });
    expect(response.statusCode).toBe(401);
    expect(response.headers['cache-control']).toBe('no-store');
  });
});
