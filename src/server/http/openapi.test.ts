import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
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

describe('the OpenAPI document for client generators', () => {
  async function openapiDocument(): Promise<string> {
    ctx = await createTestContext({ env: { PUBLIC_URL: 'https://portal.example.edu' } });
    return (await ctx.app.inject({ method: 'GET', url: '/api/docs/openapi.json' })).body;
  }

  it("passes Redocly's recommended rules without an error or a warning", async () => {
    const { createConfig, lintFromString } = await import('@redocly/openapi-core');
    const source = await openapiDocument();
    const config = await createConfig({ extends: ['recommended'] });
    const problems = await lintFromString({ source, absoluteRef: 'openapi.json', config });
    const described = problems.map(
      (problem) =>
        `${problem.severity} ${problem.ruleId}: ${problem.message} ${problem.location[0]?.pointer ?? ''}`,
    );
    expect(described).toEqual([]);
    const doc = JSON.parse(source) as { servers: { url: string }[] };
    expect(doc.servers).toEqual([
      { url: 'https://portal.example.edu', description: 'This portal' },
    ]);
  });

  // The demo identity provider (DEMO_IDP=true, `npm start` without OIDC_ISSUER) is mounted on
  // the same app: the document must stay as clean with it.
  it("passes Redocly's recommended rules with the demo identity provider mounted too", async () => {
    const { createConfig, lintFromString } = await import('@redocly/openapi-core');
    const { createDevIdp } = await import('../dev-idp/dev-idp.js');
    const devIdp = createDevIdp({
      publicUrl: 'http://127.0.0.1:8080',
      clientId: 'app-portal',
      nodeEnv: 'development',
      host: '127.0.0.1',
    });
    ctx = await createTestContext({
      env: { PUBLIC_URL: 'http://127.0.0.1:8080', OIDC_ISSUER: devIdp.issuer },
      deps: { devIdp, verifier: undefined },
    });
    const source = (await ctx.app.inject({ url: '/api/docs/openapi.json' })).body;
    const config = await createConfig({ extends: ['recommended'] });
    const problems = await lintFromString({ source, absoluteRef: 'openapi.json', config });
    expect(
      problems.map(
        (p) => `${p.severity} ${p.ruleId}: ${p.message} ${p.location[0]?.pointer ?? ''}`,
      ),
    ).toEqual([]);
    // The demo provider's sign-in still answers: only the API document leaves it out.
    const discovery = await ctx.app.inject({ url: '/dev-idp/.well-known/openid-configuration' });
    expect(discovery.statusCode).toBe(200);
  });

  it('gives a typed client (openapi-typescript) that compiles and names each operation', async () => {
    const { default: openapiTS, astToString } = await import('openapi-typescript');
    const ts = await import('typescript');
    const source = await openapiDocument();
    const types = astToString(await openapiTS(source));
    expect(types).toContain('listApps: {');
    expect(types).toContain('updateApp: {');
    // A client using the generated types: the list answer's fields are typed.
    const client = `import type { paths, operations } from './api';
type AppList = operations['listApps']['responses'][200]['content']['application/json'];
export function names(list: AppList): string[] {
  return list.items.map((app) => app.name);
}
export const route: keyof paths = '/api/apps';
`;
    const dir = mkdtempSync(join(tmpdir(), 'portal-openapi-client-'));
    try {
      writeFileSync(join(dir, 'api.ts'), types);
      writeFileSync(join(dir, 'use.ts'), client);
      const program = ts.createProgram([join(dir, 'use.ts')], {
        strict: true,
        noEmit: true,
        skipLibCheck: true,
        target: ts.ScriptTarget.ES2022,
        module: ts.ModuleKind.ESNext,
        moduleResolution: ts.ModuleResolutionKind.Bundler,
      });
      const diagnostics = ts
        .getPreEmitDiagnostics(program)
        .map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
      expect(diagnostics).toEqual([]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});
