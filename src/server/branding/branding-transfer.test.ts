import { strFromU8, unzipSync } from 'fflate';
import { afterEach, describe, expect, it } from 'vitest';
import { startBrandingPortal, type BrandingPortal } from '../test-support/branding-portal.js';
import { PNG } from '../files/test-support/images.js';

const SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1 1"><rect width="1" height="1"></rect></svg>';

let portals: BrandingPortal[] = [];
afterEach(async () => {
  await Promise.all(portals.map((one) => one.close()));
  portals = [];
});

/** A portal of its own, called as the admin. */
async function portal() {
  const one = await startBrandingPortal();
  portals.push(one);
  return { ctx: one.ctx, call: one.asAdmin, audit: one.brandingAudit };
}

const zip = { 'content-type': 'application/zip' };
const yaml = { 'content-type': 'text/yaml' };

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
    expect(await target.audit()).toHaveLength(1);

    // The same file again changes nothing and writes no entry.
    await target.call('POST', '/api/admin/catalog/import?dryRun=false', exported.rawPayload, zip);
    expect(await target.audit()).toHaveLength(1);
  }, 30_000); // Two portals, an export and two imports in the reader's worker.

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
    expect(await target.audit()).toEqual([]);
  });

  it('takes icon:<slug> for the portal and its apps in a plain YAML import', async () => {
    const target = await portal();
    const file = [
      'portal:',
      '  logo: icon:research-igv',
      'apps:',
      '  - name: Jupyter',
      '    image: icon:jupyter',
      '    isPublic: true',
    ].join('\n');
    const dry = await target.call('POST', '/api/admin/catalog/import', file, yaml);
    expect(dry.json().add).toEqual([{ id: 'jupyter', name: 'Jupyter' }]);
    const applied = await target.call('POST', '/api/admin/catalog/import?dryRun=false', file, yaml);
    expect(applied.statusCode).toBe(200);
    const logoUrl = (await target.call('GET', '/api/portal')).json().logoUrl as string;
    const logo = await target.call('GET', logoUrl);
    expect(logo.headers['content-type']).toBe('image/svg+xml');
    expect(logo.body).toContain('<title>IGV (Integrative Genomics Viewer)</title>');
    const apps = (await target.call('GET', '/api/admin/apps')).json().items as {
      id: string;
      image: string;
    }[];
    const jupyter = apps.find((app) => app.id === 'jupyter');
    expect(jupyter?.image).toMatch(/^logo-[0-9a-f]{12}\.svg$/);
    const appLogo = await target.call('GET', `/api/files/apps/jupyter/${jupyter?.image}`);
    expect(appLogo.body).toContain('<title>Jupyter</title>');
    expect(await target.audit()).toHaveLength(1);

    const unknown = await target.call(
      'POST',
      '/api/admin/catalog/import',
      'apps:\n  - name: Tool\n    image: icon:no-such-tool\n',
      yaml,
    );
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().data.problems).toEqual([
      'app "Tool": field "image" names the icon "no-such-tool", which the bundled icon set does not have',
    ]);
  });
});
