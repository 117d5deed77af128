import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { bearer, createTestContext, type TestContext } from '../test-support/test-app.js';

// GET/PUT /api/admin/group-channels (docs/notifications.md, "Group channels"): admins manage
// every group's channels, a group's approvers only their groups'; bad input saves nothing; every
// change is audited without the secret or the URL's path.

let ctx: TestContext;
let admin: string;
let pi: string;
let lead: string;
let alice: string;

beforeEach(async () => {
  ctx = await createTestContext({
    apps: [
      { id: 'galaxy', isPublic: true },
      {
        id: 'omero',
        groups: ['imaging'],
        access: { requestable: true, group: '/imaging', approvers: ['pi'] },
      },
      {
        id: 'rstudio',
        groups: ['genomics'],
        access: { requestable: true, group: '/genomics', approvers: ['group:/genomics-leads'] },
      },
    ],
  });
  admin = await ctx.issuer.tokenFor('admin', [], { realm_access: { roles: ['portal-admin'] } });
  pi = await ctx.issuer.tokenFor('pi', [], { preferred_username: 'pi' });
  lead = await ctx.issuer.tokenFor('lead', ['/genomics-leads'], { preferred_username: 'lead' });
  alice = await ctx.issuer.tokenFor('alice', ['/imaging'], { preferred_username: 'alice' });
});
afterEach(async () => {
  await ctx.close();
});

function call(method: 'GET' | 'PUT', token: string, body?: unknown) {
  return ctx.app.inject({
    method,
    url: '/api/admin/group-channels',
    headers: {
      ...(token ? bearer(token) : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
  });
}

const SLACK = 'https://hooks.slack.example.com/services/T000/B000/tokenpart';
const MATRIX = 'https://hookshot.example.edu/webhook/abcdef-secret-path';

async function audits() {
  return ctx.db
    .selectFrom('audit')
    .selectAll()
    .where('action', '=', 'group-channels')
    .orderBy('id')
    .execute();
}

describe('who may manage group channels', () => {
  it('401 anonymous, 403 for someone who approves no group', async () => {
    expect((await call('GET', '')).statusCode).toBe(401);
    expect((await call('PUT', '', [])).statusCode).toBe(401);
    for (const answer of [await call('GET', alice), await call('PUT', alice, [])]) {
      expect(answer.statusCode).toBe(403);
      expect(answer.json().message).toContain('You do not approve access requests for any group');
    }
  });
});

describe('GET and PUT /api/admin/group-channels as an admin', () => {
  it('starts empty, adds channels with a secret each, keeps the secret while group and URL stay', async () => {
    expect((await call('GET', admin)).json()).toEqual([]);
    const put = await call('PUT', admin, [
      { group: '/imaging', url: SLACK, format: 'slack' },
      { group: 'genomics', url: MATRIX, format: 'matrix' },
    ]);
    expect(put.statusCode).toBe(200);
    const list = put.json() as { group: string; url: string; format: string; secret: string }[];
    expect(list.map(({ secret: _s, ...rest }) => rest)).toEqual([
      { group: '/genomics', url: MATRIX, format: 'matrix' },
      { group: '/imaging', url: SLACK, format: 'slack' },
    ]);
    for (const channel of list) expect(channel.secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(list[0]!.secret).not.toBe(list[1]!.secret);
    expect((await call('GET', admin)).json()).toEqual(list);

    // Sent back as read (secrets included, ignored), with one format changed: the secrets stay.
    const again = await call('PUT', admin, [{ ...list[0]!, format: 'json' }, list[1]]);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual([{ ...list[0]!, format: 'json' }, list[1]]);

    // Removing one leaves the other.
    const removed = await call('PUT', admin, [list[1]]);
    expect(removed.json()).toEqual([list[1]]);

    // Three changes, three audit entries: never a secret, never a URL's path.
    const entries = await audits();
    expect(entries).toHaveLength(3);
    expect(JSON.parse(entries[0]!.after!)).toEqual({
      channels: [
        { group: '/imaging', url: 'https://hooks.slack.example.com/…', format: 'slack' },
        { group: '/genomics', url: 'https://hookshot.example.edu/…', format: 'matrix' },
      ],
    });
    const all = JSON.stringify(entries);
    for (const secret of list.map((channel) => channel.secret)) expect(all).not.toContain(secret);
    expect(all).not.toContain('tokenpart');
    expect(all).not.toContain('secret-path');
    expect(entries[0]!.actorUsername).toBe('admin');

    // The same list again changes nothing and is not audited.
    await call('PUT', admin, [list[1]]);
    expect(await audits()).toHaveLength(3);
  });

  it.each([
    [
      [{ group: '/imaging', url: 'http://hooks.example.org/x', format: 'json' }],
      'needs an https URL (http only to this machine)',
    ],
    [
      [{ group: '/imaging', url: 'ftp://hooks.example.org/x', format: 'json' }],
      'needs an https URL',
    ],
    [[{ group: '/imaging', url: 'hooks', format: 'json' }], 'needs an absolute https URL'],
    [
      [{ group: '/imaging', url: 'https://u:p@hooks.example.org/', format: 'json' }],
      'must not hold a user name or password',
    ],
    [
      [{ group: '/imaging', url: SLACK, format: 'discord' }],
      'needs a format: one of json, slack, teams, matrix',
    ],
    [[{ group: ' / ', url: SLACK, format: 'slack' }], 'needs a group name'],
    [[{ url: SLACK, format: 'slack' }], 'needs a group name'],
    [
      [{ group: '/imaging', url: SLACK, format: 'slack', extra: 1 }],
      'has an unknown field "extra"',
    ],
    [
      [
        { group: '/imaging', url: SLACK, format: 'slack' },
        { group: 'imaging', url: SLACK, format: 'json' },
      ],
      'channel 2 repeats the URL of another channel of the group /imaging',
    ],
    [{ group: '/imaging' }, 'the body must be a list'],
  ])('400 with a clear message, nothing saved: %j', async (body, message) => {
    await call('PUT', admin, [{ group: '/genomics', url: MATRIX, format: 'matrix' }]);
    const before = (await call('GET', admin)).json();
    const answer = await call('PUT', admin, body);
    expect(answer.statusCode).toBe(400);
    expect(answer.json().message).toContain('The group channels were not saved:');
    expect(answer.json().message).toContain(message);
    expect((await call('GET', admin)).json()).toEqual(before);
    expect(await audits()).toHaveLength(1);
  });

  it('takes http to this machine (a local relay)', async () => {
    const answer = await call('PUT', admin, [
      { group: '/imaging', url: 'http://127.0.0.1:8099/hook', format: 'json' },
    ]);
    expect(answer.statusCode).toBe(200);
  });
});

describe('a group’s approvers', () => {
  it('see and replace only their groups’ channels; others stay', async () => {
    await call('PUT', admin, [
      { group: '/imaging', url: SLACK, format: 'slack' },
      { group: '/genomics', url: MATRIX, format: 'matrix' },
    ]);
    const genomics = (await call('GET', lead)).json();
    expect(genomics).toHaveLength(1);
    expect(genomics[0]).toMatchObject({ group: '/genomics', url: MATRIX });
    const imaging = (await call('GET', pi)).json();
    expect(imaging).toHaveLength(1);
    expect(imaging[0]).toMatchObject({ group: '/imaging', url: SLACK });

    // pi replaces the imaging channels; the genomics one is untouched.
    const teams = 'https://example.webhook.office.com/webhookb2/abc';
    const put = await call('PUT', pi, [{ group: 'imaging', url: teams, format: 'teams' }]);
    expect(put.statusCode).toBe(200);
    expect(put.json()).toEqual([
      expect.objectContaining({ group: '/imaging', url: teams, format: 'teams' }),
    ]);
    expect((await call('GET', admin)).json().map((c: { url: string }) => c.url)).toEqual([
      MATRIX,
      teams,
    ]);
    const entries = await audits();
    expect(entries.at(-1)!.actorUsername).toBe('pi');
    // Their part of the list only, before and after.
    expect(JSON.parse(entries.at(-1)!.before!).channels).toHaveLength(1);

    // A channel of a group they do not approve: 403, nothing saved.
    const foreign = await call('PUT', pi, [
      { group: 'imaging', url: teams, format: 'teams' },
      { group: '/genomics', url: SLACK, format: 'slack' },
    ]);
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json().message).toContain('the group /genomics');
    expect((await call('GET', admin)).json()).toHaveLength(2);
    expect(await audits()).toHaveLength(2);
  });
});
