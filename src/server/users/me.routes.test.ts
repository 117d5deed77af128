import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { bearer, createTestContext, type TestContext } from '../test-support/test-app.js';

let ctx: TestContext;
let alice: string;
let bob: string;

beforeEach(async () => {
  ctx = await createTestContext({
    apps: [
      { id: 'galaxy', isPublic: true, name: 'Galaxy' },
      { id: 'rstudio', groups: ['genomics'], name: 'RStudio' },
      { id: 'omero', groups: ['imaging'], name: 'OMERO' },
      { id: 'labkey', groups: ['genomics'], name: 'LabKey' },
    ],
  });
  alice = await ctx.issuer.tokenFor('alice', ['/genomics', '/staff'], {
    given_name: 'Alice',
    name: 'Alice Liddell',
    realm_access: { roles: ['offline_access'] },
  });
  bob = await ctx.issuer.tokenFor('bob', ['/imaging'], { given_name: 'Bob' });
});
afterEach(async () => {
  await ctx.close();
});

function call(
  method: 'GET' | 'PUT' | 'DELETE' | 'PATCH' | 'POST',
  url: string,
  token?: string,
  body?: unknown,
) {
  return ctx.app.inject({
    method,
    url,
    headers: token ? bearer(token) : {},
    ...(body === undefined ? {} : { payload: body as object }),
  });
}

const favoriteIds = (body: { favorites: { id: string }[] }) => body.favorites.map((app) => app.id);

describe('GET /api/me', () => {
  it('is 401 for anonymous callers', async () => {
    const response = await call('GET', '/api/me');
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({
      status: 401,
      code: 'unauthorized',
      message: 'Sign in to use this.',
      data: {},
    });
  });

  it('returns the user from the token claims, with no favorites at first', async () => {
    const response = await call('GET', '/api/me', alice);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      id: expect.stringMatching(/^[a-z0-9]{15}$/),
      name: 'Alice Liddell',
      username: 'alice',
      email: 'alice@example.edu',
      givenName: 'Alice',
      groups: ['genomics', 'staff'],
      roles: ['offline_access'],
      isAdmin: false,
      isApprover: false,
      favorites: [],
    });
  });

  it('marks holders of the admin realm role as admins', async () => {
    const admin = await ctx.issuer.tokenFor('admin', [], {
      realm_access: { roles: ['portal-admin'] },
    });
    expect((await call('GET', '/api/me', admin)).json().isAdmin).toBe(true);
  });

  it('keeps one record per subject', async () => {
    const first = (await call('GET', '/api/me', alice)).json();
    const second = (await call('GET', '/api/me', alice)).json();
    expect(second.id).toBe(first.id);
    const rows = await ctx.db.selectFrom('kcUsers').selectAll().execute();
    expect(rows).toHaveLength(1);
  });
});

describe('user sync', () => {
  it('updates name, email, groups and roles from the claims on the next request', async () => {
    const before = (await call('GET', '/api/me', alice)).json();
    const changed = await ctx.issuer.tokenFor('alice', ['/imaging'], {
      name: 'Alice Kingsleigh',
      given_name: 'Alice',
      email: 'alice.k@example.edu',
      realm_access: { roles: ['portal-admin'] },
    });
    const after = (await call('GET', '/api/me', changed)).json();
    expect(after).toMatchObject({
      id: before.id,
      name: 'Alice Kingsleigh',
      email: 'alice.k@example.edu',
      groups: ['imaging'],
      roles: ['portal-admin'],
      isAdmin: true,
    });
    const row = await ctx.db.selectFrom('kcUsers').selectAll().executeTakeFirstOrThrow();
    expect(JSON.parse(row.groups)).toEqual(['imaging']);
    expect(row.email).toBe('alice.k@example.edu');
  });

  it('never takes groups or roles from a request body', async () => {
    await call('GET', '/api/me', bob);
    const forged = { groups: ['genomics'], roles: ['portal-admin'], favorites: ['rstudio'] };
    for (const method of ['PATCH', 'POST', 'PUT'] as const) {
      const response = await call(method, '/api/me', bob, forged);
      expect(response.statusCode, method).toBe(404);
    }
    const put = await call('PUT', '/api/me/favorites/galaxy', bob, forged);
    expect(put.statusCode).toBe(200);
    expect(put.json()).toMatchObject({ groups: ['imaging'], roles: [], isAdmin: false });
    const apps = (await call('GET', '/api/apps', bob)).json();
    expect(apps.items.map((a: { id: string }) => a.id).sort()).toEqual(['galaxy', 'omero']);
    const row = await ctx.db.selectFrom('kcUsers').selectAll().executeTakeFirstOrThrow();
    expect(JSON.parse(row.groups)).toEqual(['imaging']);
    expect(JSON.parse(row.roles)).toEqual([]);
  });
});

describe('favorites', () => {
  it('adds, adds again (idempotent), lists in order added, removes, removes again', async () => {
    let response = await call('PUT', '/api/me/favorites/rstudio', alice);
    expect(response.statusCode).toBe(200);
    expect(favoriteIds(response.json())).toEqual(['rstudio']);

    response = await call('PUT', '/api/me/favorites/galaxy', alice);
    expect(favoriteIds(response.json())).toEqual(['rstudio', 'galaxy']);

    response = await call('PUT', '/api/me/favorites/rstudio', alice);
    expect(response.statusCode).toBe(200);
    expect(favoriteIds(response.json())).toEqual(['rstudio', 'galaxy']);

    response = await call('PUT', '/api/me/favorites/labkey', alice);
    expect(favoriteIds(response.json())).toEqual(['rstudio', 'galaxy', 'labkey']);
    expect(response.json().favorites[0]).toMatchObject({
      id: 'rstudio',
      name: 'RStudio',
      isPublic: false,
    });

    response = await call('DELETE', '/api/me/favorites/galaxy', alice);
    expect(response.statusCode).toBe(200);
    expect(favoriteIds(response.json())).toEqual(['rstudio', 'labkey']);

    response = await call('DELETE', '/api/me/favorites/galaxy', alice);
    expect(response.statusCode).toBe(200);
    expect(favoriteIds(response.json())).toEqual(['rstudio', 'labkey']);

    expect(favoriteIds((await call('GET', '/api/me', alice)).json())).toEqual([
      'rstudio',
      'labkey',
    ]);
    const rows = await ctx.db.selectFrom('favorites').selectAll().execute();
    expect(rows).toHaveLength(2);
  });

  it('answers 404 alike for a hidden app and an unknown app, and stores nothing', async () => {
    const hidden = await call('PUT', '/api/me/favorites/omero', alice);
    const unknown = await call('PUT', '/api/me/favorites/no-such-app', alice);
    expect(hidden.statusCode).toBe(404);
    expect(unknown.statusCode).toBe(404);
    expect(hidden.json()).toEqual({
      status: 404,
      code: 'not_found',
      message: "The requested resource wasn't found.",
      data: {},
    });
    expect(unknown.json()).toEqual(hidden.json());
    expect((await call('DELETE', '/api/me/favorites/omero', alice)).statusCode).toBe(404);
    expect(await ctx.db.selectFrom('favorites').selectAll().execute()).toEqual([]);
  });

  it('is 401 for anonymous callers', async () => {
    for (const method of ['PUT', 'DELETE'] as const) {
      const response = await call(method, '/api/me/favorites/galaxy');
      expect(response.statusCode).toBe(401);
      expect(response.headers['www-authenticate']).toMatch(/^Bearer/);
    }
    expect(await ctx.db.selectFrom('favorites').selectAll().execute()).toEqual([]);
  });

  it('rejects malformed app ids with a 400', async () => {
    for (const id of ['Galaxy', '-x', 'a%20b', 'x'.repeat(65), 'a.b']) {
      const response = await call('PUT', `/api/me/favorites/${id}`, alice);
      expect(response.statusCode, id).toBe(400);
      expect(response.json().message).toMatch(/appId/);
    }
  });

  it('does not return favorites of an app that became hidden', async () => {
    await call('PUT', '/api/me/favorites/rstudio', alice);
    await call('PUT', '/api/me/favorites/galaxy', alice);
    const moved = await ctx.issuer.tokenFor('alice', ['/staff'], { given_name: 'Alice' });
    expect(favoriteIds((await call('GET', '/api/me', moved)).json())).toEqual(['galaxy']);
    // Back in the group, the favorite is there again: nothing was lost.
    expect(favoriteIds((await call('GET', '/api/me', alice)).json())).toEqual([
      'rstudio',
      'galaxy',
    ]);
  });

  it('keeps users apart: one cannot see or change another’s favorites', async () => {
    await call('PUT', '/api/me/favorites/rstudio', alice);
    const bobMe = (await call('PUT', '/api/me/favorites/galaxy', bob)).json();
    expect(favoriteIds(bobMe)).toEqual(['galaxy']);
    await call('DELETE', '/api/me/favorites/rstudio', bob);
    expect(favoriteIds((await call('GET', '/api/me', alice)).json())).toEqual(['rstudio']);
    // Bob cannot favorite alice's group app either.
    expect((await call('PUT', '/api/me/favorites/rstudio', bob)).statusCode).toBe(404);
  });

  it('rejects malformed JSON bodies with a 400 and changes nothing', async () => {
    const response = await ctx.app.inject({
      method: 'PUT',
      url: '/api/me/favorites/galaxy',
      headers: { ...bearer(alice), 'content-type': 'application/json' },
      payload: '{"groups": [',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      status: 400,
      code: 'invalid_json',
      message: 'The request body is not valid JSON.',
    });
    expect(await ctx.db.selectFrom('favorites').selectAll().execute()).toEqual([]);
  });

  it('rejects oversized bodies with a 413 and changes nothing', async () => {
    const response = await ctx.app.inject({
      method: 'PUT',
      url: '/api/me/favorites/galaxy',
      headers: { ...bearer(alice), 'content-type': 'application/json' },
      payload: JSON.stringify({ pad: 'x'.repeat(200_000) }),
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({
      status: 413,
      code: 'payload_too_large',
      message: 'The request body is too large.',
    });
    expect(await ctx.db.selectFrom('favorites').selectAll().execute()).toEqual([]);
  });
});
