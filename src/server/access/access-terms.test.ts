import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AppAccess } from '../../shared/catalog/app-rules.js';
import { bearer, createTestContext, type TestContext } from '../test-support/test-app.js';
import { createRecordingOutbox } from './recording-outbox.js';

// An app's terms of use (docs/access-requests.md, "Terms of use"): set by admins, shown on the
// locked card to those who may request the app, accepted (by version) in the request.

const IMAGING: AppAccess = { requestable: true, group: '/imaging', approvers: ['pi-imaging'] };
const TERMS = { version: '2026-11', text: 'Be kind to the microscope.\nNo sharing.' };

let ctx: TestContext;
let tokens: Record<string, string>;

beforeEach(async () => {
  ctx = await createTestContext({
    apps: [
      { id: 'napari', groups: ['imaging'], access: IMAGING },
      { id: 'plain', groups: ['imaging'], access: IMAGING },
    ],
    deps: { accessOutbox: createRecordingOutbox(), groupDirectory: null, accessExpiryTimer: false },
  });
  tokens = {
    alice: await ctx.issuer.tokenFor('alice', ['/genomics'], {
      name: 'Alice Example',
      email: 'alice@example.edu',
    }),
    member: await ctx.issuer.tokenFor('ivan', ['/imaging']),
    pi: await ctx.issuer.tokenFor('pi-imaging', ['/staff']),
    admin: await ctx.issuer.tokenFor('root', [], { realm_access: { roles: ['portal-admin'] } }),
  };
});

afterEach(async () => {
  await ctx.close();
});

function call(method: 'GET' | 'POST' | 'PATCH', url: string, token: string, body?: object) {
  return ctx.app.inject({
    method,
    url,
    headers: { ...bearer(token), ...(method === 'PATCH' ? { 'if-match': '"1"' } : {}) },
    ...(body === undefined ? {} : { payload: body }),
  });
}

const setTerms = (terms: unknown) =>
  call('PATCH', '/api/admin/apps/napari', tokens.admin!, { terms } as object);

describe('terms of use in the admin API', () => {
  it('stores terms and answers them to admins', async () => {
    const saved = await setTerms(TERMS);
    expect(saved.statusCode).toBe(200);
    expect(saved.json().terms).toEqual(TERMS);
    const read = await call('GET', '/api/admin/apps/napari', tokens.admin!);
    expect(read.json().terms).toEqual(TERMS);
    expect(
      (await call('GET', '/api/admin/apps/plain', tokens.admin!)).json().terms,
    ).toBeUndefined();
  });

  it.each([
    ['a version with a space', { version: '2026 11', text: 'x' }, /version/],
    ['an empty version', { version: '', text: 'x' }, /version/],
    ['a version of 41 characters', { version: 'x'.repeat(41), text: 'x' }, /version/],
    ['text and url', { version: '1', text: 'x', url: 'https://example.edu/t' }, /exactly one/],
    ['neither text nor url', { version: '1' }, /exactly one/],
    ['a javascript: url', { version: '1', url: 'javascript:alert(1)' }, /http\(s\)/],
    ['a text of 20,001 characters', { version: '1', text: 'x'.repeat(20_001) }, /20000/],
    ['an unknown field', { version: '1', text: 'x', extra: true }, /unknown field/],
    ['a string', '2026-11', /object/],
  ])('refuses %s with 400 naming the field, nothing saved', async (_label, terms, message) => {
    const refused = await setTerms(terms);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().data.fields.terms).toMatch(message);
    const read = await call('GET', '/api/admin/apps/napari', tokens.admin!);
    expect(read.json().version).toBe(1);
    expect(read.json().terms).toBeUndefined();
  });

  it('takes a link instead of a text, and null removes the terms', async () => {
    const link = { version: 'v2.1', url: 'https://example.edu/terms' };
    expect((await setTerms(link)).json().terms).toEqual(link);
    const removed = await ctx.app.inject({
      method: 'PATCH',
      url: '/api/admin/apps/napari',
      headers: { ...bearer(tokens.admin!), 'if-match': '"2"' },
      payload: { terms: null },
    });
    expect(removed.statusCode).toBe(200);
    expect(removed.json().terms).toBeUndefined();
  });
});

describe('terms of use on the locked card and in the request', () => {
  beforeEach(async () => {
    expect((await setTerms(TERMS)).statusCode).toBe(200);
  });

  it('the locked card carries the terms to people who may request the app, members get none', async () => {
    const items = (await call('GET', '/api/apps', tokens.alice!)).json().items;
    const napari = items.find((app: { id: string }) => app.id === 'napari');
    expect(napari.lockedAccess).toEqual({ terms: TERMS });
    const plain = items.find((app: { id: string }) => app.id === 'plain');
    expect(plain.lockedAccess).toBeUndefined();
    const mine = (await call('GET', '/api/apps', tokens.member!)).json().items;
    expect(JSON.stringify(mine)).not.toContain('microscope');
  });

  it.each([
    ['without acceptedTerms', {}],
    ['with another version', { acceptedTerms: '2026-10' }],
  ])('a request %s is refused with 400, nothing stored', async (_label, extra) => {
    const refused = await call('POST', '/api/access-requests', tokens.alice!, {
      appId: 'napari',
      reason: 'Imaging',
      ...extra,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe('Accept the terms of use (version 2026-11) first.');
    expect(await ctx.db.selectFrom('accessRequests').selectAll().execute()).toEqual([]);
    const audit = await ctx.db.selectFrom('audit').select('action').execute();
    expect(audit.map((entry) => entry.action)).not.toContain('access-request');
  });

  it('a request with the current version is stored with it: answer, inbox and audit', async () => {
    const created = await call('POST', '/api/access-requests', tokens.alice!, {
      appId: 'napari',
      reason: 'Imaging',
      acceptedTerms: '2026-11',
    });
    expect(created.statusCode).toBe(201);
    expect(created.json().acceptedTerms).toBe('2026-11');
    const row = await ctx.db.selectFrom('accessRequests').selectAll().executeTakeFirstOrThrow();
    expect(row.acceptedTerms).toBe('2026-11');
    const inbox = (await call('GET', '/api/access-requests/inbox', tokens.pi!)).json();
    expect(inbox.items[0]).toMatchObject({ appId: 'napari', acceptedTerms: '2026-11' });
    const audit = await ctx.db
      .selectFrom('audit')
      .selectAll()
      .where('action', '=', 'access-request')
      .executeTakeFirstOrThrow();
    expect(JSON.parse(audit.after ?? '{}')).toMatchObject({ acceptedTerms: '2026-11' });
  });

  it('apps without terms take requests as before, recording no version', async () => {
    const created = await call('POST', '/api/access-requests', tokens.alice!, {
      appId: 'plain',
      reason: 'Imaging',
    });
    expect(created.statusCode).toBe(201);
    expect(created.json().acceptedTerms).toBeUndefined();
  });
});
