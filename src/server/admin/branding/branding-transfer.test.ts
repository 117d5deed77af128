import { strFromU8, unzipSync } from 'fflate';
import { afterEach, describe, expect, it } from 'vitest';
import { PNG } from '../../files/test-support/images.js';
import { bearer, createTestContext, type TestContext } from '../../test-support/test-app.js';

const SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1 1"><rect width="1" height="1"></rect></svg>';

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
  const call = (
    method: 'GET' | 'POST' | 'PUT' | 'PATCH',
    url: string,
    payload?: string | Buffer | object,
    headers: Record<string, string> = {},
  ) =>
    ctx.app.inject({
      method,
      url,
      headers: { ...bearer(token), ...headers },
      ...(payload === undefined ? {} : { payload }),
    });
  return { ctx, call };
}

const zip = { 'content-type': 'application/zip' };
const yaml = { 'content-type': 'text/yaml' };

async function audit(call: Awaited<ReturnType<typeof portal>>['call']) {
  const items = (await call('GET', '/api/admin/audit')).json().items as { action: string }[];
  return items.filter((entry) => entry.action === 'branding');
}

describe('branding in the catalog file', () => {
  it('round-trips texts, colour, logo and favicon through export and import', async () => {
    const source = await portal();
    await source.call('POST', '/api/admin/apps', { name: 'Galaxy', isPublic: true });
    await source.call('PATCH', '/api/admin/portal', {
      title: 'Genomics Apps',
      footerLink: 'https://lab.example.edu/',
      accentColor: '#1d4ed8',
    });
    await source.call('PUT', '/api/admin/portal/logo', SVG, { 'content-type': 'image/svg+xml' });
    await source.call('PUT', '/api/admin/portal/favicon', PNG, { 'content-type': 'image/png' });

    const exported = await source.call('GET', '/api/admin/catalog/export?logos=true');
    const files = unzipSync(new Uint8Array(exported.rawPayload));
    expect(Object.keys(files).sort()).toEqual([
      'catalog.yaml',
      'portal/favicon.png',
      'portal/logo.svg',
    ]);
    const text = strFromU8(files['catalog.yaml']!);
    expect(text).toContain('portal:\n  title: Genomics Apps\n');
    expect(text).toContain('logo: portal/logo.svg');
    // Values the configuration gives are not written: they stay the target's own.
    expect(text).not.toMatch(/subtitle|footer:/);

    const target = await portal();
    const dry = await target.call('POST', '/api/admin/catalog/import', exported.rawPayload, zip);
    expect(dry.statusCode).toBe(200);
    expect((await target.call('GET', '/api/portal')).json().title).toBe('App Portal');

    const applied = await target.call(
      'POST',
      '/api/admin/catalog/import?dryRun=false',
      exported.rawPayload,
      zip,
    );
    expect(applied.statusCode).toBe(200);
    const [before, after] = await Promise.all([
      source.call('GET', '/api/portal'),
      target.call('GET', '/api/portal'),
    ]);
    const { version: _v1, ...sourceInfo } = before.json();
    const { version: _v2, ...targetInfo } = after.json();
    expect(targetInfo).toEqual(sourceInfo);
    expect(targetInfo).toMatchObject({ title: 'Genomics Apps', accentColor: '#1d4ed8' });
    const again = await target.call('GET', '/api/admin/catalog/export?logos=true');
    expect(again.rawPayload.equals(exported.rawPayload)).toBe(true);
    expect(await audit(target.call)).toHaveLength(1);

    // The same file again changes nothing and writes no entry.
    await target.call('POST', '/api/admin/catalog/import?dryRun=false', exported.rawPayload, zip);
    expect(await audit(target.call)).toHaveLength(1);
  });

  it('refuses a bad portal section with the apps’ problems, changing nothing', async () => {
    const target = await portal();
    const bad = [
      'portal:',
      '  title: ""',
      '  accentColor: red',
      '  footerLink: "javascript:alert(1)"',
      '  logo: portal/logo.png',
      '  colour: "#000000"',
      'apps:',
      '  - name: Galaxy',
    ].join('\n');
    const response = await target.call('POST', '/api/admin/catalog/import?dryRun=false', bad, yaml);
    expect(response.statusCode).toBe(400);
    const message = response.json().message as string;
    expect(message).toContain('portal: field "title"');
    expect(message).toContain('portal: field "accentColor"');
    expect(message).toContain('portal: field "footerLink"');
    expect(message).toContain('portal: field "colour" is not a branding field');
    expect(message).toContain('portal: field "logo" names a file that does not exist');
    expect((await target.call('GET', '/api/portal')).json().title).toBe('App Portal');
    expect((await target.call('GET', '/api/admin/apps')).json().items).toEqual([]);
    expect(await audit(target.call)).toEqual([]);
  });
});
