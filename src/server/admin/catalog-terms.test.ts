import { afterEach, describe, expect, it } from 'vitest';
import { bearer, createTestContext, type TestContext } from '../test-support/test-app.js';

// An app's terms of use in the catalog file (docs/catalog.md): exported, imported, the same
// file again; bad terms refused whole.

let contexts: TestContext[] = [];
afterEach(async () => {
  await Promise.all(contexts.map((ctx) => ctx.close()));
  contexts = [];
});

async function portal() {
  const ctx = await createTestContext();
  contexts.push(ctx);
  const token = await ctx.issuer.tokenFor('admin', [], {
    realm_access: { roles: ['portal-admin'] },
  });
  return (method: 'GET' | 'POST', url: string, payload?: string | object) =>
    ctx.app.inject({
      method,
      url,
      headers: {
        ...bearer(token),
        ...(typeof payload === 'string' ? { 'content-type': 'application/yaml' } : {}),
      },
      ...(payload === undefined ? {} : { payload }),
    });
}

const ACCESS = { requestable: true, group: '/imaging', approvers: ['pi'] };

describe('terms of use in the catalog file', () => {
  it('round trip: export -> import into an empty portal -> the same export', async () => {
    const source = await portal();
    const textTerms = { version: '2026-11', text: 'Line one.\nLine "two": #3' };
    const linkTerms = { version: 'v2', url: 'https://example.edu/terms' };
    await source('POST', '/api/admin/apps', { name: 'Napari', access: ACCESS, terms: textTerms });
    await source('POST', '/api/admin/apps', { name: 'Omero', access: ACCESS, terms: linkTerms });
    await source('POST', '/api/admin/apps', { name: 'Plain' });
    const exported = (await source('GET', '/api/admin/catalog/export')).body;
    expect(exported).toContain('terms:');
    expect(exported).toContain('version: 2026-11');
    expect(exported.match(/terms:/g)).toHaveLength(2);

    const target = await portal();
    const applied = await target('POST', '/api/admin/catalog/import?dryRun=false', exported);
    expect(applied.statusCode).toBe(200);
    expect((await target('GET', '/api/admin/catalog/export')).body).toBe(exported);
    expect((await target('GET', '/api/admin/apps/napari')).json().terms).toEqual(textTerms);
    expect((await target('GET', '/api/admin/apps/omero')).json().terms).toEqual(linkTerms);
    const again = await target('POST', '/api/admin/catalog/import?dryRun=false', exported);
    expect(again.json()).toMatchObject({ add: [], change: [], unchanged: 3 });
  });

  it('refuses a file with bad terms with 400 naming the field, and changes nothing', async () => {
    const call = await portal();
    const file = `apps:
  - id: napari
    name: Napari
    terms:
      version: "2026 11"
      text: Be kind.
`;
    const refused = await call('POST', '/api/admin/catalog/import?dryRun=false', file);
    expect(refused.statusCode).toBe(400);
    expect(JSON.stringify(refused.json())).toMatch(/terms/);
    expect((await call('GET', '/api/admin/apps/napari')).statusCode).toBe(404);
  });
});
