import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { parseCatalogFile } from '../catalog/catalog-file.js';
import { createNetworksRepository } from '../networks/networks.repository.js';
import { bearer, createTestContext, type TestContext } from '../test-support/test-app.js';
import { createAdminRepository } from './admin.repository.js';
import { createAppsRepository } from '../catalog/apps.repository.js';
import { loadCatalogFile } from './catalog-loader.js';

// The catalog file's `networks:` list and an app's `addresses` and `links` (docs/networks.md,
// docs/catalog.md): parsed, imported, exported and imported again unchanged.

const CATALOG = `networks:
  - id: campus
    name: Campus network
    ranges: ["10.0.0.0/8", "2001:db8::/32"]
    help: https://it.example.edu/vpn
    helpText: Connect to the VPN first.
  - id: vpn
    name: VPN
    ranges: [10.8.0.0/16]
apps:
  - id: galaxy
    name: Galaxy
    isPublic: true
    link: https://galaxy.example.edu/
    addresses:
      - network: campus
        url: https://galaxy.campus.example.edu/
    links:
      - kind: support
        url: mailto:galaxy-help@example.edu
        label: Galaxy team
      - kind: status
        url: https://status.example.edu/galaxy
  - id: omero
    name: OMERO
    link: ""
    addresses:
      - network: vpn
        url: https://omero.vpn.example.edu/
`;

let contexts: TestContext[] = [];
let dirs: string[] = [];
afterEach(async () => {
  await Promise.all(contexts.map((ctx) => ctx.close()));
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  contexts = [];
  dirs = [];
});

async function portal() {
  const ctx = await createTestContext();
  contexts.push(ctx);
  const token = await ctx.issuer.tokenFor('admin', [], {
    realm_access: { roles: ['portal-admin'] },
  });
  const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: string | object) =>
    ctx.app.inject({
      method,
      url,
      headers: {
        ...bearer(token),
        ...(typeof payload === 'string' ? { 'content-type': 'application/yaml' } : {}),
      },
      ...(payload === undefined ? {} : { payload }),
    });
  return { ctx, call };
}

describe('the catalog file’s networks, addresses and links', () => {
  it('parses them, canonical', () => {
    const { entries, networks } = parseCatalogFile(CATALOG, 'catalog.yaml', '/tmp');
    expect(networks?.map((network) => network.id)).toEqual(['campus', 'vpn']);
    expect(networks?.[1]?.ranges).toEqual(['10.8.0.0/16']);
    expect(entries[0]?.addresses).toEqual([
      { network: 'campus', url: 'https://galaxy.campus.example.edu/' },
    ]);
    expect(entries[0]?.links?.[0]).toEqual({
      kind: 'support',
      url: 'mailto:galaxy-help@example.edu',
      label: 'Galaxy team',
    });
    // Without them: nothing new in the result.
    const plain = parseCatalogFile('apps:\n  - name: Galaxy\n', 'catalog.yaml', '/tmp');
    expect(plain).toEqual({ entries: [expect.not.objectContaining({ addresses: [] })] });
    expect(plain.entries[0]).not.toHaveProperty('links');
  });

  it('names each bad network, address and link, with the app or network', () => {
    const bad = CATALOG.replace('10.8.0.0/16', '10.8.0.0/33').replace('kind: status', 'kind: chat');
    expect(() => parseCatalogFile(bad, 'catalog.yaml', '/tmp')).toThrow(
      /networks: network 2 "vpn": field "ranges" "10.8.0.0\/33" has a bad prefix length[\s\S]*app 1 "Galaxy": field "links" entry 2: "kind" must be one of/,
    );
  });

  it('export -> import into an empty portal -> export gives the same file', async () => {
    const source = await portal();
    const first = await source.call('POST', '/api/admin/catalog/import?dryRun=false', CATALOG);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({
      applied: true,
      networks: { add: ['campus', 'vpn'], change: [] },
    });
    const exported = (await source.call('GET', '/api/admin/catalog/export')).body;
    expect(exported).toMatch(/^networks:\n {2}- id: campus/m);
    expect(exported).toContain('url: mailto:galaxy-help@example.edu');

    const target = await portal();
    const result = await target.call('POST', '/api/admin/catalog/import?dryRun=false', exported);
    expect(result.statusCode).toBe(200);
    expect((await target.call('GET', '/api/admin/catalog/export')).body).toBe(exported);
    // Importing it again changes nothing, networks included.
    const again = await target.call('POST', '/api/admin/catalog/import?dryRun=false', exported);
    expect(again.json()).toMatchObject({ add: [], change: [], delete: [] });
    expect(again.json()).not.toHaveProperty('networks');
    // Visitors see none of the addresses.
    const apps = await target.ctx.app.inject({ url: '/api/apps' });
    expect(apps.body).not.toContain('campus.example.edu');
  });

  it('refuses an address naming a network neither stored nor in the file, writing nothing', async () => {
    const p = await portal();
    const file =
      'apps:\n  - id: igv\n    name: IGV\n    addresses: [{ network: campus, url: "https://igv.example.edu/" }]\n';
    const refused = await p.call('POST', '/api/admin/catalog/import?dryRun=false', file);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toContain(
      'app "IGV": field "addresses" names the network "campus", which is not defined',
    );
    expect((await p.call('GET', '/api/admin/apps/igv')).statusCode).toBe(404);
    // Once the network is stored, the same file imports.
    await p.call('PUT', '/api/admin/networks', {
      networks: [{ id: 'campus', name: 'Campus', ranges: ['10.0.0.0/8'] }],
    });
    const taken = await p.call('POST', '/api/admin/catalog/import?dryRun=false', file);
    expect(taken.statusCode).toBe(200);
    expect(taken.json()).not.toHaveProperty('networks');
  });

  it('adds and changes the file’s networks, keeps the others; CATALOG_FILE only what it changed', async () => {
    const ctx = await createTestContext();
    contexts.push(ctx);
    const dir = mkdtempSync(join(tmpdir(), 'networks-'));
    dirs.push(dir);
    const file = join(dir, 'catalog.yaml');
    const networks = createNetworksRepository(ctx.db);
    const deps = {
      admin: createAdminRepository(ctx.db),
      apps: createAppsRepository(ctx.db),
      networks,
    };
    await ctx.db
      .transaction()
      .execute((trx) =>
        networks.replace(trx, [{ id: 'lab', name: 'Lab', ranges: ['192.0.2.0/24'] }]),
      );
    writeFileSync(file, CATALOG);
    const first = await loadCatalogFile(file, deps);
    expect(first.networks).toEqual({ add: ['campus', 'vpn'], change: [] });
    expect((await networks.list()).map((network) => network.id)).toEqual(['lab', 'campus', 'vpn']);
    // An admin renames the VPN in the console; the file changes only an app.
    await ctx.db.transaction().execute(async (trx) => {
      const list = await networks.list(trx);
      await networks.replace(
        trx,
        list.map((network) =>
          network.id === 'vpn' ? { ...network, name: 'Campus VPN' } : network,
        ),
      );
    });
    writeFileSync(file, CATALOG.replace('name: OMERO', 'name: OMERO server'));
    const second = await loadCatalogFile(file, deps);
    expect(second.networks).toBeUndefined();
    expect((await networks.list()).find((network) => network.id === 'vpn')?.name).toBe(
      'Campus VPN',
    );
  });
});
