import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startDevIdpServer } from '../dev-idp/test-support/dev-idp-server.js';
import { createTestBrowser, signInAtDevIdp } from '../auth/test-support/test-browser.js';
import { bearer, createTestContext, type TestContext } from '../test-support/test-app.js';

const clock = { now: Date.parse('2026-11-03T09:00:00Z') };
let ctx: TestContext;
afterEach(async () => {
  await ctx.close();
});

async function setup() {
  clock.now = Date.parse('2026-11-03T09:00:00Z');
  ctx = await createTestContext({
    apps: [
      { id: 'galaxy', isPublic: true },
      { id: 'rstudio', groups: ['genomics'] },
      { id: 'secret', groups: ['lab'] },
    ],
    deps: { now: () => clock.now },
  });
  const admin = await ctx.issuer.tokenFor('admin', [], {
    realm_access: { roles: ['portal-admin'] },
  });
  const alice = await ctx.issuer.tokenFor('alice', ['genomics']);
  return { admin, alice };
}

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';
function call(method: Method, url: string, token: string, body?: unknown) {
  return ctx.app.inject({
    method,
    url,
    headers: token ? bearer(token) : {},
    ...(body === undefined ? {} : { payload: body as object }),
  });
}

async function publicNotices(token?: string) {
  const response = await call('GET', '/api/notices', token ?? '');
  expect(response.statusCode).toBe(200);
  return response.json().notices as Record<string, unknown>[];
}

async function noticeAudit(token: string) {
  const items = (await call('GET', '/api/admin/audit', token)).json().items as {
    action: string;
    actor: { username: string };
    before: Record<string, unknown> | null;
    after: Record<string, unknown> | null;
  }[];
  return items.filter((entry) => entry.action === 'notice');
}

const upgrade = {
  title: 'Storage upgrade',
  text: 'Galaxy is read-only.',
  severity: 'maintenance',
  startsAt: '2026-11-03T08:00:00Z',
  endsAt: '2026-11-03T18:00:00+01:00',
};

describe('who may manage portal notices', () => {
  it.each<[Method, string]>([
    ['GET', '/api/admin/notices'],
    ['POST', '/api/admin/notices'],
    ['PATCH', '/api/admin/notices/x'],
    ['DELETE', '/api/admin/notices/x'],
  ])('%s %s: 401 anonymous, 403 non-admin, with the error body', async (method, url) => {
    const { alice } = await setup();
    const anonymous = await call(method, url, '', upgrade);
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual({
      status: 401,
      code: 'unauthorized',
      message: 'Sign in to use this.',
      data: {},
    });
    const user = await call(method, url, alice, upgrade);
    expect(user.statusCode).toBe(403);
    expect(user.json()).toEqual({
      status: 403,
      code: 'admins_only',
      message: 'Only portal administrators can do this.',
      data: {},
    });
    expect(await publicNotices()).toEqual([]);
  });
});

describe('posting, changing and deleting notices', () => {
  it('creates, lists, edits and deletes a notice, auditing every change', async () => {
    const { admin } = await setup();
    const created = await call('POST', '/api/admin/notices', admin, upgrade);
    expect(created.statusCode).toBe(201);
    const notice = created.json();
    expect(notice).toMatchObject({
      title: 'Storage upgrade',
      severity: 'maintenance',
      startsAt: '2026-11-03T08:00:00.000Z',
      endsAt: '2026-11-03T17:00:00.000Z',
      appIds: [],
      version: 1,
      createdBy: { username: 'admin' },
    });
    expect((await call('GET', '/api/admin/notices', admin)).json().items).toEqual([notice]);

    const patched = await call('PATCH', `/api/admin/notices/${notice.id}`, admin, {
      title: 'Storage upgrade, longer',
      appIds: ['galaxy'],
    });
    expect(patched.statusCode).toBe(200);
    expect(patched.json()).toMatchObject({ version: 2, appIds: ['galaxy'], text: upgrade.text });

    const deleted = await call('DELETE', `/api/admin/notices/${notice.id}`, admin);
    expect(deleted.statusCode).toBe(204);
    expect((await call('GET', '/api/admin/notices', admin)).json().items).toEqual([]);
    const again = await call('DELETE', `/api/admin/notices/${notice.id}`, admin);
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({
      status: 404,
      code: 'not_found',
      message: 'There is no such notice.',
      data: {},
    });

    const audit = await noticeAudit(admin);
    expect(audit.map((entry) => [entry.before?.title ?? null, entry.after?.title ?? null])).toEqual(
      [
        ['Storage upgrade, longer', null],
        ['Storage upgrade', 'Storage upgrade, longer'],
        [null, 'Storage upgrade'],
      ],
    );
    expect(audit.every((entry) => entry.actor.username === 'admin')).toBe(true);
    expect(audit[0]?.before).toMatchObject({ id: notice.id, appIds: ['galaxy'] });
  });

  it('names each bad field, as the app routes do, and changes nothing', async () => {
    const { admin } = await setup();
    const bad = await call('POST', '/api/admin/notices', admin, {
      title: ' ',
      text: 42,
      severity: 'panic',
      startsAt: '2026-11-03 08:00',
      endsAt: '2026-11-03T07:00:00Z',
      appIds: ['Not An Id'],
      html: '<b>x</b>',
    });
    expect(bad.statusCode).toBe(400);
    const body = bad.json();
    expect(body.status).toBe(400);
    expect(body.message).toMatch(/^Some fields are invalid: /);
    expect(Object.keys(body.data.fields).sort()).toEqual(
      ['appIds', 'html', 'severity', 'startsAt', 'text', 'title'].sort(),
    );
    expect(body.data.fields.severity).toBe('must be one of info, maintenance, incident');

    const backwards = await call('POST', '/api/admin/notices', admin, {
      ...upgrade,
      endsAt: upgrade.startsAt,
    });
    expect(backwards.json().data.fields).toEqual({ endsAt: 'must be after the start' });
    const tooLong = await call('POST', '/api/admin/notices', admin, {
      ...upgrade,
      endsAt: '2027-11-03T08:00:00Z',
    });
    expect(tooLong.json().data.fields).toEqual({
      endsAt: 'must be at most 90 days after the start',
    });
    const unknownApp = await call('POST', '/api/admin/notices', admin, {
      ...upgrade,
      appIds: ['nope'],
    });
    expect(unknownApp.json().data.fields).toEqual({ appIds: 'names unknown apps: nope' });
    const notObject = await call('POST', '/api/admin/notices', admin, [upgrade]);
    expect(notObject.statusCode).toBe(400);

    const created = (await call('POST', '/api/admin/notices', admin, upgrade)).json();
    const badPatch = await call('PATCH', `/api/admin/notices/${created.id}`, admin, {
      startsAt: '2026-11-03T19:00:00Z',
    });
    expect(badPatch.json().data.fields).toEqual({ endsAt: 'must be after the start' });
    expect((await call('GET', '/api/admin/notices', admin)).json().items).toEqual([created]);
    expect(await noticeAudit(admin)).toHaveLength(1);
  });

  it('takes body values as sent: no number, list or single value turned into another type', async () => {
    const { admin } = await setup();
    const cases: [Record<string, unknown>, Record<string, string>][] = [
      [{ title: 5 }, { title: 'must be text' }],
      [{ title: ['a'] }, { title: 'must be text' }],
      [{ text: 42 }, { text: 'must be text' }],
      [{ text: true }, { text: 'must be text' }],
      [{ appIds: 'galaxy' }, { appIds: 'must be a list of at most 100 app ids' }],
    ];
    for (const [change, fields] of cases) {
      const created = await call('POST', '/api/admin/notices', admin, { ...upgrade, ...change });
      expect(created.statusCode).toBe(400);
      expect(created.json().data.fields).toEqual(fields);
    }
    const notice = (await call('POST', '/api/admin/notices', admin, upgrade)).json();
    for (const [change, fields] of cases) {
      const patched = await call('PATCH', `/api/admin/notices/${notice.id}`, admin, change);
      expect(patched.statusCode).toBe(400);
      expect(patched.json().data.fields).toEqual(fields);
    }
    expect((await call('GET', '/api/admin/notices', admin)).json().items).toEqual([notice]);
  });
});

describe('GET /api/notices with portal notices', () => {
  it('shows a notice to every viewer between its start and its end only', async () => {
    const { admin, alice } = await setup();
    await call('POST', '/api/admin/notices', admin, {
      ...upgrade,
      startsAt: '2026-11-03T10:00:00Z',
      endsAt: '2026-11-03T12:00:00Z',
    });
    expect(await publicNotices()).toEqual([]);
    clock.now = Date.parse('2026-11-03T10:00:00Z');
    const shown = await publicNotices();
    expect(shown).toEqual([
      {
        id: expect.stringMatching(/^portal-.+-1$/),
        kind: 'maintenance',
        title: 'Storage upgrade',
        text: 'Galaxy is read-only.',
        severity: 'info',
        start: '2026-11-03T10:00:00.000Z',
        end: '2026-11-03T12:00:00.000Z',
        appIds: [],
      },
    ]);
    expect(await publicNotices(alice)).toEqual(shown);
    clock.now = Date.parse('2026-11-03T12:00:00Z');
    expect(await publicNotices()).toEqual([]);
  });

  it('serves title and text as the plain text they are, never as HTML', async () => {
    const { admin } = await setup();
    const text = '<img src=x onerror=alert(1)> & <script>x()</script>';
    await call('POST', '/api/admin/notices', admin, {
      ...upgrade,
      severity: 'info',
      title: '<b>Bold</b> claim',
      text,
    });
    const response = await call('GET', '/api/notices', '');
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    const [notice] = response.json().notices;
    expect(notice).toMatchObject({ kind: 'notice', title: '<b>Bold</b> claim', text });
  });

  it('lists only the apps the viewer may see; a notice about hidden apps only is not shown', async () => {
    const { admin, alice } = await setup();
    await call('POST', '/api/admin/notices', admin, {
      ...upgrade,
      title: 'Mixed',
      appIds: ['galaxy', 'rstudio', 'secret'],
    });
    await call('POST', '/api/admin/notices', admin, {
      ...upgrade,
      title: 'Secret only',
      severity: 'incident',
      appIds: ['secret'],
    });
    const anonymous = await publicNotices();
    expect(anonymous.map((n) => [n.title, n.appIds])).toEqual([['Mixed', ['galaxy']]]);
    expect(JSON.stringify(anonymous)).not.toMatch(/secret|rstudio/i);
    const forAlice = await publicNotices(alice);
    expect(forAlice.map((n) => [n.title, n.appIds])).toEqual([['Mixed', ['galaxy', 'rstudio']]]);
    const lab = await ctx.issuer.tokenFor('bob', ['lab']);
    const forLab = await publicNotices(lab);
    expect(forLab.map((n) => [n.title, n.kind, n.severity, n.appIds])).toEqual([
      ['Mixed', 'maintenance', 'info', ['galaxy', 'secret']],
      ['Secret only', 'incident', 'warning', ['secret']],
    ]);
  });
});

describe('portal notices from a browser session', () => {
  const PORTAL = 'http://portal.test';
  let idp: Awaited<ReturnType<typeof startDevIdpServer>>;
  beforeAll(async () => {
    idp = await startDevIdpServer(PORTAL);
  });
  afterAll(async () => {
    await idp.close();
  });

  it('refuses cross-site changes (CSRF) and accepts the portal’s own pages', async () => {
    ctx = await createTestContext({ env: { PUBLIC_URL: PORTAL, OIDC_ISSUER: idp.issuer } });
    const browser = createTestBrowser({ app: ctx.app, origin: PORTAL });
    await signInAtDevIdp(browser, PORTAL, 'admin');
    // Posted with a bearer token; deleted from the browser session.
    const admin = await ctx.issuer.tokenFor('admin', [], {
      realm_access: { roles: ['portal-admin'] },
    });
    const created = await call('POST', '/api/admin/notices', admin, {
      ...upgrade,
      startsAt: new Date(Date.now() - 60_000).toISOString(),
      endsAt: new Date(Date.now() + 3_600_000).toISOString(),
    });
    expect(created.statusCode).toBe(201);
    const url = `/api/admin/notices/${created.json().id}`;
    const crossSite = await browser.request('DELETE', url, {
      headers: { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
    });
    expect(crossSite.status).toBe(403);
    expect(JSON.parse(crossSite.body).message).toMatch(/did not come from the portal's own pages/);
    expect((await browser.request('DELETE', url)).status).toBe(403);
    expect((await ctx.app.inject({ url: '/api/notices' })).json().notices).toHaveLength(1);

    const sameOrigin = await browser.request('DELETE', url, {
      headers: { origin: PORTAL, 'sec-fetch-site': 'same-origin' },
    });
    expect(sameOrigin.status).toBe(204);
    expect((await ctx.app.inject({ url: '/api/notices' })).json().notices).toEqual([]);
  });
});

describe('the OpenAPI document', () => {
  it('describes the notice routes with their schemas', async () => {
    await setup();
    const doc = (await ctx.app.inject({ method: 'GET', url: '/api/docs/openapi.json' })).json();
    expect(Object.keys(doc.paths['/api/admin/notices'])).toEqual(
      expect.arrayContaining(['get', 'post']),
    );
    expect(Object.keys(doc.paths['/api/admin/notices/{noticeId}'])).toEqual(
      expect.arrayContaining(['patch', 'delete']),
    );
    const text = JSON.stringify(doc);
    expect(text).toContain('startsAt');
    expect(text).toContain('appIds');
  });
});

describe('a notice’s text per language (docs/admin.md)', () => {
  it('takes a map, answers it to admins, and shows each viewer their language', async () => {
    const { admin } = await setup();
    const text = { en: 'Galaxy is read-only.', de: 'Galaxy ist schreibgeschützt.' };
    const created = await call('POST', '/api/admin/notices', admin, { ...upgrade, text });
    expect(created.statusCode).toBe(201);
    expect(created.json().text).toEqual(text);
    const german = await ctx.app.inject({
      url: '/api/notices',
      headers: { 'accept-language': 'de' },
    });
    expect(german.json().notices[0].text).toBe('Galaxy ist schreibgeschützt.');
    expect(german.headers.vary).toMatch(/Accept-Language/);
    const french = await ctx.app.inject({
      url: '/api/notices',
      headers: { 'accept-language': 'fr' },
    });
    expect(french.json().notices[0].text).toBe('Galaxy is read-only.');
    const audit = await noticeAudit(admin);
    expect(audit[0]?.after?.text).toEqual(text);
  });

  it('refuses an empty map or an empty text with a 400 naming the field', async () => {
    const { admin } = await setup();
    for (const text of [{}, { de: ' ' }]) {
      const response = await call('POST', '/api/admin/notices', admin, { ...upgrade, text });
      expect(response.statusCode).toBe(400);
      expect(response.json().data.fields.text).toMatch(/at least one language|must not be empty/);
    }
  });
});
