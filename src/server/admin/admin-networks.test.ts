import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { bearer, createTestContext, type TestContext } from '../test-support/test-app.js';

// The networks admins define (docs/networks.md): GET/PUT /api/admin/networks, and an app's
// addresses per network and typed links in the admin API (kept from visitors for now).

let ctx: TestContext;
let adminToken: string;

const CAMPUS = {
  id: 'campus',
  name: 'Campus network',
  ranges: ['10.0.0.0/8', '2001:db8::/32'],
  help: 'https://it.example.edu/vpn',
  helpText: 'Connect to the VPN first.',
};
const VPN = { id: 'vpn', name: 'VPN', ranges: ['10.8.0.0/16'] };

beforeEach(async () => {
  ctx = await createTestContext({ apps: [{ id: 'galaxy', name: 'Galaxy', isPublic: true }] });
  adminToken = await ctx.issuer.tokenFor('admin', [], {
    realm_access: { roles: ['portal-admin'] },
  });
});
afterEach(async () => {
  await ctx.close();
});

function call(
  method: 'GET' | 'PUT' | 'PATCH' | 'POST',
  url: string,
  body?: unknown,
  token = adminToken,
) {
  return ctx.app.inject({
    method,
    url,
    headers: token ? bearer(token) : {},
    ...(body === undefined ? {} : { payload: body as object }),
  });
}

const networks = async () =>
  (await call('GET', '/api/admin/networks')).json().networks as unknown[];

async function auditEntries() {
  return (await call('GET', '/api/admin/audit')).json().items as {
    action: string;
    appId: string | null;
    before: Record<string, unknown> | null;
    after: Record<string, unknown> | null;
  }[];
}

describe('GET and PUT /api/admin/networks', () => {
  it('starts empty, replaces the whole list in order, and audits the change', async () => {
    expect(await networks()).toEqual([]);
    const put = await call('PUT', '/api/admin/networks', {
      networks: [CAMPUS, { ...VPN, ranges: ['10.8.0.0/16', '10.8.0.0/16', ' 192.0.2.7 '] }],
    });
    expect(put.statusCode).toBe(200);
    const saved = [CAMPUS, { ...VPN, ranges: ['10.8.0.0/16', '192.0.2.7/32'] }];
    expect(put.json()).toEqual({ networks: saved, version: expect.any(String) });
    expect(await networks()).toEqual(saved);
    const [entry] = await auditEntries();
    expect(entry).toMatchObject({
      action: 'networks',
      appId: null,
      before: { networks: [] },
      after: { networks: saved },
    });
    // The whole list is replaced: a network left out is gone, the order is the new one.
    await call('PUT', '/api/admin/networks', { networks: [VPN] });
    expect(await networks()).toEqual([VPN]);
  });

  it.each([
    [
      { networks: [{ ...CAMPUS, ranges: ['10.0.0.0/33'] }] },
      '"10.0.0.0/33" has a bad prefix length',
    ],
    [{ networks: [{ ...CAMPUS, ranges: ['campus'] }] }, '"campus" is not an IPv4 or IPv6 address'],
    [{ networks: [CAMPUS, { ...VPN, id: 'campus' }] }, 'is already used by network 1'],
    [
      { networks: [{ ...CAMPUS, help: 'ftp://it.example.edu/' }] },
      'field "help" must be an http(s) URL',
    ],
    [
      { networks: Array.from({ length: 51 }, (_, i) => ({ ...VPN, id: `n${i}` })) },
      'networks must hold at most 50 networks',
    ],
    [{ networks: [{ ...CAMPUS, extra: 1 }] }, 'field "extra" is not a known field'],
    [{ networks: [{ ...CAMPUS, id: 'bad\u0000' }] }, 'field "id" must be'],
    [{}, 'networks must be a list'],
  ])(
    'refuses a bad list with 400 naming the problem (case %#), and saves nothing',
    async (body, message) => {
      await call('PUT', '/api/admin/networks', { networks: [VPN] });
      const before = (await auditEntries()).length;
      const response = await call('PUT', '/api/admin/networks', body);
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toContain(message);
      expect(response.json().message).toMatch(/^The networks were not saved: /);
      expect(await networks()).toEqual([VPN]);
      expect((await auditEntries()).length).toBe(before);
    },
  );

  it('saves at the version read and refuses (409, nothing saved) a list changed since', async () => {
    const read = (await call('GET', '/api/admin/networks')).json() as { version: string };
    expect(read.version).toMatch(/^[\w-]{22}$/);
    const first = await call('PUT', '/api/admin/networks', {
      networks: [CAMPUS],
      version: read.version,
    });
    expect(first.statusCode).toBe(200);
    const saved = first.json() as { version: string };
    expect(saved.version).not.toBe(read.version);
    // A second admin, still at the version read before that save.
    const stale = await call('PUT', '/api/admin/networks', {
      networks: [VPN],
      version: read.version,
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({
      code: 'conflict',
      data: { networks: [CAMPUS], version: saved.version },
    });
    expect(await networks()).toEqual([CAMPUS]);
    expect((await auditEntries()).filter((entry) => entry.action === 'networks')).toHaveLength(1);
    // Without a version the list is replaced as before (scripts, the catalog file's tools).
    expect((await call('PUT', '/api/admin/networks', { networks: [VPN] })).statusCode).toBe(200);
    const forged = await call('PUT', '/api/admin/networks', { networks: [], version: 'forged' });
    expect(forged.statusCode).toBe(409);
    expect(await networks()).toEqual([VPN]);
  });

  it('is for admins only', async () => {
    const alice = await ctx.issuer.tokenFor('alice', ['/genomics']);
    expect((await call('GET', '/api/admin/networks', undefined, alice)).statusCode).toBe(403);
    expect((await call('PUT', '/api/admin/networks', { networks: [VPN] }, alice)).statusCode).toBe(
      403,
    );
    expect((await call('PUT', '/api/admin/networks', { networks: [VPN] }, '')).statusCode).toBe(
      401,
    );
    expect(await networks()).toEqual([]);
  });

  it('refuses to drop a network an app’s addresses still name', async () => {
    await call('PUT', '/api/admin/networks', { networks: [CAMPUS, VPN] });
    const patch = await ctx.app.inject({
      method: 'PATCH',
      url: '/api/admin/apps/galaxy',
      headers: { ...bearer(adminToken), 'if-match': '1' },
      payload: { addresses: [{ network: 'campus', url: 'https://galaxy.campus.example.edu/' }] },
    });
    expect(patch.statusCode).toBe(200);
    const response = await call('PUT', '/api/admin/networks', { networks: [VPN] });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toContain(
      'the network "campus" is still named by the addresses of "galaxy"',
    );
    expect(await networks()).toEqual([CAMPUS, VPN]);
  });
});

describe('an app’s addresses and typed links in the admin API', () => {
  beforeEach(async () => {
    await call('PUT', '/api/admin/networks', { networks: [CAMPUS, VPN] });
  });

  const ADDRESSES = [{ network: 'campus', url: 'https://galaxy.campus.example.edu/' }];
  const LINKS = [
    { kind: 'support', url: 'mailto:galaxy-help@example.edu', label: 'Galaxy team' },
    { kind: 'status', url: 'https://status.example.edu/galaxy' },
  ];

  it('creates and changes them; admins read them, visitors never do', async () => {
    const created = await call('POST', '/api/admin/apps', {
      id: 'igv',
      name: 'IGV',
      isPublic: true,
      link: '',
      addresses: ADDRESSES,
      links: LINKS,
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ link: '', addresses: ADDRESSES, links: LINKS });
    const changed = await ctx.app.inject({
      method: 'PATCH',
      url: '/api/admin/apps/igv',
      headers: { ...bearer(adminToken), 'if-match': '1' },
      payload: { addresses: [{ network: 'vpn', url: 'https://igv.vpn.example.edu/' }] },
    });
    expect(changed.json().addresses).toEqual([
      { network: 'vpn', url: 'https://igv.vpn.example.edu/' },
    ]);
    const [update] = await auditEntries();
    expect(update).toMatchObject({
      action: 'update',
      appId: 'igv',
      before: { addresses: ADDRESSES },
      after: { addresses: [{ network: 'vpn', url: 'https://igv.vpn.example.edu/' }] },
    });
    // The addresses are not in the public app list from outside their networks, nor its schema;
    // the typed links are (docs/networks.md, "What visitors see").
    const listed = await ctx.app.inject({ url: '/api/apps?perPage=500' });
    expect(listed.body).not.toContain('campus.example.edu');
    expect(listed.body).not.toContain('vpn.example.edu');
    const igv = listed.json().items.find((app: { id: string }) => app.id === 'igv');
    expect(igv).not.toHaveProperty('addresses');
    expect(igv).toMatchObject({ link: null, onlyFrom: { networks: ['VPN'] }, links: LINKS });
    const doc = (await ctx.app.inject({ url: '/api/docs/openapi.json' })).json();
    expect(JSON.stringify(doc.components?.schemas?.App ?? {})).not.toContain('addresses');
  });

  it.each([
    [
      { addresses: [{ network: 'home', url: 'https://x.example.edu/' }] },
      'names the network "home", which is not defined',
    ],
    [{ addresses: [{ network: 'campus', url: 'ftp://x.example.edu/' }] }, 'must be an http(s) URL'],
    [
      {
        addresses: [
          { network: 'campus', url: 'https://a.example.edu/' },
          { network: 'campus', url: 'https://b.example.edu/' },
        ],
      },
      'has an address already',
    ],
    [{ links: [{ kind: 'chat', url: 'https://x.example.edu/' }] }, '"kind" must be one of support'],
    [{ links: [{ kind: 'docs', url: 'mailto:a@example.edu' }] }, 'must be an http(s) URL'],
  ])('refuses %j with 400 naming the field', async (body, message) => {
    const response = await call('POST', '/api/admin/apps', { id: 'igv', name: 'IGV', ...body });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toContain(message);
    expect((await call('GET', '/api/admin/apps/igv')).statusCode).toBe(404);
  });
});
