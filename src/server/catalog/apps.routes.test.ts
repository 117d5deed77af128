import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAppsRepository } from './apps.repository.js';
import {
  appRow,
  bearer,
  createTestContext,
  type TestAppSpec,
  type TestContext,
} from '../test-support/test-app.js';

/** Public and restricted apps with near-miss group names around `genomics`. */
const APPS: TestAppSpec[] = [
  { id: 'public-a', isPublic: true, category: 'apps', name: 'Alpha' },
  { id: 'public-b', isPublic: true, category: 'Data', name: 'Beta', groups: ['genomics'] },
  { id: 'genomics-app', groups: ['genomics'], category: 'apps', name: 'Gamma' },
  { id: 'imaging-app', groups: ['imaging'], category: 'Pipelines', name: 'Delta' },
  { id: 'both-app', groups: ['imaging', 'genomics'], category: 'Data', name: 'Epsilon' },
  { id: 'upper-app', groups: ['Genomics'], name: 'Zeta' },
  { id: 'admin-app', groups: ['genomics-admin'], name: 'Eta' },
  { id: 'team-app', groups: ['genomics/team-a'], name: 'Theta' },
  { id: 'spaced-app', groups: ['  staff  '], name: 'Iota' },
  { id: 'slash-app', groups: ['/staff2'], name: 'Kappa' },
  { id: 'nobody-app', groups: [], name: 'Lambda' },
];

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ apps: APPS });
});
afterAll(async () => {
  await ctx.close();
});

async function visibleIds(groups: unknown | undefined): Promise<string[]> {
  const headers = groups === undefined ? {} : bearer(await ctx.issuer.tokenFor('viewer', groups));
  const response = await ctx.app.inject({ method: 'GET', url: '/api/apps?perPage=500', headers });
  expect(response.statusCode).toBe(200);
  return response
    .json()
    .items.map((app: { id: string }) => app.id)
    .sort();
}

describe('GET /api/apps visibility', () => {
  it.each<[string, unknown, string[]]>([
    ['anonymous', undefined, ['public-a', 'public-b']],
    ['no groups', [], ['public-a', 'public-b']],
    ['genomics', ['genomics'], ['both-app', 'genomics-app', 'public-a', 'public-b']],
    [
      'leading slash /genomics',
      ['/genomics'],
      ['both-app', 'genomics-app', 'public-a', 'public-b'],
    ],
    ['imaging', ['/imaging'], ['both-app', 'imaging-app', 'public-a', 'public-b']],
    [
      'two groups',
      ['/genomics', '/imaging'],
      ['both-app', 'genomics-app', 'imaging-app', 'public-a', 'public-b'],
    ],
    ['case near-miss GENOMICS', ['GENOMICS'], ['public-a', 'public-b']],
    ['exact Genomics', ['Genomics'], ['public-a', 'public-b', 'upper-app']],
    ['prefix near-miss genomic', ['genomic'], ['public-a', 'public-b']],
    ['path near-miss genomics/team-b', ['/genomics/team-b'], ['public-a', 'public-b']],
    ['path genomics/team-a', ['/genomics/team-a'], ['public-a', 'public-b', 'team-app']],
    [
      'admin near-miss shown to genomics-admin only',
      ['genomics-admin'],
      ['admin-app', 'public-a', 'public-b'],
    ],
    // Checklist 26: a padded or doubled-slash claim entry grants nothing (decision 0023).
    ['whitespace around the user group', ['  /staff '], ['public-a', 'public-b']],
    ['doubled slash //staff', ['//staff'], ['public-a', 'public-b']],
    ['whitespace stored on the app', ['/staff'], ['public-a', 'public-b', 'spaced-app']],
    ['slash stored on the app', ['staff2'], ['public-a', 'public-b', 'slash-app']],
    ['wildcard-looking group', ['%'], ['public-a', 'public-b']],
    ['SQL-looking group', ["genomics' OR '1'='1"], ['public-a', 'public-b']],
  ])('%s', async (_label, groups, expected) => {
    expect(await visibleIds(groups)).toEqual(expected);
  });

  it('never returns a hidden app on any page', async () => {
    const token = await ctx.issuer.tokenFor('pager', ['/imaging']);
    const seen: string[] = [];
    let page = 1;
    let totalPages = 1;
    do {
      const response = await ctx.app.inject({
        method: 'GET',
        url: `/api/apps?page=${page}&perPage=1`,
        headers: bearer(token),
      });
      const body = response.json();
      expect(body).toMatchObject({ page, perPage: 1, totalItems: 4, totalPages: 4 });
      seen.push(...body.items.map((app: { id: string }) => app.id));
      totalPages = body.totalPages;
      page += 1;
    } while (page <= totalPages);
    expect(seen.sort()).toEqual(['both-app', 'imaging-app', 'public-a', 'public-b']);
    const past = await ctx.app.inject({
      method: 'GET',
      url: '/api/apps?page=9&perPage=1',
      headers: bearer(token),
    });
    expect(past.json()).toMatchObject({ page: 9, totalItems: 4, items: [] });
  });
});

describe('GET /api/apps listing', () => {
  it('pages with the default of 30 and sorts by category, then name', async () => {
    const local = await createTestContext({
      apps: [
        ...Array.from({ length: 35 }, (_, i) => ({
          id: `app-${String(i).padStart(2, '0')}`,
          name: `App ${String(35 - i).padStart(2, '0')}`,
          isPublic: true,
          category: i % 2 === 0 ? 'beta' : 'Alpha',
        })),
      ],
    });
    try {
      const first = (await local.app.inject({ method: 'GET', url: '/api/apps' })).json();
      expect(first).toMatchObject({ page: 1, perPage: 30, totalItems: 35, totalPages: 2 });
      expect(first.items).toHaveLength(30);
      const second = (await local.app.inject({ method: 'GET', url: '/api/apps?page=2' })).json();
      expect(second.items).toHaveLength(5);
      const all = [...first.items, ...second.items];
      const keys = all.map(
        (app: { category: string; name: string }) => `${app.category.toLowerCase()}|${app.name}`,
      );
      expect(keys).toEqual([...keys].sort());
      expect(all[0].category).toBe('Alpha');
    } finally {
      await local.close();
    }
  });

  it('returns the spec fields and an imageUrl only for apps with a logo', async () => {
    const local = await createTestContext({
      apps: [
        { id: 'with-logo', isPublic: true, image: 'logo.svg', groups: ['genomics'] },
        { id: 'without-logo', isPublic: true },
      ],
    });
    try {
      const { items } = (await local.app.inject({ method: 'GET', url: '/api/apps' })).json();
      const withLogo = items.find((app: { id: string }) => app.id === 'with-logo');
      expect(Object.keys(withLogo).sort()).toEqual(
        [
          'associatedGroups',
          'category',
          'collectionId',
          'created',
          'description',
          'doc',
          'env',
          'github',
          'id',
          'image',
          'imageUrl',
          'isPublic',
          'link',
          'name',
          'updated',
        ].sort(),
      );
      expect(withLogo).toMatchObject({
        image: 'logo.svg',
        imageUrl: '/api/files/apps/with-logo/logo.svg',
        isPublic: true,
        associatedGroups: ['genomics'],
        collectionId: 'apps',
      });
      const withoutLogo = items.find((app: { id: string }) => app.id === 'without-logo');
      expect(withoutLogo.image).toBe('');
      expect(withoutLogo).not.toHaveProperty('imageUrl');
    } finally {
      await local.close();
    }
  });

  it.each([
    ['page=0', /page must be >= 1/],
    ['page=-1', /page must be >= 1/],
    ['page=abc', /page must be integer/],
    ['perPage=0', /perPage must be >= 1/],
    ['perPage=501', /perPage must be <= 500/],
    ['perPage=2.5', /perPage must be integer/],
    ['sort=-name', /unknown field "sort"/],
    ['filter=isPublic%3Dfalse', /unknown field "filter"/],
  ])('rejects %s with a 400 that says what is wrong', async (query, message) => {
    const response = await ctx.app.inject({ method: 'GET', url: `/api/apps?${query}` });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      status: 400,
      code: 'validation_failed',
      message: expect.stringMatching(message),
    });
  });

  it('accepts perPage=500', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/apps?perPage=500' });
    expect(response.statusCode).toBe(200);
    expect(response.json().perPage).toBe(500);
  });

  it('is not cached by browsers or proxies', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/apps' });
    expect(response.headers['cache-control']).toBe('no-store');
  });
});

describe('GET /api/apps after the catalog changes', () => {
  it('shows added, changed and re-grouped apps on the very next request', async () => {
    const local = await createTestContext({ apps: [{ id: 'one', name: 'One', isPublic: true }] });
    try {
      const list = async (headers = {}) =>
        (await local.app.inject({ method: 'GET', url: '/api/apps', headers }))
          .json()
          .items.map((app: { id: string; name: string }) => `${app.id}:${app.name}`);
      const token = await local.issuer.tokenFor('u', ['/genomics']);
      expect(await list()).toEqual(['one:One']);
      expect(await list(bearer(token))).toEqual(['one:One']);

      // Written through another connection's repository, as another process would.
      await local.seed([
        { id: 'one', name: 'One renamed', isPublic: true },
        { id: 'two', name: 'Two', groups: ['genomics'] },
      ]);
      expect(await list()).toEqual(['one:One renamed']);
      expect(await list(bearer(token))).toEqual(['one:One renamed', 'two:Two']);

      await local.seed([{ id: 'two', name: 'Two', groups: ['imaging'] }]);
      expect(await list(bearer(token))).toEqual(['one:One renamed']);
    } finally {
      await local.close();
    }
  });
});

describe('the catalog fingerprint', () => {
  it('changes on every write, even several within one millisecond', async () => {
    const local = await createTestContext();
    try {
      const repository = createAppsRepository(local.db);
      const seen = new Set<string>([await repository.catalogVersion()]);
      const now = new Date().toISOString();
      for (const groups of [['a'], ['b'], ['c']]) {
        await repository.upsertApps([{ ...appRow({ id: 'x' }), groups }], now);
        seen.add(await repository.catalogVersion());
      }
      expect(seen.size).toBe(4);
    } finally {
      await local.close();
    }
  });
});
