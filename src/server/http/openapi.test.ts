import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../test-support/test-app.js';

let ctx: TestContext | undefined;
afterEach(async () => {
  await ctx?.close();
  ctx = undefined;
});

const README = readFileSync(new URL('../../../README.md', import.meta.url), 'utf8');

describe('the README API table', () => {
  it('names every public route of the OpenAPI document (the admin API as /api/admin/*)', async () => {
    ctx = await createTestContext();
    const doc = (await ctx.app.inject({ method: 'GET', url: '/api/docs/openapi.json' })).json<{
      paths: Record<string, Record<string, unknown>>;
    }>();
    const routes = Object.entries(doc.paths).flatMap(([path, methods]) =>
      Object.keys(methods).map((method) => `${method.toUpperCase()} ${path}`),
    );
    expect(routes.length).toBeGreaterThan(10);
    const missing = routes.filter(
      (route) => !route.split(' ')[1]?.startsWith('/api/admin/') && !README.includes(route),
    );
    // Paths as the README writes them: `{appId}`; methods of one path may share a row ("/ DELETE ...").
    const unlisted = missing.filter((route) => {
      const [method, path = ''] = route.split(' ');
      return !README.includes(path) || !new RegExp(`\\b${method}\\b`).test(README);
    });
    expect(unlisted).toEqual([]);
    expect(README).toContain('/api/admin/*');
  });
});
