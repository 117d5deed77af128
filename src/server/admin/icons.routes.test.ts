import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sanitizeSvg } from '../files/logo-files.js';
import { bearer, createTestContext, type TestContext } from '../test-support/test-app.js';
import { RESEARCH_ICONS } from '../files/icons/research-icons.js';

let ctx: TestContext;
let admin: string;
let alice: string;
beforeAll(async () => {
  ctx = await createTestContext({ apps: [{ id: 'notebooks', name: 'Notebooks', isPublic: true }] });
  admin = await ctx.issuer.tokenFor('admin', [], { realm_access: { roles: ['portal-admin'] } });
  alice = await ctx.issuer.tokenFor('alice', ['/genomics']);
});
afterAll(async () => {
  await ctx.close();
});

const get = (url: string, token = admin) =>
  ctx.app.inject({ method: 'GET', url, headers: token ? bearer(token) : {} });

describe('GET /api/admin/icons', () => {
  it('finds simple-icons and the portal own icons by name, best match first', async () => {
    const response = await get('/api/admin/icons?q=jupyter');
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.items[0]).toEqual({
      slug: 'jupyter',
      title: 'Jupyter',
      set: 'simple-icons',
      hex: 'F37626',
      svgUrl: '/api/admin/icons/jupyter.svg',
    });
    expect(body.items.map((icon: { slug: string }) => icon.slug)).toContain('research-jupyterhub');
  });

  it('finds research tools simple-icons lacks, by other names and without accents or case', async () => {
    for (const [q, slug] of [
      ['Galaxy', 'research-galaxy'],
      ['slurm', 'research-slurm'],
      ['open ondemand', 'research-open-ondemand'],
      ['SINGULARITY', 'research-apptainer'],
      ['nextflow', 'nextflow'],
      ['Ñapari', 'research-napari'],
    ] as const) {
      const body = (await get(`/api/admin/icons?q=${encodeURIComponent(q)}`)).json();
      expect(body.items[0]?.slug, q).toBe(slug);
    }
  });

  it('pages with the list convention; no q lists every icon, the portal own first', async () => {
    const first = (await get('/api/admin/icons?perPage=5')).json();
    expect(first).toMatchObject({ page: 1, perPage: 5 });
    expect(first.totalItems).toBeGreaterThan(3000);
    expect(first.totalPages).toBe(Math.ceil(first.totalItems / 5));
    expect(first.items).toHaveLength(5);
    expect(first.items.every((icon: { set: string }) => icon.set === 'portal')).toBe(true);
    const second = (await get('/api/admin/icons?perPage=5&page=2')).json();
    expect(second.items[0].slug).not.toBe(first.items[0].slug);
    const past = (await get('/api/admin/icons?q=jupyter&page=99')).json();
    expect(past.items).toEqual([]);
    expect((await get('/api/admin/icons?q=zzzqqqxxx')).json()).toMatchObject({
      totalItems: 0,
      totalPages: 0,
      items: [],
    });
  });

  it.each([
    ['/api/admin/icons?perPage=0', 'perPage'],
    ['/api/admin/icons?perPage=501', 'perPage'],
    ['/api/admin/icons?page=0', 'page'],
    ['/api/admin/icons?page=x', 'page'],
    [`/api/admin/icons?q=${'a'.repeat(101)}`, 'q'],
    ['/api/admin/icons?colour=red', 'colour'],
  ])('%s: 400 with the error body', async (url, word) => {
    const response = await get(url);
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body.status).toBe(400);
    expect(typeof body.message).toBe('string');
    expect(JSON.stringify(body)).toContain(word);
  });

  it.each(['/api/admin/icons?q=git', '/api/admin/icons/github.svg'])(
    '%s: 401 anonymous, 403 for a user without the admin role',
    async (url) => {
      const anonymous = await get(url, '');
      expect(anonymous.statusCode).toBe(401);
      expect(anonymous.json()).toMatchObject({ status: 401 });
      const user = await get(url, alice);
      expect(user.statusCode).toBe(403);
      expect(user.json()).toMatchObject({ status: 403 });
    },
  );

  it('refuses portal-admin as a client role only (checklist 32)', async () => {
    const clientRole = await ctx.issuer.tokenFor('carol', [], {
      resource_access: { 'app-portal': { roles: ['portal-admin'] } },
    });
    expect((await get('/api/admin/icons?q=git', clientRole)).statusCode).toBe(403);
  });

  it('answers JSON that no cache keeps, with nosniff (checklist 89)', async () => {
    const response = await get('/api/admin/icons?q=git');
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(response.headers['cache-control']).toContain('no-store');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });

  it.each(['POST', 'PUT', 'DELETE'] as const)(
    '%s is not a route (checklist 37)',
    async (method) => {
      const response = await ctx.app.inject({
        method,
        url: '/api/admin/icons',
        headers: bearer(admin),
      });
      expect([404, 405]).toContain(response.statusCode);
      expect(response.json()).toMatchObject({ status: response.statusCode });
    },
  );

  it('is in the OpenAPI document with its operation ids', async () => {
    const doc = (await ctx.app.inject({ method: 'GET', url: '/api/docs/openapi.json' })).json();
    const text = JSON.stringify(doc);
    expect(text).toContain('"listIcons"');
    expect(text).toContain('"getIconSvg"');
  });
});

describe('GET /api/admin/icons/{slug}.svg', () => {
  it('serves a tile in the brand colour with the glyph in the ink that contrasts more', async () => {
    const response = await get('/api/admin/icons/jupyter.svg');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(response.headers['content-security-policy']).toContain('sandbox');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.body).toContain('<rect width="32" height="32" rx="7" fill="#F37626"/>');
    expect(response.body).toContain('<title>Jupyter</title>');
    // Black on Jupyter orange contrasts more than white; a dark brand gets white.
    expect(response.body).toContain('fill="#000000"');
    expect((await get('/api/admin/icons/github.svg')).body).toContain('fill="#FFFFFF"');
  });

  it('serves the portal own icons, unchanged by the sanitiser', async () => {
    for (const icon of RESEARCH_ICONS) {
      const response = await get(`/api/admin/icons/${icon.slug}.svg`);
      expect(response.statusCode, icon.slug).toBe(200);
      expect(response.body).toContain(`fill="#${icon.hex}"`);
      const clean = sanitizeSvg(response.body);
      expect(clean, icon.slug).toBeDefined();
      expect(clean!.match(/<(\w+)/g), icon.slug).toEqual(response.body.match(/<(\w+)/g));
    }
  });

  it.each([
    ['/api/admin/icons/nosuchicon.svg', 404],
    ['/api/admin/icons/..%2Fpackage.svg', 400],
    ['/api/admin/icons/UPPER.svg', 400],
    ['/api/admin/icons/jupyter.png', 404],
    ['/api/admin/icons/%2e%2e%2f%2e%2e%2fpackage.svg', 400],
    ['/api/admin/icons/..%5Cpackage.svg', 400],
    ['/api/admin/icons/jupyter%00.svg', 400],
    [`/api/admin/icons/${'a'.repeat(65)}.svg`, 400],
    // Fastify refuses a path parameter over 100 characters before any handler runs.
    [`/api/admin/icons/${'a'.repeat(4096)}.svg`, 414],
  ])(
    '%s: %i with the error body, nothing read outside the set (checklist 61)',
    async (url, status) => {
      const response = await get(url);
      expect(response.statusCode).toBe(status);
      expect(response.json()).toMatchObject({ status });
    },
  );
});

describe('picking an icon', () => {
  it('sets the logo through the upload path: sanitised, stored, served and audited', async () => {
    const svg = (await get('/api/admin/icons/research-galaxy.svg')).body;
    const put = await ctx.app.inject({
      method: 'PUT',
      url: '/api/admin/apps/notebooks/logo',
      headers: { ...bearer(admin), 'content-type': 'image/svg+xml' },
      payload: svg,
    });
    expect(put.statusCode).toBe(200);
    expect(put.json().image).toMatch(/^logo-[0-9a-f]{12}\.svg$/);
    const list = (await ctx.app.inject({ method: 'GET', url: '/api/apps' })).json();
    const served = await ctx.app.inject({ method: 'GET', url: list.items[0].imageUrl });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/svg+xml');
    expect(served.body).toBe(sanitizeSvg(svg));
    expect(served.body).toContain('fill="#2B3A67"');
    const audit = (await get('/api/admin/audit')).json().items[0];
    expect(audit).toMatchObject({ action: 'logo', appId: 'notebooks' });
  });
});
