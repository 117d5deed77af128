import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
// The server-rendered page, as page.routes.test.ts renders it.
// eslint-disable-next-line no-restricted-imports
import { render } from '../../web/entry-server.js';
import { bearer, createTestContext, type TestContext } from '../test-support/test-app.js';

const TEMPLATE = `<!doctype html>
<html lang="en"><head><title>App Portal</title></head><body><div id="root"></div></body></html>
`;

const clock = { now: Date.parse('2026-11-03T09:00:00Z') };
let ctx: TestContext;
let webRoot: string;
afterEach(async () => {
  await ctx.close();
  rmSync(webRoot, { recursive: true, force: true });
});

async function setup() {
  clock.now = Date.parse('2026-11-03T09:00:00Z');
  webRoot = mkdtempSync(join(tmpdir(), 'notice-receipts-'));
  writeFileSync(join(webRoot, 'index.html'), TEMPLATE);
  ctx = await createTestContext({
    apps: [{ id: 'galaxy', isPublic: true }],
    deps: { now: () => clock.now, webRoot, renderPage: render },
  });
  const admin = await ctx.issuer.tokenFor('admin', [], {
    realm_access: { roles: ['portal-admin'] },
  });
  const alice = await ctx.issuer.tokenFor('alice', ['/genomics']);
  const bob = await ctx.issuer.tokenFor('bob', ['imaging']);
  // People known to the portal: they signed in (GET /api/me keeps them).
  for (const token of [alice, bob]) {
    expect((await call('GET', '/api/me', token)).statusCode).toBe(200);
  }
  return { admin, alice, bob };
}

type Method = 'GET' | 'POST';
function call(method: Method, url: string, token: string, body?: unknown, accept?: string) {
  return ctx.app.inject({
    method,
    url,
    headers: { ...(token ? bearer(token) : {}), ...(accept ? { accept } : {}) },
    ...(body === undefined ? {} : { payload: body as object }),
  });
}

async function post(admin: string, fields: Record<string, unknown>) {
  const response = await call('POST', '/api/admin/notices', admin, {
    severity: 'info',
    startsAt: '2026-11-03T08:00:00Z',
    endsAt: '2026-11-03T18:00:00Z',
    ...fields,
  });
  expect(response.statusCode).toBe(201);
  return response.json() as { id: string; version: number };
}

async function titles(token: string) {
  const response = await call('GET', '/api/notices', token);
  expect(response.statusCode).toBe(200);
  return (response.json().notices as { title: string }[]).map((notice) => notice.title);
}

const publicId = (notice: { id: string; version: number }) =>
  `portal-${notice.id}-${notice.version}`;

describe('a notice’s audience', () => {
  it('shows it only to the people in it: API, server-rendered page, public calendar', async () => {
    const { admin, alice, bob } = await setup();
    await post(admin, { title: 'For everyone' });
    await post(admin, { title: 'For signed-in', audience: { kind: 'signed-in' } });
    const groups = await post(admin, {
      title: 'For genomics',
      audience: { kind: 'groups', groups: ['/genomics'] },
    });
    expect(await titles('')).toEqual(['For everyone']);
    expect(await titles(alice)).toEqual(['For everyone', 'For signed-in', 'For genomics']);
    expect(await titles(bob)).toEqual(['For everyone', 'For signed-in']);

    const anonymousPage = (await ctx.app.inject({ url: '/' })).body;
    expect(anonymousPage).toContain('For everyone');
    expect(anonymousPage).not.toContain('For signed-in');
    expect(anonymousPage).not.toContain('For genomics');
    const bobPage = (await ctx.app.inject({ url: '/', headers: bearer(bob) })).body;
    expect(bobPage).toContain('For signed-in');
    expect(bobPage).not.toContain('For genomics');
    const alicePage = (await ctx.app.inject({ url: '/', headers: bearer(alice) })).body;
    expect(alicePage).toContain('For genomics');

    const calendar = (await ctx.app.inject({ url: '/calendar.ics' })).body;
    expect(calendar).toContain('For everyone');
    expect(calendar).not.toContain('For signed-in');
    expect(calendar).not.toContain('For genomics');

    const admins = (await call('GET', '/api/admin/notices', admin)).json().items as {
      id: string;
      audience: unknown;
      requireAck: boolean;
    }[];
    expect(admins.find((notice) => notice.id === groups.id)).toMatchObject({
      audience: { kind: 'groups', groups: ['genomics'] },
      requireAck: false,
    });
  });

  it('refuses groups without a group, naming the field', async () => {
    const { admin } = await setup();
    const response = await call('POST', '/api/admin/notices', admin, {
      title: 'x',
      severity: 'info',
      startsAt: '2026-11-03T08:00:00Z',
      endsAt: '2026-11-03T18:00:00Z',
      audience: { kind: 'groups', groups: [] },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().data.fields).toEqual({
      audience: 'groups must name at least one group',
    });
  });
});

describe('POST /api/notices/{id}/dismiss', () => {
  it('hides the notice from that person on every session, not from others', async () => {
    const { admin, alice, bob } = await setup();
    const notice = await post(admin, { title: 'Upgrade', audience: { kind: 'signed-in' } });
    const response = await call('POST', `/api/notices/${publicId(notice)}/dismiss`, alice);
    expect(response.statusCode).toBe(204);
    // A new token of the same person: another browser.
    const again = await ctx.issuer.tokenFor('alice', ['genomics']);
    expect(await titles(again)).toEqual([]);
    expect((await ctx.app.inject({ url: '/', headers: bearer(again) })).body).not.toContain(
      'Upgrade',
    );
    expect(await titles(bob)).toEqual(['Upgrade']);
    // Dismissing again changes nothing.
    expect((await call('POST', `/api/notices/${notice.id}/dismiss`, alice)).statusCode).toBe(204);
  });

  it('answers 401 anonymous, 404 for unseen, forged or unknown ids', async () => {
    const { admin, bob } = await setup();
    const notice = await post(admin, {
      title: 'Genomics only',
      audience: { kind: 'groups', groups: ['genomics'] },
    });
    expect((await call('POST', `/api/notices/${publicId(notice)}/dismiss`, '')).statusCode).toBe(
      401,
    );
    for (const id of [
      publicId(notice),
      'portal-00000000-0000-0000-0000-000000000000-1',
      'portal-x-1',
      'not-a-notice',
    ]) {
      const response = await call('POST', `/api/notices/${id}/dismiss`, bob);
      expect(response.statusCode, id).toBe(404);
      expect(response.json().message).toBe('There is no such notice.');
    }
    expect((await call('POST', '/api/notices/a%20b/dismiss', bob)).statusCode).toBe(400);
  });
});

describe('a notice that requires acknowledgement', () => {
  it('comes first until acknowledged, cannot be dismissed, and acknowledging is idempotent', async () => {
    const { admin, alice, bob } = await setup();
    await post(admin, { title: 'Plain' });
    const terms = await post(admin, { title: 'New rules', requireAck: true });
    expect(await titles(alice)).toEqual(['New rules', 'Plain']);
    expect(await titles('')).toEqual(['New rules', 'Plain']);

    const dismissed = await call('POST', `/api/notices/${publicId(terms)}/dismiss`, alice);
    expect(dismissed.statusCode).toBe(409);
    expect(dismissed.json().message).toContain('must be acknowledged');
    expect(await titles(alice)).toEqual(['New rules', 'Plain']);

    for (let i = 0; i < 2; i += 1) {
      const response = await call('POST', `/api/notices/${publicId(terms)}/acknowledge`, alice);
      expect(response.statusCode).toBe(204);
    }
    expect(await titles(alice)).toEqual(['Plain']);
    expect(await titles(bob)).toEqual(['New rules', 'Plain']);
    expect((await call('POST', `/api/notices/${publicId(terms)}/acknowledge`, '')).statusCode).toBe(
      401,
    );
  });

  it('answers 404 to acknowledge one outside the audience', async () => {
    const { admin, bob } = await setup();
    const notice = await post(admin, {
      title: 'Genomics rules',
      requireAck: true,
      audience: { kind: 'groups', groups: ['genomics'] },
    });
    const response = await call('POST', `/api/notices/${publicId(notice)}/acknowledge`, bob);
    expect(response.statusCode).toBe(404);
  });
});

describe('GET /api/admin/notices/{id}/acknowledgements', () => {
  it('lists who acknowledged and who in the audience has not, as JSON and as CSV', async () => {
    const { admin, alice, bob } = await setup();
    const notice = await post(admin, {
      title: 'Genomics rules',
      requireAck: true,
      audience: { kind: 'groups', groups: ['genomics'] },
    });
    const evil = await ctx.issuer.tokenFor('=cmd', ['genomics'], { name: '+SUM(1,2)' });
    expect((await call('GET', '/api/me', evil)).statusCode).toBe(200);
    await call('POST', `/api/notices/${publicId(notice)}/acknowledge`, alice);

    const url = `/api/admin/notices/${notice.id}/acknowledgements`;
    const json = await call('GET', url, admin);
    expect(json.statusCode).toBe(200);
    const report = json.json();
    expect(report.audience).toEqual({ kind: 'groups', groups: ['genomics'] });
    expect(report.notice.id).toBe(notice.id);
    expect(report.acknowledged).toEqual([
      expect.objectContaining({ username: 'alice', at: expect.stringMatching(/^\d{4}-/) }),
    ]);
    // bob is not in the audience: not pending.
    expect(report.pending.map((p: { username: string }) => p.username)).toEqual(['=cmd']);

    const csv = await call('GET', url, admin, undefined, 'text/csv');
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    const lines = csv.body.trimEnd().split('\r\n');
    expect(lines[0]).toBe('status,subject,username,name,email,acknowledgedAt');
    expect(lines[1]).toMatch(/^acknowledged,[^,]+,alice,/);
    expect(lines[1]).toMatch(/,\d{4}-\d\d-\d\dT[\d:.]+Z$/);
    expect(lines[2]).toContain(`,'=cmd,"'+SUM(1,2)",`);
    expect(lines[2]).toMatch(/^pending,/);

    expect((await call('GET', url, alice)).statusCode).toBe(403);
    expect((await call('GET', url, bob, undefined, 'text/csv')).statusCode).toBe(403);
    expect((await call('GET', url, '')).statusCode).toBe(401);
    const missing = '/api/admin/notices/00000000-0000-0000-0000-000000000000/acknowledgements';
    expect((await call('GET', missing, admin)).statusCode).toBe(404);
  });
});
