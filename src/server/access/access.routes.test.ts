import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AppAccess } from '../../shared/catalog/app-rules.js';
import { bearer, createTestContext, type TestContext } from '../test-support/test-app.js';
import type { GroupDirectory } from './ports.js';
import { createRecordingOutbox } from './recording-outbox.js';

const IMAGING: AppAccess = {
  requestable: true,
  group: '/imaging',
  approvers: ['pi-imaging', 'group:/imaging-leads'],
  showGroup: true,
  days: 180,
};
const SEQ: AppAccess = { requestable: true, group: '/sequencing', approvers: ['pi-seq'] };
const HIDDEN: AppAccess = { requestable: false, group: '/secret', approvers: ['pi-imaging'] };

const APPS = [
  { id: 'galaxy', isPublic: true },
  { id: 'napari', groups: ['imaging'], access: IMAGING },
  { id: 'labkey', groups: ['sequencing'], access: SEQ },
  { id: 'vault', groups: ['secret'], access: HIDDEN },
  { id: 'omero', groups: ['imaging'] },
];

function recordingDirectory(fail = false) {
  const calls: string[] = [];
  const directory: GroupDirectory = {
    async addMember(userId, group) {
      calls.push(`add ${userId} ${group}`);
      if (fail) throw new Error('Keycloak said no');
    },
    async removeMember(userId, group) {
      calls.push(`remove ${userId} ${group}`);
    },
    async listGroups() {
      return ['/imaging', '/sequencing'];
    },
    async groupMembers() {
      return [];
    },
  };
  return { directory, calls };
}

let ctx: TestContext;
let outbox: ReturnType<typeof createRecordingOutbox>;
let tokens: Record<string, string>;
let now: number;

async function setUp(
  options: { directory?: GroupDirectory | null; env?: Record<string, string> } = {},
) {
  outbox = createRecordingOutbox();
  now = Date.parse('2026-11-25T08:00:00.000Z');
  ctx = await createTestContext({
    apps: APPS,
    env: options.env,
    deps: {
      accessOutbox: outbox,
      groupDirectory: options.directory ?? null,
      accessExpiryTimer: false,
      now: () => now,
    },
  });
  const token = (name: string, groups: string[], roles: string[] = []) =>
    ctx.issuer.tokenFor(name, groups, {
      name: `${name} Example`,
      email: `${name}@example.edu`,
      realm_access: { roles },
    });
  tokens = {
    alice: await token('alice', ['/genomics']),
    member: await token('ivan', ['/imaging']),
    pi: await token('pi-imaging', ['/staff']),
    lead: await token('lena', ['/imaging-leads']),
    piSeq: await token('pi-seq', []),
    admin: await token('root', [], ['portal-admin']),
    nobody: await token('nobody', []),
  };
}

afterEach(async () => {
  await ctx.close();
});

function call(
  method: 'GET' | 'POST' | 'DELETE' | 'PUT',
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

const ids = (items: { id: string }[]) => items.map((item) => item.id).sort();

describe('who sees what', () => {
  beforeEach(() => setUp());

  it('anonymous visitors get no locked cards', async () => {
    const body = (await call('GET', '/api/apps')).json();
    expect(ids(body.items)).toEqual(['galaxy']);
  });

  it('members see their apps as before; other requestable apps are locked cards', async () => {
    const items = (await call('GET', '/api/apps', tokens.member)).json().items;
    expect(ids(items)).toEqual(['galaxy', 'labkey', 'napari', 'omero']);
    const napari = items.find((app: { id: string }) => app.id === 'napari');
    expect(napari.link).toBe('https://napari.example.edu/');
    expect(napari.locked).toBeUndefined();
    expect(items.find((app: { id: string }) => app.id === 'labkey').locked).toBe(true);
  });

  it('non-members get locked cards without links, groups or status; never non-requestable apps', async () => {
    const items = (await call('GET', '/api/apps', tokens.alice)).json().items;
    expect(ids(items)).toEqual(['galaxy', 'labkey', 'napari']);
    const napari = items.find((app: { id: string }) => app.id === 'napari');
    expect(napari).toEqual({
      id: 'napari',
      name: 'napari',
      description: 'About napari',
      image: '',
      env: 'prod',
      category: 'apps',
      isPublic: false,
      associatedGroups: [],
      collectionId: 'apps',
      created: expect.any(String),
      updated: expect.any(String),
      locked: true,
      lockedAccess: { group: '/imaging', approvers: IMAGING.approvers, days: 180 },
    });
    // Without showGroup the card names neither group nor approvers.
    const labkey = items.find((app: { id: string }) => app.id === 'labkey');
    expect(labkey.lockedAccess).toBeUndefined();
    expect(JSON.stringify(items)).not.toContain('sequencing');
    expect(JSON.stringify(items)).not.toContain('vault');
    expect(JSON.stringify(items)).not.toContain('secret');
  });

  it('approvers and admins who are not members see locked cards too', async () => {
    expect(ids((await call('GET', '/api/apps', tokens.pi)).json().items)).toEqual([
      'galaxy',
      'labkey',
      'napari',
    ]);
    expect(ids((await call('GET', '/api/apps', tokens.admin)).json().items)).toEqual([
      'galaxy',
      'labkey',
      'napari',
    ]);
  });

  it('locked apps never count as favourites and have no status', async () => {
    const locked = await call('PUT', '/api/me/favorites/napari', tokens.alice);
    const missing = await call('PUT', '/api/me/favorites/no-such-app', tokens.alice);
    expect(locked.statusCode).toBe(404);
    expect(locked.json()).toEqual(missing.json());
    const status = (await call('GET', '/api/monitor-status', tokens.alice)).json();
    expect(JSON.stringify(status)).not.toContain('napari');
  });

  it('tells the header who approves', async () => {
    expect((await call('GET', '/api/me', tokens.alice)).json().isApprover).toBe(false);
    expect((await call('GET', '/api/me', tokens.pi)).json().isApprover).toBe(true);
    expect((await call('GET', '/api/me', tokens.lead)).json().isApprover).toBe(true);
    expect((await call('GET', '/api/me', tokens.admin)).json().isApprover).toBe(true);
  });
});

describe('requests', () => {
  beforeEach(() => setUp());

  it('is signed-in only', async () => {
    expect((await call('GET', '/api/access-requests')).statusCode).toBe(401);
    const post = await call('POST', '/api/access-requests', undefined, {
      appId: 'napari',
      reason: 'x',
    });
    expect(post.statusCode).toBe(401);
  });

  it('creates one open request per app, lists it, and audits and notifies', async () => {
    const created = await call('POST', '/api/access-requests', tokens.alice, {
      appId: 'napari',
      reason: '  Imaging for my thesis  ',
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({
      appId: 'napari',
      status: 'pending',
      membership: 'none',
      reason: 'Imaging for my thesis',
    });
    expect(created.json().group).toBeUndefined();
    const again = await call('POST', '/api/access-requests', tokens.alice, {
      appId: 'napari',
      reason: 'Please',
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toMatch(/already asked/);
    const mine = (await call('GET', '/api/access-requests', tokens.alice)).json();
    expect(mine.totalItems).toBe(1);
    const audit = await ctx.db.selectFrom('audit').selectAll().execute();
    expect(audit.map((entry) => entry.action)).toEqual(['access-request']);
    expect(outbox.messages.map((m) => m.kind)).toContain('webhook');
  });

  it('answers 404 for an app the caller may not request, exactly as for no app', async () => {
    const hidden = await call('POST', '/api/access-requests', tokens.alice, {
      appId: 'vault',
      reason: 'x',
    });
    const none = await call('POST', '/api/access-requests', tokens.alice, {
      appId: 'nope',
      reason: 'x',
    });
    const plain = await call('POST', '/api/access-requests', tokens.alice, {
      appId: 'omero',
      reason: 'x',
    });
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json()).toEqual(none.json());
    expect(plain.json()).toEqual(none.json());
  });

  it('tells members they already have the app (409)', async () => {
    const response = await call('POST', '/api/access-requests', tokens.member, {
      appId: 'napari',
      reason: 'x',
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe('You can already use this app.');
  });

  it('refuses an empty, too long or control-character reason, changing nothing', async () => {
    for (const reason of ['   ', 'x'.repeat(1001), 'bad\u0000text']) {
      const response = await call('POST', '/api/access-requests', tokens.alice, {
        appId: 'napari',
        reason,
      });
      expect(response.statusCode).toBe(400);
    }
    expect(await ctx.db.selectFrom('accessRequests').selectAll().execute()).toEqual([]);
  });

  it('withdraws my open request; someone else’s is 404', async () => {
    const { id } = (
      await call('POST', '/api/access-requests', tokens.alice, { appId: 'napari', reason: 'x' })
    ).json();
    expect((await call('DELETE', `/api/access-requests/${id}`, tokens.pi)).statusCode).toBe(404);
    expect((await call('DELETE', `/api/access-requests/${id}`, tokens.alice)).statusCode).toBe(204);
    expect((await call('DELETE', `/api/access-requests/${id}`, tokens.alice)).statusCode).toBe(409);
    const mine = (await call('GET', '/api/access-requests', tokens.alice)).json();
    expect(mine.items[0].status).toBe('withdrawn');
  });
});

describe('deciding', () => {
  async function request(appId = 'napari', token = tokens.alice): Promise<string> {
    const response = await call('POST', '/api/access-requests', token, { appId, reason: 'x' });
    expect(response.statusCode).toBe(201);
    return response.json().id as string;
  }

  it('the inbox is 403 for someone who approves nothing, scoped for approvers, whole for admins', async () => {
    await setUp();
    await request('napari');
    await request('labkey');
    expect((await call('GET', '/api/access-requests/inbox', tokens.alice)).statusCode).toBe(403);
    const pi = (await call('GET', '/api/access-requests/inbox', tokens.pi)).json();
    expect(pi.items.map((item: { appId: string }) => item.appId)).toEqual(['napari']);
    expect(pi.items[0].requester).toEqual({
      id: expect.any(String),
      name: 'alice Example',
      username: 'alice',
      email: 'alice@example.edu',
    });
    const lead = (await call('GET', '/api/access-requests/inbox', tokens.lead)).json();
    expect(lead.totalItems).toBe(1);
    const admin = (await call('GET', '/api/access-requests/inbox', tokens.admin)).json();
    expect(admin.totalItems).toBe(2);
  });

  it('an approver of one app gets 403 on another; 409 once decided', async () => {
    await setUp();
    const seq = await request('labkey');
    const nap = await request('napari');
    const wrong = await call('POST', `/api/access-requests/${seq}/decision`, tokens.pi, {
      decision: 'approve',
    });
    expect(wrong.statusCode).toBe(403);
    const declined = await call('POST', `/api/access-requests/${nap}/decision`, tokens.pi, {
      decision: 'decline',
      note: 'Ask your PI first',
    });
    expect(declined.statusCode).toBe(200);
    expect(declined.json().request).toMatchObject({
      status: 'declined',
      note: 'Ask your PI first',
    });
    const twice = await call('POST', `/api/access-requests/${nap}/decision`, tokens.admin, {
      decision: 'approve',
    });
    expect(twice.statusCode).toBe(409);
  });

  it('nobody decides their own request unless admin', async () => {
    await setUp();
    const own = await request('labkey', tokens.pi);
    const response = await call('POST', `/api/access-requests/${own}/decision`, tokens.pi, {
      decision: 'approve',
    });
    // pi-imaging approves napari, not labkey: 403 either way; a self-approver is refused too.
    expect(response.statusCode).toBe(403);
  });

  it('without a directory: approved, waiting, add by hand; present once the token carries the group', async () => {
    await setUp();
    const id = await request('napari');
    const decided = await call('POST', `/api/access-requests/${id}/decision`, tokens.pi, {
      decision: 'approve',
    });
    expect(decided.statusCode).toBe(200);
    expect(decided.json().addByHand).toBe('/imaging');
    expect(decided.json().request).toMatchObject({
      status: 'approved',
      membership: 'waiting',
      group: '/imaging',
    });
    expect(decided.json().request.expiresAt).toBe('2027-05-24T08:00:00.000Z');
    const later = await ctx.issuer.tokenFor('alice', ['/genomics', '/imaging'], {});
    const mine = (await call('GET', '/api/access-requests', later)).json();
    expect(mine.items[0]).toMatchObject({ membership: 'present', group: '/imaging' });
    const actions = (await ctx.db.selectFrom('audit').select('action').orderBy('id').execute()).map(
      (row) => row.action,
    );
    expect(actions).toEqual([
      'access-request',
      'access-decision',
      'access-membership',
      'access-membership',
    ]);
    const mails = outbox.messages.filter((m) => m.kind === 'mail');
    expect(mails.at(-1)).toMatchObject({
      to: ['alice@example.edu'],
      subject: 'Access to napari approved',
    });
  });

  it('with a directory: the membership is written; on failure, retrying (the access jobs try again)', async () => {
    const { directory, calls } = recordingDirectory();
    await setUp({ directory });
    const id = await request('napari');
    const decided = (
      await call('POST', `/api/access-requests/${id}/decision`, tokens.lead, {
        decision: 'approve',
      })
    ).json();
    expect(decided.request.membership).toBe('written');
    expect(decided.addByHand).toBeUndefined();
    expect(calls).toEqual([`add ${decided.request.requester.id} /imaging`]);
    await ctx.close();

    const failing = recordingDirectory(true);
    await setUp({ directory: failing.directory });
    const second = await request('napari');
    const result = (
      await call('POST', `/api/access-requests/${second}/decision`, tokens.pi, {
        decision: 'approve',
      })
    ).json();
    expect(result.request).toMatchObject({ status: 'approved', membership: 'retrying' });
    expect(result.addByHand).toBeUndefined();
    const mine = (await call('GET', '/api/access-requests', tokens.alice)).json();
    expect(mine.items[0]).toMatchObject({ status: 'approved', membership: 'retrying' });
    const audit = await ctx.db
      .selectFrom('audit')
      .select(['action', 'after'])
      .where('action', '=', 'access-membership')
      .execute();
    expect(JSON.parse(audit[0]?.after ?? '{}')).toMatchObject({
      membership: 'retrying',
      error: 'Keycloak said no',
      retryAt: '2026-11-25T08:01:00.000Z',
    });
  });
});

describe('an admin sets when access ends', () => {
  async function request(appId = 'napari'): Promise<string> {
    const response = await call('POST', '/api/access-requests', tokens.alice, {
      appId,
      reason: 'x',
    });
    expect(response.statusCode).toBe(201);
    return response.json().id as string;
  }

  it('admins only; approved requests only; bad dates change nothing; audited', async () => {
    await setUp();
    const id = await request('napari');
    const expiry = (token: string | undefined, expiresAt: unknown) =>
      call('POST', `/api/access-requests/${id}/expiry`, token, { expiresAt });
    expect((await expiry(tokens.admin, '2026-11-26T00:00:00.000Z')).statusCode).toBe(409);
    await call('POST', `/api/access-requests/${id}/decision`, tokens.pi, { decision: 'approve' });
    expect((await expiry(tokens.pi, '2026-11-26T00:00:00.000Z')).statusCode).toBe(403);
    expect((await expiry(tokens.alice, '2026-11-26T00:00:00.000Z')).statusCode).toBe(403);
    expect((await expiry(tokens.admin, 'tomorrow')).statusCode).toBe(400);
    expect((await expiry(tokens.admin, 12)).statusCode).toBe(400);
    const unknown = await call(
      'POST',
      '/api/access-requests/zzzzzzzzzzzzzzz/expiry',
      tokens.admin,
      {
        expiresAt: '2026-11-26T00:00:00.000Z',
      },
    );
    expect(unknown.statusCode).toBe(404);
    const mine = () => call('GET', '/api/access-requests', tokens.alice);
    expect((await mine()).json().items[0].expiresAt).toBe('2027-05-24T08:00:00.000Z');

    const shortened = await expiry(tokens.admin, '2026-11-25T07:00:00Z');
    expect(shortened.statusCode).toBe(200);
    expect(shortened.json()).toMatchObject({
      status: 'approved',
      expiresAt: '2026-11-25T07:00:00.000Z',
    });
    expect((await mine()).json().items[0].expiresAt).toBe('2026-11-25T07:00:00.000Z');
    const audit = await ctx.db
      .selectFrom('audit')
      .select(['action', 'actorUsername', 'before', 'after'])
      .where('action', '=', 'access-expiry')
      .execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]?.actorUsername).toBe('root');
    expect(JSON.parse(audit[0]?.before ?? '{}')).toMatchObject({
      expiresAt: '2027-05-24T08:00:00.000Z',
    });
    expect(JSON.parse(audit[0]?.after ?? '{}')).toMatchObject({
      expiresAt: '2026-11-25T07:00:00.000Z',
      user: 'alice',
    });
  });

  it('is in the OpenAPI document', async () => {
    await setUp();
    const doc = (await call('GET', '/api/docs/openapi.json')).json();
    expect(doc.paths['/api/access-requests/{id}/expiry'].post.operationId).toBe('setAccessExpiry');
  });
});

describe('limits', () => {
  it('counts access request writes against the write rate limit', async () => {
    await setUp({ env: { RATE_LIMIT_WRITE: '2' } });
    const statuses = [];
    for (let i = 0; i < 3; i += 1) {
      statuses.push(
        (await call('POST', '/api/access-requests', tokens.alice, { appId: 'nope', reason: 'x' }))
          .statusCode,
      );
    }
    expect(statuses).toEqual([404, 404, 429]);
  });
});
