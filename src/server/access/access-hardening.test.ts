import { afterEach, describe, expect, it } from 'vitest';
import type { AppAccess } from '../../shared/catalog/app-rules.js';
import { createSessionsRepository } from '../auth/sessions.repository.js';
import { createAppsRepository } from '../catalog/apps.repository.js';
import { createCatalogSnapshot } from '../catalog/catalog-snapshot.js';
import type { Db } from '../db/database.js';
import { openTestDatabase } from '../db/test-support/test-database.js';
import { loadCatalogs } from '../i18n/catalogs.js';
import { createTranslators } from '../i18n/translator.js';
import { createOutbox } from '../outbox/outbox.js';
import { appRow, bearer, createTestContext, type TestContext } from '../test-support/test-app.js';
import { createAccessRequestsRepository } from './access-requests.repository.js';
import { createAccessService } from './access.service.js';
import type { GroupDirectory } from './ports.js';

// The access requests' share of the third hardening round (docs/access-requests.md, "Limits"):
// notifications that cannot be addressed, network calls inside transactions, mail floods, a
// decision after the app's group changed, and who is asked first: the caller or the body.

const IMAGING: AppAccess = { requestable: true, group: '/imaging', approvers: ['pi-imaging'] };
const START = Date.parse('2026-11-25T08:00:00.000Z');
const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
const quiet = { info() {}, warn() {}, error() {} };
const english = createTranslators(loadCatalogs(), ['server'])('en');

let cleanup: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const step of cleanup.reverse()) await step();
  cleanup = [];
});

describe('over HTTP', () => {
  let ctx: TestContext;

  async function setUp() {
    ctx = await createTestContext({
      apps: [
        { id: 'napari', groups: ['imaging'], access: IMAGING },
        { id: 'vault', groups: ['secret'] },
      ],
      deps: { groupDirectory: null, accessExpiryTimer: false },
    });
    cleanup.push(() => ctx.close());
  }
  const token = (name: string, groups: string[], email: string, roles: string[] = []) =>
    ctx.issuer.tokenFor(name, groups, { name, email, realm_access: { roles } });
  const call = (method: 'GET' | 'POST', url: string, auth?: string, body?: unknown) =>
    ctx.app.inject({
      method,
      url,
      headers: auth ? bearer(auth) : {},
      ...(body === undefined ? {} : { payload: body as object }),
    });
  const outboxRows = () =>
    ctx.db.selectFrom('outbox').select(['kind', 'state', 'payload', 'lastError']).execute();

  it.each([
    ['an address outside ASCII', 'ünï@example.org'],
    ['a host without a domain', 'user@localhost'],
    ['a quoted local part', '"a b"@example.org'],
  ])(
    'a requester with %s can ask and be decided; the mail is skipped, visible to admins',
    async (_name, email) => {
      await setUp();
      const alice = await token('alice', ['/genomics'], email);
      const pi = await token('pi-imaging', ['/staff'], 'pi@example.edu');
      expect((await call('GET', '/api/me', pi)).statusCode).toBe(200);
      const created = await call('POST', '/api/access-requests', alice, {
        appId: 'napari',
        reason: 'Imaging',
      });
      expect(created.statusCode).toBe(201);
      const decided = await call('POST', `/api/access-requests/${created.json().id}/decision`, pi, {
        decision: 'approve',
      });
      expect(decided.statusCode).toBe(200);
      expect(decided.json().request.status).toBe('approved');
      const rows = await outboxRows();
      // The approver's mail about the request goes out; the requester's about the decision is
      // kept as skipped, with the reason, for the admins' deliveries view.
      expect(rows.filter((r) => r.kind === 'mail' && r.state === 'pending')).toHaveLength(1);
      const skipped = rows.filter((r) => r.state === 'skipped');
      expect(skipped).toHaveLength(1);
      expect(skipped[0]!.lastError).toMatch(/not a plain e-mail address/);
      expect(JSON.parse(skipped[0]!.payload).to).toEqual([email]);
      const deliveries = await call(
        'GET',
        '/api/admin/outbox?state=skipped',
        await token('root', [], 'root@example.edu', ['portal-admin']),
      );
      expect(deliveries.json().items[0]).toMatchObject({ state: 'skipped', to: [email] });
    },
  );

  it('an approver with an address the outbox refuses does not make new requests fail', async () => {
    await setUp();
    const pi = await token('pi-imaging', ['/staff'], 'pi@localhost');
    expect((await call('GET', '/api/me', pi)).statusCode).toBe(200);
    const alice = await token('alice', ['/genomics'], 'alice@example.edu');
    const created = await call('POST', '/api/access-requests', alice, {
      appId: 'napari',
      reason: 'Imaging',
    });
    expect(created.statusCode).toBe(201);
    const rows = await outboxRows();
    expect(rows.filter((r) => r.state === 'skipped').map((r) => r.kind)).toEqual(['mail']);
    expect(rows.filter((r) => r.kind === 'webhook')).toHaveLength(1);
  });

  it('checks who is calling before the body: anonymous callers get 401 without details', async () => {
    await setUp();
    for (const [method, url, body] of [
      ['POST', '/api/access-requests', { appId: 42, reason: ['x'], extra: true }],
      ['POST', '/api/access-requests', 'not json at all'],
      ['POST', '/api/access-requests/not-an-id/decision', { decision: 'maybe' }],
      ['POST', '/api/access-requests/x/expiry', { expiresAt: 7 }],
      ['GET', '/api/access-requests?page=-1&perPage=abc', undefined],
      ['GET', '/api/access-requests/inbox?status=nope', undefined],
    ] as const) {
      const response = await call(method, url, undefined, body);
      expect(response.statusCode, `${method} ${url}`).toBe(401);
      expect(response.json().data ?? {}).not.toHaveProperty('fields');
      expect(JSON.stringify(response.json())).not.toMatch(/body|querystring|must/);
    }
  });
});

/** A service on its own database, with the real outbox and a directory the test controls. */
async function serviceWith(options: { directory?: Partial<GroupDirectory> } = {}) {
  const db = await openTestDatabase();
  cleanup.push(() => db.destroy());
  const clock = { now: START };
  const apps = createAppsRepository(db);
  await apps.upsertApps(
    [appRow({ id: 'napari', groups: ['imaging'], access: { ...IMAGING, days: 30 } })],
    new Date(START).toISOString(),
  );
  const snapshot = createCatalogSnapshot(apps);
  const directory: GroupDirectory = {
    async addMember() {},
    async removeMember() {},
    async listGroups() {
      return ['/imaging', '/imaging-2'];
    },
    async groupMembers() {
      return [];
    },
    ...options.directory,
  };
  const service = createAccessService({
    db,
    requests: createAccessRequestsRepository(db),
    apps,
    accessSettings: snapshot.accessSettings,
    sessions: createSessionsRepository(db),
    directory,
    outbox: createOutbox({ now: () => clock.now }),
    adminRole: 'portal-admin',
    publicUrl: 'https://portal.example.edu',
    mailTexts: { language: 'en', t: english },
    reminderDays: 7,
    now: () => clock.now,
    log: () => quiet,
  });
  return { db, clock, service, apps, snapshot };
}

const person = (username: string, email = `${username}@example.edu`) => ({
  subject: `sub-${username}`,
  name: username,
  username,
  givenName: username,
  email,
  groups: [] as string[],
  roles: [] as string[],
});
const pi = person('pi-imaging');

/** Signs `who` in as far as the access requests care: a known user with an address. */
async function known(db: Db, who: ReturnType<typeof person>) {
  await db
    .insertInto('kcUsers')
    .values({
      id: who.subject,
      subject: who.subject,
      name: who.name,
      username: who.username,
      email: who.email,
      givenName: who.givenName,
      groups: JSON.stringify(who.groups),
      roles: JSON.stringify(who.roles),
      created: new Date(START).toISOString(),
      updated: new Date(START).toISOString(),
    })
    .execute();
}

const approverMails = async (db: Db) =>
  (await db.selectFrom('outbox').select(['kind', 'payload']).execute()).filter(
    (row) => row.kind === 'mail' && JSON.parse(row.payload).to.includes(pi.email),
  ).length;

describe('background passes', () => {
  it('the expiry job makes no network call inside a transaction: a hanging directory blocks no query', async () => {
    let release: () => void = () => {};
    let calls = 0;
    const { db, clock, service } = await serviceWith({
      directory: {
        removeMember: () => {
          calls += 1;
          return new Promise<void>((resolve) => (release = resolve));
        },
      },
    });
    const alice = person('alice');
    const created = await service.create(alice, { appId: 'napari', reason: 'x' });
    await service.decide({ ...pi, roles: ['portal-admin'] }, created.id, { decision: 'approve' });
    clock.now += 31 * DAY;
    const pass = service.runExpiry();
    await expect.poll(() => calls).toBe(1);
    // While Keycloak hangs, the database answers, reads and writes alike.
    const write = db
      .insertInto('settings')
      .values({ key: 'probe', value: '1' })
      .execute()
      .then(() => 'answered');
    const timeout = new Promise((resolve) => setTimeout(() => resolve('blocked'), 2_000));
    expect(await Promise.race([write, timeout])).toBe('answered');
    release();
    expect(await pass).toEqual({ expired: 1, reminded: 0 });
  });

  it('one row that fails does not stop the pass for the rows after it', async () => {
    const failing = new Set(['sub-alice']);
    const { clock, service } = await serviceWith({
      directory: {
        async removeMember(userId) {
          if (failing.has(userId)) throw new Error('Keycloak said no');
        },
      },
    });
    const admin = { ...pi, roles: ['portal-admin'] };
    for (const name of ['alice', 'bob']) {
      const created = await service.create(person(name), { appId: 'napari', reason: 'x' });
      await service.decide(admin, created.id, { decision: 'approve' });
    }
    clock.now += 31 * DAY;
    expect(await service.runExpiry()).toEqual({ expired: 1, reminded: 0 });
    failing.clear();
    expect(await service.runExpiry()).toEqual({ expired: 1, reminded: 0 });
  });

  it('expires and reminds people whose address the outbox refuses, and the others after them', async () => {
    const { clock, service } = await serviceWith();
    const admin = { ...pi, roles: ['portal-admin'] };
    for (const who of [person('ann', 'ann@localhost'), person('ben')]) {
      const created = await service.create(who, { appId: 'napari', reason: 'x' });
      await service.decide(admin, created.id, { decision: 'approve' });
    }
    clock.now += 25 * DAY;
    expect(await service.runExpiry()).toEqual({ expired: 0, reminded: 2 });
    clock.now += 6 * DAY;
    expect(await service.runExpiry()).toEqual({ expired: 2, reminded: 0 });
  });
});

describe('mails to approvers', () => {
  it('a request withdrawn and asked again within minutes mails the approvers once', async () => {
    const { db, clock, service } = await serviceWith();
    await known(db, pi);
    const alice = person('alice');
    for (let i = 0; i < 30; i += 1) {
      const created = await service.create(alice, {
        appId: 'napari',
        reason: `Please read this, number ${i}`,
      });
      await service.withdraw(alice, created.id);
      clock.now += 2_000;
    }
    expect(await approverMails(db)).toBe(1);
    // The requests themselves are all there, audited.
    const audited = await db.selectFrom('audit').select('action').execute();
    expect(audited.filter((a) => a.action === 'access-request')).toHaveLength(30);
  });

  it('at most 3 a day per person and app; another person or app is counted apart', async () => {
    const { db, clock, service } = await serviceWith();
    await known(db, pi);
    const alice = person('alice');
    for (let i = 0; i < 6; i += 1) {
      const created = await service.create(alice, { appId: 'napari', reason: `try ${i}` });
      await service.withdraw(alice, created.id);
      clock.now += 20 * MINUTE;
    }
    expect(await approverMails(db)).toBe(3);
    await service.create(person('bob'), { appId: 'napari', reason: 'me too' });
    expect(await approverMails(db)).toBe(4);
    clock.now += DAY;
    await service.create(alice, { appId: 'napari', reason: 'a day later' });
    expect(await approverMails(db)).toBe(5);
  });
});

describe('deciding after the app changed', () => {
  /** A request for Napari, then the app changed to `access` (none: no longer requestable). */
  async function requestThenChange(access: AppAccess | undefined) {
    const added: string[] = [];
    const context = await serviceWith({
      directory: {
        async addMember(userId, group) {
          added.push(`${userId} ${group}`);
        },
      },
    });
    const { db, service, apps, snapshot } = context;
    const created = await service.create(person('alice'), { appId: 'napari', reason: 'x' });
    await apps.upsertApps(
      [appRow({ id: 'napari', groups: ['imaging'], ...(access ? { access } : {}) })],
      new Date(START + MINUTE).toISOString(),
    );
    snapshot.invalidate();
    await expect
      .poll(async () => (await snapshot.accessSettings()).get('napari')?.group)
      .toBe(access?.group);
    const stored = async () =>
      db
        .selectFrom('accessRequests')
        .select(['grantGroup', 'status'])
        .where('id', '=', created.id)
        .executeTakeFirstOrThrow();
    const approve = () =>
      service.decide({ ...pi, roles: ['portal-admin'] }, created.id, { decision: 'approve' });
    return { added, approve, stored };
  }

  it('grants the group the app has now, not the one it had when the request was made', async () => {
    const { added, approve, stored } = await requestThenChange({ ...IMAGING, group: '/imaging-2' });
    const decided = await approve();
    expect(decided.request.group).toBe('/imaging-2');
    expect(added).toEqual(['sub-alice /imaging-2']);
    expect((await stored()).grantGroup).toBe('/imaging-2');
  });

  it('answers 409 when the app can no longer be requested, and changes nothing', async () => {
    const { added, approve, stored } = await requestThenChange(undefined);
    const error = await approve().catch((e: unknown) => e);
    expect(error).toMatchObject({ statusCode: 409 });
    expect(added).toEqual([]);
    expect((await stored()).status).toBe('pending');
  });
});

describe('hidden and missing apps', () => {
  it('asking for a hidden app runs the same queries as asking for one that does not exist', async () => {
    const db = await openTestDatabase();
    cleanup.push(() => db.destroy());
    const queries: string[] = [];
    const counted = db.withPlugin({
      transformQuery(args) {
        queries.push(args.node.kind);
        return args.node;
      },
      async transformResult(args) {
        return args.result;
      },
    });
    const apps = createAppsRepository(counted);
    await createAppsRepository(db).upsertApps(
      [appRow({ id: 'vault', groups: ['secret'] })],
      new Date(START).toISOString(),
    );
    queries.length = 0;
    expect(await apps.findLiveApp('no-such-app')).toBeUndefined();
    const missing = [...queries];
    queries.length = 0;
    expect(await apps.findLiveApp('vault')).toBeDefined();
    expect(queries).toEqual(missing);
  });
});
