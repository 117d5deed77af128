import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../test-support/test-app.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({
    env: {
      PORTAL_TITLE: 'Genomics Apps',
      PORTAL_SUBTITLE: 'Lab portal',
      PORTAL_FOOTER: '© 2026 Lab',
    },
  });
});
afterAll(async () => {
  await ctx.close();
});

describe('system routes', () => {
  it('GET /api/health answers ok', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
  });

  it('GET /api/portal gives the configured texts', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/portal' });
    expect(response.json()).toEqual({
      title: 'Genomics Apps',
      subtitle: 'Lab portal',
      footer: '© 2026 Lab',
      footerLink: '',
      accentColor: '',
      logoUrl: null,
      faviconUrl: null,
      version: 0,
      signInAvailable: true,
    });
  });

  it('GET /api/portal says when nobody can sign in (no identity provider)', async () => {
    const bare = await createTestContext({ env: { OIDC_ISSUER: '' } });
    try {
      const response = await bare.app.inject({ method: 'GET', url: '/api/portal' });
      expect(response.json()).toMatchObject({ signInAvailable: false });
    } finally {
      await bare.close();
    }
  });

  it('answers unknown API paths with the one error body', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/nothing' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({
      status: 404,
      code: 'not_found',
      message: "The requested resource wasn't found.",
      data: {},
    });
  });
});

describe('GET /api/docs/openapi.json', () => {
  it('describes every API route with its parameters and responses', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/docs/openapi.json' });
    expect(response.statusCode).toBe(200);
    const doc = response.json();
    expect(doc.openapi).toMatch(/^3\./);
    const paths = doc.paths as Record<
      string,
      Record<string, { parameters?: { name: string }[]; responses: Record<string, unknown> }>
    >;
    expect(Object.keys(paths)).toEqual(
      expect.arrayContaining([
        '/api/apps',
        '/api/me',
        '/api/me/favorites/{appId}',
        '/api/files/{collectionId}/{appId}/{fileName}',
        '/api/monitor-status',
        '/api/health',
        '/api/portal',
      ]),
    );
    expect(paths['/api/apps']!.get!.parameters!.map((p) => p.name).sort()).toEqual([
      'page',
      'perPage',
    ]);
    expect(Object.keys(paths['/api/apps']!.get!.responses)).toEqual(
      expect.arrayContaining(['200', '400']),
    );
    expect(Object.keys(paths['/api/me/favorites/{appId}']!)).toEqual(
      expect.arrayContaining(['put', 'delete']),
    );
    // Every API route declares its answers.
    for (const [path, operations] of Object.entries(paths)) {
      if (!path.startsWith('/api/')) continue;
      for (const [method, operation] of Object.entries(operations)) {
        expect(Object.keys(operation.responses ?? {}), `${method} ${path}`).not.toHaveLength(0);
      }
    }
  });
});
