import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MAX_FAVORITES } from '../../shared/api/favorite-schemas.js';
import { bearer, createTestContext, type TestContext } from '../test-support/test-app.js';

let ctx: TestContext;
let alice: string;
let bob: string;

beforeEach(async () => {
  ctx = await createTestContext({
    apps: [
      { id: 'galaxy', isPublic: true, name: 'Galaxy' },
      { id: 'wiki', isPublic: true, name: 'Wiki' },
      { id: 'rstudio', groups: ['genomics'], name: 'RStudio' },
      { id: 'omero', groups: ['imaging'], name: 'OMERO' },
      { id: 'labkey', groups: ['genomics'], name: 'LabKey' },
    ],
  });
  alice = await ctx.issuer.tokenFor('alice', ['/genomics'], { given_name: 'Alice' });
  bob = await ctx.issuer.tokenFor('bob', ['/imaging'], { given_name: 'Bob' });
});
afterEach(async () => {
  await ctx.close();
});

const ids = (body: { favorites: { id: string }[] }) => body.favorites.map((app) => app.id);

function setOrder(token: string | undefined, body: unknown) {
  return ctx.app.inject({
    method: 'PUT',
    url: '/api/me/favorites',
    headers: token ? bearer(token) : {},
    payload: body as object,
  });
}

async function favoritesOf(token: string): Promise<string[]> {
  return ids((await ctx.app.inject({ url: '/api/me', headers: bearer(token) })).json());
}

async function add(token: string, ...appIds: string[]) {
  for (const appId of appIds) {
    const response = await ctx.app.inject({
      method: 'PUT',
      url: `/api/me/favorites/${appId}`,
      headers: bearer(token),
    });
    expect(response.statusCode).toBe(200);
  }
}

describe('PUT /api/me/favorites (the whole ordered list)', () => {
  it('sets the order, which GET /api/me and the next sign-in answer', async () => {
    await add(alice, 'galaxy', 'rstudio', 'labkey');
    const response = await setOrder(alice, { appIds: ['labkey', 'galaxy', 'rstudio'] });
    expect(response.statusCode).toBe(200);
    expect(ids(response.json())).toEqual(['labkey', 'galaxy', 'rstudio']);
    expect(await favoritesOf(alice)).toEqual(['labkey', 'galaxy', 'rstudio']);
    // Another device: a new token for the same person.
    const again = await ctx.issuer.tokenFor('alice', ['/genomics']);
    expect(await favoritesOf(again)).toEqual(['labkey', 'galaxy', 'rstudio']);
  });

  it('adds listed apps, removes those left out, and puts new single favorites last', async () => {
    await add(alice, 'galaxy', 'rstudio');
    const response = await setOrder(alice, { appIds: ['wiki', 'galaxy'] });
    expect(ids(response.json())).toEqual(['wiki', 'galaxy']);
    await add(alice, 'labkey');
    expect(await favoritesOf(alice)).toEqual(['wiki', 'galaxy', 'labkey']);
    // Adding one that is already there keeps its place.
    await add(alice, 'wiki');
    expect(await favoritesOf(alice)).toEqual(['wiki', 'galaxy', 'labkey']);
    expect(ids((await setOrder(alice, { appIds: [] })).json())).toEqual([]);
    expect(await ctx.db.selectFrom('favorites').selectAll().execute()).toEqual([]);
  });

  it('refuses apps the caller may not see, unknown ones alike, and changes nothing', async () => {
    await add(alice, 'galaxy', 'rstudio');
    for (const appIds of [
      ['omero', 'galaxy'],
      ['galaxy', 'no-such-app'],
    ]) {
      const response = await setOrder(alice, { appIds });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        status: 400,
        code: 'bad_request',
        message: 'These apps do not exist or are not available to you.',
        data: { appIds: appIds.filter((id) => id !== 'galaxy') },
      });
    }
    expect(await favoritesOf(alice)).toEqual(['galaxy', 'rstudio']);
  });

  it('refuses an app listed twice and changes nothing', async () => {
    await add(alice, 'galaxy', 'rstudio');
    const response = await setOrder(alice, { appIds: ['rstudio', 'galaxy', 'rstudio'] });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      status: 400,
      code: 'bad_request',
      message: 'Each app may be listed only once.',
      data: { duplicates: ['rstudio'] },
    });
    expect(await favoritesOf(alice)).toEqual(['galaxy', 'rstudio']);
  });

  it('refuses malformed bodies and too long lists with a 400, changing nothing', async () => {
    await add(alice, 'galaxy');
    const tooMany = Array.from({ length: MAX_FAVORITES + 1 }, (_, i) => `app-${i}`);
    for (const body of [
      {},
      { appIds: 'galaxy' },
      { appIds: ['Galaxy'] },
      { appIds: [1] },
      { appIds: ['galaxy'], extra: true },
      { appIds: tooMany },
    ]) {
      const response = await setOrder(alice, body);
      expect(response.statusCode, JSON.stringify(body).slice(0, 60)).toBe(400);
      expect(response.json()).toMatchObject({ status: 400 });
    }
    expect(await favoritesOf(alice)).toEqual(['galaxy']);
  });

  it('is 401 for anonymous callers', async () => {
    const response = await setOrder(undefined, { appIds: ['galaxy'] });
    expect(response.statusCode).toBe(401);
    expect(await ctx.db.selectFrom('favorites').selectAll().execute()).toEqual([]);
  });

  it('keeps the favorites of apps the user cannot see now, for when they can again', async () => {
    await add(alice, 'rstudio', 'galaxy', 'wiki');
    const left = await ctx.issuer.tokenFor('alice', [], { given_name: 'Alice' });
    expect(await favoritesOf(left)).toEqual(['galaxy', 'wiki']);
    expect(ids((await setOrder(left, { appIds: ['wiki', 'galaxy'] })).json())).toEqual([
      'wiki',
      'galaxy',
    ]);
    // Back in the group: the hidden favorite is still there, after the ordered ones.
    expect(await favoritesOf(alice)).toEqual(['wiki', 'galaxy', 'rstudio']);
  });

  it("keeps users apart: one user's order never touches another's", async () => {
    await add(alice, 'galaxy', 'wiki');
    await add(bob, 'wiki', 'galaxy', 'omero');
    await setOrder(alice, { appIds: ['wiki', 'galaxy'] });
    expect(await favoritesOf(bob)).toEqual(['wiki', 'galaxy', 'omero']);
    expect((await setOrder(bob, { appIds: ['rstudio'] })).statusCode).toBe(400);
    expect(await favoritesOf(alice)).toEqual(['wiki', 'galaxy']);
  });

  it('is in the OpenAPI document as setFavorites', async () => {
    const doc = (await ctx.app.inject({ url: '/api/docs/openapi.json' })).json<{
      paths: Record<string, Record<string, { operationId?: string }>>;
    }>();
    expect(doc.paths['/api/me/favorites']?.put?.operationId).toBe('setFavorites');
  });
});
