import { afterEach, describe, expect, it } from 'vitest';
import { bearer, createTestContext, type TestContext } from '../test-support/test-app.js';

// The status subscriptions API end to end, on SQLite and (node-postgres project) PostgreSQL:
// defaults, every validation rule (400, nothing changed), visibility, idempotent follows and the
// audit rows of each change.

let ctx: TestContext;
afterEach(async () => {
  await ctx.close();
});

const DEFAULTS = {
  apps: [],
  allFavorites: false,
  events: ['down', 'up'],
  channels: { email: true },
  digestMinutes: 0,
  quietHours: null,
};

const CHOSEN = {
  apps: ['galaxy', 'rstudio'],
  allFavorites: true,
  events: ['notice', 'down', 'maintenance'],
  channels: { email: false },
  digestMinutes: 60,
  quietHours: { from: '22:00', to: '07:00', timeZone: 'Europe/Berlin' },
};

async function setup() {
  ctx = await createTestContext({
    apps: [
      { id: 'galaxy', isPublic: true },
      { id: 'rstudio', groups: ['genomics'] },
      { id: 'secret-lab', groups: ['imaging'] },
    ],
  });
  const alice = await ctx.issuer.tokenFor('alice', ['/genomics']);
  return { alice };
}

type Method = 'GET' | 'PUT' | 'DELETE';
function call(method: Method, url: string, token?: string, payload?: unknown) {
  return ctx.app.inject({
    method,
    url,
    headers: token ? bearer(token) : {},
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

async function auditRows() {
  return ctx.db
    .selectFrom('audit')
    .selectAll()
    .where('action', '=', 'subscriptions')
    .orderBy('id')
    .execute();
}

describe('GET /api/me/subscriptions', () => {
  it('answers 401 to anonymous callers on every route', async () => {
    await setup();
    for (const [method, url] of [
      ['GET', '/api/me/subscriptions'],
      ['PUT', '/api/me/subscriptions'],
      ['PUT', '/api/me/subscriptions/apps/galaxy'],
      ['DELETE', '/api/me/subscriptions/apps/galaxy'],
    ] as const) {
      const response = await call(method, url, undefined, method === 'PUT' ? DEFAULTS : undefined);
      expect(response.statusCode, `${method} ${url}`).toBe(401);
    }
  });

  it('gives a person without settings the defaults and the address of their identity', async () => {
    const { alice } = await setup();
    const response = await call('GET', '/api/me/subscriptions', alice);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ...DEFAULTS, email: 'alice@example.edu' });
    const nobody = await ctx.issuer.tokenFor('bob', [], { email: undefined });
    expect((await call('GET', '/api/me/subscriptions', nobody)).json().email).toBeNull();
    expect(await ctx.db.selectFrom('subscriptions').selectAll().execute()).toEqual([]);
  });
});

describe('PUT /api/me/subscriptions', () => {
  it('stores the whole object, answers it and audits the change', async () => {
    const { alice } = await setup();
    const response = await call('PUT', '/api/me/subscriptions', alice, {
      ...CHOSEN,
      email: 'ignored@example.edu',
    });
    expect(response.statusCode).toBe(200);
    const expected = {
      ...CHOSEN,
      events: ['down', 'maintenance', 'notice'],
      email: 'alice@example.edu',
    };
    expect(response.json()).toEqual(expected);
    expect((await call('GET', '/api/me/subscriptions', alice)).json()).toEqual(expected);

    const [entry, ...more] = await auditRows();
    expect(more).toEqual([]);
    expect(entry).toMatchObject({ actorSubject: 'alice', appId: null });
    expect(JSON.parse(entry?.before ?? '')).toMatchObject({ apps: [], events: ['down', 'up'] });
    expect(JSON.parse(entry?.after ?? '')).toMatchObject({
      apps: ['galaxy', 'rstudio'],
      digestMinutes: 60,
      email: false,
      quietHours: CHOSEN.quietHours,
    });

    // Back to none: quiet hours off, no apps.
    const cleared = await call('PUT', '/api/me/subscriptions', alice, DEFAULTS);
    expect(cleared.json()).toEqual({ ...DEFAULTS, email: 'alice@example.edu' });
    expect(await auditRows()).toHaveLength(2);
  });

  it.each([
    ['an unknown event', { events: ['down', 'exploded'] }, /no such event: exploded/],
    ['a digest over a day', { digestMinutes: 1441 }, /digestMinutes .* 0 to 1440/],
    ['a negative digest', { digestMinutes: -1 }, /digestMinutes .* 0 to 1440/],
    ['a digest not whole', { digestMinutes: 1.5 }, /digestMinutes .* 0 to 1440/],
    [
      'a time not HH:MM',
      { quietHours: { from: '7:00', to: '08:00', timeZone: 'UTC' } },
      /quietHours.from must be a time HH:MM/,
    ],
    [
      'an hour past 23',
      { quietHours: { from: '22:00', to: '24:00', timeZone: 'UTC' } },
      /quietHours.to must be a time HH:MM/,
    ],
    [
      'the same time twice',
      { quietHours: { from: '22:00', to: '22:00', timeZone: 'UTC' } },
      /different times/,
    ],
    [
      'an unknown time zone',
      { quietHours: { from: '22:00', to: '07:00', timeZone: 'Mars/Olympus_Mons' } },
      /no such time zone: Mars\/Olympus_Mons/,
    ],
    ['an app that does not exist', { apps: ['galaxy', 'nope'] }, /^There is no such app: nope$/],
    [
      'an app hidden from the caller',
      { apps: ['secret-lab'] },
      /^There is no such app: secret-lab$/,
    ],
  ])('refuses %s with a 400 and changes nothing', async (_name, change, message) => {
    const { alice } = await setup();
    expect((await call('PUT', '/api/me/subscriptions', alice, CHOSEN)).statusCode).toBe(200);
    const before = (await call('GET', '/api/me/subscriptions', alice)).json();
    const response = await call('PUT', '/api/me/subscriptions', alice, { ...CHOSEN, ...change });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(message);
    expect((await call('GET', '/api/me/subscriptions', alice)).json()).toEqual(before);
    expect(await auditRows()).toHaveLength(1);
  });

  it('refuses a missing field, a wrong type and an unknown field', async () => {
    const { alice } = await setup();
    const { quietHours: _quiet, ...withoutQuiet } = CHOSEN;
    for (const body of [
      withoutQuiet,
      { ...CHOSEN, allFavorites: 'yes' },
      { ...CHOSEN, channels: { email: true, sms: true } },
      { ...CHOSEN, language: 'de' },
    ]) {
      expect((await call('PUT', '/api/me/subscriptions', alice, body)).statusCode).toBe(400);
    }
    expect(await auditRows()).toEqual([]);
  });
});

describe('PUT and DELETE /api/me/subscriptions/apps/{appId}', () => {
  it('follows and unfollows idempotently, auditing only real changes', async () => {
    const { alice } = await setup();
    for (let i = 0; i < 2; i += 1) {
      const response = await call('PUT', '/api/me/subscriptions/apps/rstudio', alice);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        ...DEFAULTS,
        apps: ['rstudio'],
        email: 'alice@example.edu',
      });
    }
    await call('PUT', '/api/me/subscriptions/apps/galaxy', alice);
    expect((await call('GET', '/api/me/subscriptions', alice)).json().apps).toEqual([
      'galaxy',
      'rstudio',
    ]);
    for (let i = 0; i < 2; i += 1) {
      const response = await call('DELETE', '/api/me/subscriptions/apps/rstudio', alice);
      expect(response.statusCode).toBe(200);
      expect(response.json().apps).toEqual(['galaxy']);
    }
    const rows = await auditRows();
    expect(rows.map((row) => [row.appId, row.after])).toEqual([
      ['rstudio', '{"followed":true}'],
      ['galaxy', '{"followed":true}'],
      ['rstudio', '{"followed":false}'],
    ]);
  });

  it('answers 404 alike for a hidden app and a missing one, and changes nothing', async () => {
    const { alice } = await setup();
    for (const id of ['secret-lab', 'nope']) {
      for (const method of ['PUT', 'DELETE'] as const) {
        const response = await call(method, `/api/me/subscriptions/apps/${id}`, alice);
        expect(response.statusCode).toBe(404);
        expect(response.json().message).toBe('There is no such app.');
      }
    }
    expect(await ctx.db.selectFrom('subscriptionApps').selectAll().execute()).toEqual([]);
    expect(await auditRows()).toEqual([]);
  });

  it('leaves out an app that became hidden from the person', async () => {
    const { alice } = await setup();
    await call('PUT', '/api/me/subscriptions/apps/rstudio', alice);
    await call('PUT', '/api/me/subscriptions/apps/galaxy', alice);
    await ctx.seed([{ id: 'rstudio', groups: ['imaging'] }]);
    expect((await call('GET', '/api/me/subscriptions', alice)).json().apps).toEqual(['galaxy']);
    // Following it again is refused as for any app one may not see.
    expect((await call('PUT', '/api/me/subscriptions/apps/rstudio', alice)).statusCode).toBe(404);
  });

  it('keeps one person’s subscriptions apart from another’s', async () => {
    const { alice } = await setup();
    const bob = await ctx.issuer.tokenFor('bob', ['genomics']);
    await call('PUT', '/api/me/subscriptions/apps/rstudio', alice);
    expect((await call('GET', '/api/me/subscriptions', bob)).json().apps).toEqual([]);
  });
});
