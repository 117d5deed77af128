import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { bearer, createTestContext, type TestContext } from '../test-support/test-app.js';

let ctx: TestContext;
let adminToken: string;
let aliceToken: string;

beforeEach(async () => {
  ctx = await createTestContext({
    apps: [
      { id: 'galaxy', name: 'Galaxy', isPublic: true },
      { id: 'rstudio', name: 'RStudio', groups: ['genomics'] },
      { id: 'hidden', name: 'Hidden', groups: [] },
    ],
  });
  adminToken = await ctx.issuer.tokenFor('admin', [], {
    realm_access: { roles: ['portal-admin'] },
  });
  aliceToken = await ctx.issuer.tokenFor('alice', ['/genomics']);
});
afterEach(async () => {
  await ctx.close();
});

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE' | 'PUT';
function call(
  method: Method,
  url: string,
  options: { token?: string; body?: unknown; headers?: Record<string, string> } = {},
) {
  const token = options.token === undefined ? adminToken : options.token;
  return ctx.app.inject({
    method,
    url,
    headers: { ...(token ? bearer(token) : {}), ...options.headers },
    ...(options.body === undefined ? {} : { payload: options.body as object }),
  });
}

async function publicIds(token?: string): Promise<string[]> {
  const response = await ctx.app.inject({
    method: 'GET',
    url: '/api/apps?perPage=500',
    headers: token ? bearer(token) : {},
  });
  return response.json().items.map((app: { id: string }) => app.id);
}

async function auditOf(app: string) {
  return (await call('GET', `/api/admin/audit?app=${app}`)).json().items as {
    action: string;
    actor: { username: string };
    before: Record<string, unknown> | null;
    after: Record<string, unknown> | null;
  }[];
}

describe('who may use the admin API', () => {
  it.each<[Method, string]>([
    ['GET', '/api/admin/apps'],
    ['POST', '/api/admin/apps'],
    ['PATCH', '/api/admin/apps/galaxy'],
    ['DELETE', '/api/admin/apps/galaxy'],
    ['POST', '/api/admin/apps/galaxy/restore'],
    ['PUT', '/api/admin/apps/galaxy/logo'],
    ['DELETE', '/api/admin/apps/galaxy/logo'],
    ['GET', '/api/admin/audit'],
    ['GET', '/api/admin/preview?anonymous=true'],
    ['GET', '/api/admin/groups'],
  ])('%s %s: 401 anonymous, 403 non-admin, with the error body', async (method, url) => {
    const anonymous = await call(method, url, { token: '', body: {} });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual({
      status: 401,
      code: 'unauthorized',
      message: 'Sign in to use this.',
      data: {},
    });
    const alice = await call(method, url, { token: aliceToken, body: {} });
    expect(alice.statusCode).toBe(403);
    expect(alice.json()).toEqual({
      status: 403,
      code: 'admins_only',
      message: 'Only portal administrators can do this.',
      data: {},
    });
  });

  it('honours OIDC_ADMIN_ROLE', async () => {
    const local = await createTestContext({ env: { OIDC_ADMIN_ROLE: 'catalog-editor' } });
    try {
      const editor = await local.issuer.tokenFor('ed', [], {
        realm_access: { roles: ['catalog-editor'] },
      });
      const asEditor = await local.app.inject({
        method: 'GET',
        url: '/api/admin/apps',
        headers: bearer(editor),
      });
      expect(asEditor.statusCode).toBe(200);
      const portalAdmin = await local.issuer.tokenFor('admin', [], {
        realm_access: { roles: ['portal-admin'] },
      });
      const asPortalAdmin = await local.app.inject({
        method: 'GET',
        url: '/api/admin/apps',
        headers: bearer(portalAdmin),
      });
      expect(asPortalAdmin.statusCode).toBe(403);
    } finally {
      await local.close();
    }
  });

  it('refuses a cross-site browser (cookie) request before anything else (CSRF)', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/admin/apps',
      headers: { cookie: 'portal_session=forged', origin: 'https://evil.example' },
      payload: { name: 'Evil' },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toMatch(/did not come from the portal's own pages/);
    expect(await publicIds()).not.toContain('evil');
  });
});

describe('GET /api/admin/apps', () => {
  it('lists every app, hidden ones included, with versions and change metadata', async () => {
    const response = await call('GET', '/api/admin/apps');
    expect(response.statusCode).toBe(200);
    const items = response.json().items;
    expect(items.map((app: { id: string }) => app.id).sort()).toEqual([
      'galaxy',
      'hidden',
      'rstudio',
    ]);
    expect(items[0]).toMatchObject({
      version: 1,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
      managedBy: 'portal',
    });
  });
});

describe('POST /api/admin/apps', () => {
  it('creates an app that every viewer sees at once, and audits it', async () => {
    expect(await publicIds()).toEqual(['galaxy']);
    const response = await call('POST', '/api/admin/apps', {
      body: { name: 'Jupyter Hub', isPublic: true, link: 'https://jupyter.example.edu/' },
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      id: 'jupyter-hub',
      name: 'Jupyter Hub',
      env: 'prod',
      category: 'apps',
      version: 1,
      updatedBy: 'admin',
    });
    expect(await publicIds()).toEqual(['galaxy', 'jupyter-hub']);
    const [entry] = await auditOf('jupyter-hub');
    expect(entry).toMatchObject({
      action: 'create',
      actor: { username: 'admin' },
      before: null,
      after: { name: 'Jupyter Hub', isPublic: true },
    });
  });

  it('answers 400 naming each bad field, unknown ones included, and creates nothing', async () => {
    const response = await call('POST', '/api/admin/apps', {
      body: { name: '', link: 'javascript:alert(1)', env: 'production', ispublic: true },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().data.fields).toEqual({
      name: 'is required',
      link: 'must be an http(s) URL (got "javascript:alert(1)")',
      env: 'must be one of prod, stage, dev (got "production")',
      ispublic: 'is not a known field',
    });
    expect(response.json().message).toMatch(/^Some fields are invalid: /);
    expect((await call('GET', '/api/admin/apps')).json().items).toHaveLength(3);
  });

  it('answers 400 to a body that is not an object', async () => {
    const response = await call('POST', '/api/admin/apps', {
      body: '[1]',
      headers: { 'content-type': 'application/json' },
    });
    expect(response.statusCode).toBe(400);
  });

  it('answers 400 to malformed JSON and to prototype keys', async () => {
    for (const payload of ['{"name": ', '{"name": "x", "__proto__": {"isAdmin": true}}']) {
      const response = await call('POST', '/api/admin/apps', {
        body: payload,
        headers: { 'content-type': 'application/json' },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        status: 400,
        code: 'invalid_json',
        message: 'The request body is not valid JSON.',
      });
    }
  });

  it('answers one 201 and otherwise 409 to concurrent creates of one id, on either database', async () => {
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        call('POST', '/api/admin/apps', { body: { id: 'racer', name: `Racer ${i}` } }),
      ),
    );
    const codes = answers.map((answer) => answer.statusCode).sort();
    expect(codes).toEqual([201, ...Array.from({ length: 9 }, () => 409)]);
    for (const answer of answers.filter((a) => a.statusCode === 409)) {
      expect(answer.json()).toMatchObject({
        status: 409,
        code: 'conflict',
        data: { fields: { id: 'is already used' } },
      });
    }
    expect((await auditOf('racer')).filter((entry) => entry.action === 'create')).toHaveLength(1);
  });

  it('answers 409 when the id is taken', async () => {
    const response = await call('POST', '/api/admin/apps', { body: { name: 'Galaxy' } });
    expect(response.statusCode).toBe(409);
    expect(response.json().data.fields).toEqual({ id: 'is already used' });
  });
});

describe('PATCH /api/admin/apps/{id}', () => {
  it('updates with If-Match, bumps the version, audits only the changed fields', async () => {
    const response = await call('PATCH', '/api/admin/apps/rstudio', {
      body: { isPublic: true, description: 'About rstudio' },
      headers: { 'if-match': '"1"' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ isPublic: true, version: 2, updatedBy: 'admin' });
    expect(await publicIds()).toContain('rstudio');
    const [entry] = await auditOf('rstudio');
    expect(entry).toMatchObject({
      action: 'update',
      before: { isPublic: false },
      after: { isPublic: true },
    });
  });

  it('treats the same groups in another order as no change', async () => {
    await call('PATCH', '/api/admin/apps/rstudio', {
      body: { version: 1, associatedGroups: ['staff', 'genomics'] },
    });
    const same = await call('PATCH', '/api/admin/apps/rstudio', {
      body: { version: 2, associatedGroups: ['genomics', '/staff'] },
    });
    expect(same.json().version).toBe(2);
    expect((await auditOf('rstudio')).length).toBe(1);
  });

  it('accepts the version in the body', async () => {
    const response = await call('PATCH', '/api/admin/apps/rstudio', {
      body: { version: 1, category: 'Data' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().category).toBe('Data');
  });

  it('answers 409 to a stale version, naming who changed it and when, and changes nothing', async () => {
    await call('PATCH', '/api/admin/apps/galaxy', {
      body: { name: 'Galaxy EU' },
      headers: { 'if-match': '1' },
    });
    const stale = await call('PATCH', '/api/admin/apps/galaxy', {
      body: { name: 'Galaxy US' },
      headers: { 'if-match': '1' },
    });
    expect(stale.statusCode).toBe(409);
    const body = stale.json();
    expect(body.message).toMatch(/changed by admin at \d{4}-\d\d-\d\dT/);
    expect(body.data).toEqual({
      currentVersion: 2,
      updatedBy: 'admin',
      updatedAt: expect.any(String),
    });
    const app = (await call('GET', '/api/admin/apps/galaxy')).json();
    expect(app).toMatchObject({ name: 'Galaxy EU', version: 2 });
  });

  it('lets exactly one of concurrent edits of the same version win', async () => {
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        call('PATCH', '/api/admin/apps/galaxy', {
          body: { description: `Edit ${i}` },
          headers: { 'if-match': '1' },
        }),
      ),
    );
    const codes = answers.map((answer) => answer.statusCode).sort();
    expect(codes).toEqual([200, 409, 409, 409, 409, 409, 409, 409]);
    expect((await call('GET', '/api/admin/apps/galaxy')).json().version).toBe(2);
  });

  it('takes the body version as sent: "1" is not the number 1', async () => {
    for (const version of ['1', [1], true]) {
      const response = await call('PATCH', '/api/admin/apps/galaxy', {
        body: { version, name: 'Galaxy X' },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().data.fields).toEqual({ version: 'must be a whole number from 1' });
    }
    expect((await call('GET', '/api/admin/apps/galaxy')).json()).toMatchObject({
      name: 'Galaxy',
      version: 1,
    });
  });

  it('answers 428 without a version, 400 to bad fields, 404 to unknown apps', async () => {
    const none = await call('PATCH', '/api/admin/apps/galaxy', { body: { name: 'X' } });
    expect(none.statusCode).toBe(428);
    const bad = await call('PATCH', '/api/admin/apps/galaxy', {
      body: { version: 1, doc: 'not a url', colour: 'blue' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().data.fields).toEqual({
      doc: 'must be an http(s) URL (got "not a url")',
      colour: 'is not a known field',
    });
    const missing = await call('PATCH', '/api/admin/apps/nope', { body: { version: 1 } });
    expect(missing.statusCode).toBe(404);
  });

  it('answers 400 naming the id, which never changes, and neither bumps the version nor audits', async () => {
    for (const id of ['renamed', 'galaxy', 42]) {
      const response = await call('PATCH', '/api/admin/apps/galaxy', {
        body: { id, description: 'New' },
        headers: { 'if-match': '1' },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        status: 400,
        code: 'bad_request',
        data: {
          fields: { id: 'cannot be changed (an app keeps its id; create a new app instead)' },
        },
      });
    }
    const app = (await call('GET', '/api/admin/apps/galaxy')).json();
    expect(app).toMatchObject({ id: 'galaxy', version: 1 });
    expect(app.description).not.toBe('New');
    expect(await auditOf('galaxy')).toEqual([]);
    expect((await call('GET', '/api/admin/apps/renamed')).statusCode).toBe(404);
  });
});

describe('DELETE and restore', () => {
  it('moves the app to the trash, out of every answer and favorites; restore brings all back', async () => {
    await ctx.app.inject({
      method: 'PUT',
      url: '/api/me/favorites/rstudio',
      headers: bearer(aliceToken),
    });
    const favorites = async () =>
      (await ctx.app.inject({ method: 'GET', url: '/api/me', headers: bearer(aliceToken) }))
        .json()
        .favorites.map((app: { id: string }) => app.id);
    expect(await favorites()).toEqual(['rstudio']);

    const stale = await call('DELETE', '/api/admin/apps/rstudio', {
      headers: { 'if-match': '7' },
    });
    expect(stale.statusCode).toBe(409);
    const deleted = await call('DELETE', '/api/admin/apps/rstudio?version=1');
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toMatchObject({ deletedAt: expect.any(String), deletedBy: 'admin' });
    expect(await publicIds(aliceToken)).not.toContain('rstudio');
    expect(await favorites()).toEqual([]);
    const listed = (await call('GET', '/api/admin/apps')).json().items;
    expect(listed.map((app: { id: string }) => app.id)).not.toContain('rstudio');

    const trash = (await call('GET', '/api/admin/apps?deleted=true')).json().items;
    expect(trash).toHaveLength(1);
    const purgeIn = Date.parse(trash[0].purgeAt) - Date.parse(trash[0].deletedAt);
    expect(purgeIn).toBe(30 * 24 * 3600 * 1000);

    // Sent with a JSON content type and no body, as some clients do.
    const restored = await call('POST', '/api/admin/apps/rstudio/restore', {
      headers: { 'content-type': 'application/json' },
    });
    expect(restored.statusCode).toBe(200);
    expect(restored.json().deletedAt).toBeUndefined();
    expect(await publicIds(aliceToken)).toContain('rstudio');
    expect(await favorites()).toEqual(['rstudio']);
    expect((await auditOf('rstudio')).map((entry) => entry.action)).toEqual(['restore', 'delete']);
    expect((await call('POST', '/api/admin/apps/rstudio/restore')).statusCode).toBe(404);
  });

  it('refuses to create an app with the id of a trashed one', async () => {
    await call('DELETE', '/api/admin/apps/galaxy', { headers: { 'if-match': '1' } });
    const response = await call('POST', '/api/admin/apps', { body: { name: 'Galaxy' } });
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toMatch(/trash/);
  });
});

describe('control characters', () => {
  it('refuses them in app fields with 400 naming each field, on either database', async () => {
    const response = await call('POST', '/api/admin/apps', {
      body: {
        name: 'Nul\u0000Name',
        description: 'Bell\u0007',
        category: 'Tab\tCategory',
        link: 'https://example.org/\u0000',
        associatedGroups: ['lab\u0000'],
      },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().data.fields).toEqual({
      name: 'must be one line of plain text (no control characters)',
      description: 'must be plain text (no control characters)',
      category: 'must be one line of plain text (no control characters)',
      link: 'must be one line of plain text (no control characters)',
      associatedGroups: 'group names must be one line of plain text (no control characters)',
    });
    const patch = await call('PATCH', '/api/admin/apps/galaxy', {
      body: { version: 1, name: 'Galaxy\u0000' },
    });
    expect(patch.statusCode).toBe(400);
    expect(patch.json().data.fields).toEqual({
      name: 'must be one line of plain text (no control characters)',
    });
    expect((await call('GET', '/api/admin/apps/galaxy')).json().version).toBe(1);
  });

  it('keeps tabs and line breaks in a description', async () => {
    const response = await call('POST', '/api/admin/apps', {
      body: { name: 'Multi', description: 'One\n\tTwo\r\nThree' },
    });
    expect(response.statusCode).toBe(201);
    expect(response.json().description).toBe('One\n\tTwo\r\nThree');
  });

  it('refuses them in path parameters and query values with 400, never 500', async () => {
    for (const [method, url] of [
      ['GET', '/api/admin/audit?actor=%00'],
      ['GET', '/api/admin/audit?app=a%01b'],
      ['PATCH', '/api/admin/notices/a%00b'],
      ['DELETE', '/api/admin/notices/a%00b'],
      ['GET', '/api/admin/apps/gal%00axy'],
      ['GET', '/api/apps?q=gal%00axy'],
      ['GET', '/api/admin/preview?groups=lab%00'],
    ] as [Method, string][]) {
      const response = await call(method, url, {
        body: method === 'PATCH' ? { title: 'x' } : undefined,
      });
      expect(response.statusCode, `${method} ${url}`).toBe(400);
      expect(response.json()).toMatchObject({
        status: 400,
        code: 'bad_request',
        message: expect.stringMatching(/must not contain control characters/),
      });
    }
  });
});

describe('GET /api/admin/audit', () => {
  it('filters by actor and pages with before', async () => {
    for (const name of ['One', 'Two', 'Three']) {
      await call('POST', '/api/admin/apps', { body: { name } });
    }
    const first = (await call('GET', '/api/admin/audit?limit=2&actor=admin')).json();
    expect(first.items.map((entry: { appId: string }) => entry.appId)).toEqual(['three', 'two']);
    const second = (
      await call('GET', `/api/admin/audit?limit=2&actor=admin&before=${first.nextBefore}`)
    ).json();
    expect(second.items.map((entry: { appId: string }) => entry.appId)).toEqual(['one']);
    expect(second.nextBefore).toBeUndefined();
    expect((await call('GET', '/api/admin/audit?actor=nobody')).json().items).toEqual([]);
  });

  it('has no route that changes or deletes entries', async () => {
    await call('POST', '/api/admin/apps', { body: { name: 'One' } });
    for (const method of ['DELETE', 'PATCH', 'PUT', 'POST'] as const) {
      expect((await call(method, '/api/admin/audit', { body: {} })).statusCode).toBe(404);
    }
    await expect(ctx.db.deleteFrom('audit').execute()).rejects.toThrow(/cannot be deleted/);
  });
});

describe('GET /api/admin/preview and /api/admin/groups', () => {
  it('answers exactly what GET /api/apps answers such a viewer', async () => {
    const preview = await call('GET', '/api/admin/preview?groups=genomics');
    const real = await ctx.app.inject({
      method: 'GET',
      url: '/api/apps',
      headers: bearer(aliceToken),
    });
    expect(preview.statusCode).toBe(200);
    expect(preview.body).toBe(real.body);
    const anonymous = await call('GET', '/api/admin/preview?anonymous=true');
    const anonymousReal = await ctx.app.inject({ method: 'GET', url: '/api/apps' });
    expect(anonymous.body).toBe(anonymousReal.body);
  });

  it('lists groups from the catalog and from users', async () => {
    await ctx.app.inject({ method: 'GET', url: '/api/me', headers: bearer(aliceToken) });
    const bob = await ctx.issuer.tokenFor('bob', ['/imaging', '/genomics']);
    await ctx.app.inject({ method: 'GET', url: '/api/me', headers: bearer(bob) });
    expect((await call('GET', '/api/admin/groups')).json().items).toEqual([
      { name: 'genomics', apps: 1, users: 2 },
      { name: 'imaging', apps: 0, users: 1 },
    ]);
  });
});

describe('the OpenAPI document', () => {
  it('describes every admin route', async () => {
    const doc = (await ctx.app.inject({ method: 'GET', url: '/api/docs/openapi.json' })).json();
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/api/admin/apps',
        '/api/admin/apps/{appId}',
        '/api/admin/apps/{appId}/restore',
        '/api/admin/apps/{appId}/logo',
        '/api/admin/audit',
        '/api/admin/preview',
        '/api/admin/groups',
        '/api/admin/catalog/export',
        '/api/admin/catalog/import',
      ]),
    );
    expect(Object.keys(doc.paths['/api/admin/apps/{appId}'])).toEqual(
      expect.arrayContaining(['get', 'patch', 'delete']),
    );
  });
});

describe('one list convention (page and perPage in, the same envelope out)', () => {
  it.each([
    '/api/apps',
    '/api/admin/apps',
    '/api/admin/apps?deleted=true',
    '/api/admin/preview?anonymous=true',
    '/api/admin/groups',
    '/api/admin/notices',
    '/api/admin/audit',
  ])('%s takes page and perPage', async (path) => {
    const join = path.includes('?') ? '&' : '?';
    const first = await call('GET', `${path}${join}page=1&perPage=1`);
    expect(first.statusCode, first.body).toBe(200);
    const body = first.json();
    expect(Object.keys(body).sort()).toEqual(
      expect.arrayContaining(['items', 'page', 'perPage', 'totalItems', 'totalPages']),
    );
    expect(body).toMatchObject({ page: 1, perPage: 1 });
    expect(body.items.length).toBeLessThanOrEqual(1);
    expect(body.totalPages).toBe(Math.ceil(body.totalItems / 1));
    // Out of range: 400 with the one error body, never a 500.
    for (const bad of ['perPage=0', 'perPage=501', 'page=0', 'page=x']) {
      const refused = await call('GET', `${path}${join}${bad}`);
      expect(refused.statusCode, `${path} ${bad}`).toBe(400);
      expect(refused.json()).toMatchObject({ status: 400 });
    }
  });

  it('pages the admin list: every app once over the pages, in order', async () => {
    const seen: string[] = [];
    for (let page = 1; page <= 3; page += 1) {
      const list = (await call('GET', `/api/admin/apps?page=${page}&perPage=1`)).json();
      expect(list).toMatchObject({ page, perPage: 1, totalItems: 3, totalPages: 3 });
      seen.push(...list.items.map((app: { id: string }) => app.id));
    }
    expect(seen.sort()).toEqual(['galaxy', 'hidden', 'rstudio']);
    const beyond = (await call('GET', '/api/admin/apps?page=4&perPage=1')).json();
    expect(beyond.items).toEqual([]);
  });

  it('pages the audit log with page and perPage, and still with before (limit is perPage)', async () => {
    for (const name of ['One', 'Two', 'Three']) {
      await call('PATCH', '/api/admin/apps/galaxy', {
        body: { name, version: (await call('GET', '/api/admin/apps/galaxy')).json().version },
      });
    }
    const first = (await call('GET', '/api/admin/audit?app=galaxy&perPage=2')).json();
    expect(first).toMatchObject({ page: 1, perPage: 2, totalItems: 3, totalPages: 2 });
    expect(first.items.map((e: { after: { name: string } }) => e.after.name)).toEqual([
      'Three',
      'Two',
    ]);
    const second = (await call('GET', '/api/admin/audit?app=galaxy&perPage=2&page=2')).json();
    expect(second.items.map((e: { after: { name: string } }) => e.after.name)).toEqual(['One']);
    expect(second.nextBefore).toBeUndefined();
    const older = (
      await call('GET', `/api/admin/audit?app=galaxy&limit=2&before=${first.nextBefore}`)
    ).json();
    expect(older.items.map((e: { after: { name: string } }) => e.after.name)).toEqual(['One']);
  });
});
