import { afterEach, describe, expect, it } from 'vitest';
import { bearer, createTestContext, type TestContext } from '../test-support/test-app.js';

// The settings page without JavaScript: plain GETs and form posts, as a browser sends them.

let ctx: TestContext;
afterEach(async () => {
  await ctx.close();
});

async function setup(env: Record<string, string> = {}) {
  ctx = await createTestContext({
    apps: [
      { id: 'galaxy', name: 'Galaxy', isPublic: true },
      { id: 'rstudio', name: 'RStudio', groups: ['genomics'] },
    ],
    env,
  });
  const alice = await ctx.issuer.tokenFor('alice', ['genomics']);
  return { alice };
}

function page(token: string | undefined, url = '/settings', headers: Record<string, string> = {}) {
  return ctx.app.inject({
    method: 'GET',
    url,
    headers: { ...(token ? bearer(token) : {}), ...headers },
  });
}

function submit(token: string | undefined, fields: [string, string][]) {
  return ctx.app.inject({
    method: 'POST',
    url: '/settings',
    headers: {
      ...(token ? bearer(token) : {}),
      'content-type': 'application/x-www-form-urlencoded',
    },
    payload: new URLSearchParams(fields).toString(),
  });
}

const SAVE: [string, string][] = [
  ['action', 'save'],
  ['emailChannel', 'on'],
  ['events', 'down'],
  ['events', 'maintenance'],
  ['allFavorites', 'on'],
  ['digestMinutes', '15'],
  ['quietFrom', '22:00'],
  ['quietTo', '06:30'],
  ['timeZone', 'Europe/Berlin'],
  ['language', 'de'],
];

async function settingsOf(token: string) {
  return (
    await ctx.app.inject({ method: 'GET', url: '/api/me/subscriptions', headers: bearer(token) })
  ).json();
}

describe('GET /settings', () => {
  it('sends anonymous visitors to sign in and back, for a GET and a form post', async () => {
    await setup();
    for (const response of [await page(undefined), await submit(undefined, SAVE)]) {
      expect(response.statusCode).toBe(303);
      expect(response.headers.location).toBe('/auth/login?returnTo=%2Fsettings');
    }
    expect(await ctx.db.selectFrom('subscriptions').selectAll().execute()).toEqual([]);
  });

  it('shows the defaults in the visitor’s language, with labels and fieldsets', async () => {
    const { alice } = await setup();
    const response = await page(alice, '/settings', { cookie: 'lang=fr' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.headers['cache-control']).toBe('no-store');
    const html = response.body;
    expect(html).toContain('<html lang="fr"');
    expect(html).toContain('<h1>Paramètres de notification</h1>');
    expect(html).toContain('alice@example.edu');
    expect(html).toMatch(/<input type="checkbox" name="emailChannel" value="on" checked>/);
    expect(html).toMatch(/name="events" value="down" checked/);
    expect(html).toMatch(/name="events" value="notice">/);
    expect(html).toMatch(/name="digestMinutes" value="0" checked/);
    expect(html).toContain('<option value="fr" lang="fr" selected>');
    expect(html).toContain('<option>Europe/Berlin</option>');
    expect(html).toContain('<label for="quiet-from">');
    expect((html.match(/<fieldset>/g) ?? []).length).toBe(6);
    expect((html.match(/<legend>/g) ?? []).length).toBe(6);
    // No inline script (the CSP has none).
    expect(html).not.toMatch(/<script(?![^>]*\bsrc=)/);
  });
});

describe('POST /settings', () => {
  it('saves the form, goes back with a status message, and audits the change', async () => {
    const { alice } = await setup();
    const saved = await submit(alice, SAVE);
    expect(saved.statusCode).toBe(303);
    expect(saved.headers.location).toBe('/settings?saved=settings');
    expect(await settingsOf(alice)).toMatchObject({
      allFavorites: true,
      events: ['down', 'maintenance'],
      channels: { email: true },
      digestMinutes: 15,
      quietHours: { from: '22:00', to: '06:30', timeZone: 'Europe/Berlin' },
    });
    const row = await ctx.db.selectFrom('subscriptions').selectAll().executeTakeFirstOrThrow();
    expect(row.language).toBe('de');
    const back = await page(alice, '/settings?saved=settings');
    expect(back.body).toContain('<p class="status" role="status">Your settings were saved.</p>');
    expect(back.body).toContain('<option value="de" lang="de" selected>');
    expect(back.body).toContain('<option selected>Europe/Berlin</option>');
    expect(back.body).toMatch(/name="digestMinutes" value="15" checked/);

    // Everything off: unchecked boxes are absent from a form post; empty times are no quiet hours.
    const off = await submit(alice, [
      ['action', 'save'],
      ['digestMinutes', '0'],
      ['quietFrom', ''],
      ['quietTo', ''],
      ['timeZone', 'UTC'],
      ['language', 'en'],
    ]);
    expect(off.statusCode).toBe(303);
    expect(await settingsOf(alice)).toMatchObject({
      allFavorites: false,
      events: [],
      channels: { email: false },
      quietHours: null,
    });
    const audits = await ctx.db
      .selectFrom('audit')
      .select(['action', 'actorSubject'])
      .where('action', '=', 'subscriptions')
      .execute();
    expect(audits).toEqual([
      { action: 'subscriptions', actorSubject: 'alice' },
      { action: 'subscriptions', actorSubject: 'alice' },
    ]);
  });

  it.each([
    ['a time not HH:MM', ['quietFrom', '25:00'], 'Enter both quiet-hours times'],
    ['one time only', ['quietTo', ''], 'Enter both quiet-hours times'],
    ['the same times', ['quietTo', '22:00'], 'must start and end at different times'],
    ['an unknown time zone', ['timeZone', 'Nowhere/Land'], 'Choose a time zone from the list.'],
    ['an unknown event', ['events', 'exploded'], 'Choose events from the list.'],
    ['a digest out of range', ['digestMinutes', '5000'], 'Choose how often from the list.'],
    ['an unknown language', ['language', 'xx'], 'Choose a language from the list.'],
  ] as const)(
    'answers %s with the page, its message, and no change',
    async (_name, field, text) => {
      const { alice } = await setup();
      const fields = SAVE.filter(([name]) => name !== field[0] || name === 'events');
      const response = await submit(alice, [...fields, [field[0], field[1]]]);
      expect(response.statusCode).toBe(400);
      expect(response.headers['content-type']).toMatch(/^text\/html/);
      expect(response.body).toMatch(/<p class="error" role="alert">[^<]*/);
      expect(response.body).toContain(text);
      expect(await ctx.db.selectFrom('subscriptions').selectAll().execute()).toEqual([]);
    },
  );

  it('unfollows an app with its own button, and refuses an unknown action', async () => {
    const { alice } = await setup();
    await ctx.app.inject({
      method: 'PUT',
      url: '/api/me/subscriptions/apps/rstudio',
      headers: bearer(alice),
    });
    const html = (await page(alice)).body;
    expect(html).toContain('<span>RStudio</span>');
    expect(html).toContain('form="unfollow-0" aria-label="Unfollow RStudio"');
    expect(html).toMatch(/<form id="unfollow-0"[^>]*>.*name="app" value="rstudio"/);

    const response = await submit(alice, [
      ['action', 'unfollow'],
      ['app', 'rstudio'],
    ]);
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe('/settings?saved=unfollowed');
    expect((await settingsOf(alice)).apps).toEqual([]);
    expect((await page(alice, '/settings?saved=unfollowed')).body).toContain(
      'You no longer follow that app.',
    );

    const hidden = await submit(alice, [
      ['action', 'unfollow'],
      ['app', 'secret'],
    ]);
    expect(hidden.statusCode).toBe(400);
    expect(hidden.body).toContain('There is no such app.');
    expect((await submit(alice, [['action', 'explode']])).statusCode).toBe(400);
  });
});

describe('without sign-in', () => {
  it('tells anonymous visitors that this portal has no sign-in', async () => {
    await setup({ OIDC_ISSUER: '', DEMO_IDP: 'false' });
    const response = await page(undefined);
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('Sign-in is not configured on this portal.');
  });
});
