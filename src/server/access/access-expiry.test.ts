import { Kysely, PostgresDialect } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { createSessionsRepository } from '../auth/sessions.repository.js';
import { createAppsRepository } from '../catalog/apps.repository.js';
import { createCatalogSnapshot } from '../catalog/catalog-snapshot.js';
import { createUsersRepository } from '../users/users.repository.js';
import { createPostgresPool, type Db } from '../db/database.js';
import { migrateToLatest } from '../db/migrate.js';
import type { Database } from '../db/schema.js';
import {
  createPostgresDatabase,
  openTestDatabase,
  type PostgresTestDatabase,
} from '../db/test-support/test-database.js';
import { appRow } from '../test-support/test-app.js';
import { createAccessRequestsRepository } from './access-requests.repository.js';
import { createAccessService } from './access.service.js';
import type { GroupDirectory, OutboxMessage } from './ports.js';
import { startAccessJobs } from './access-expiry.js';
import { createAdvisoryLeadership } from '../db/advisory-leader.js';
import { createRecordingOutbox } from './recording-outbox.js';
import { loadCatalogs } from '../i18n/catalogs.js';
import { createTranslators } from '../i18n/translator.js';

const DAY = 24 * 60 * 60 * 1000;
const MINUTE = 60 * 1000;
const isExpired = (m: OutboxMessage) => m.kind === 'webhook' && m.event === 'access.expired';
const START = Date.parse('2026-11-25T08:00:00.000Z');
const quiet = { info() {}, warn() {}, error() {} };
const english = createTranslators(loadCatalogs(), ['server'])('en');

function instance(
  db: Db,
  clock: { now: number },
  removed: string[],
  addMember: GroupDirectory['addMember'] = async () => undefined,
) {
  const directory: GroupDirectory = {
    addMember,
    async removeMember(userId, group) {
      // Slow enough that two passes at once would overlap.
      await new Promise((resolve) => setTimeout(resolve, 50));
      removed.push(`${userId} ${group}`);
    },
    async listGroups() {
      return [];
    },
    async groupMembers() {
      return [];
    },
  };
  const apps = createAppsRepository(db);
  const snapshot = createCatalogSnapshot(apps);
  const outbox = createRecordingOutbox();
  const service = createAccessService({
    db,
    requests: createAccessRequestsRepository(db),
    apps,
    accessSettings: snapshot.accessSettings,
    sessions: createSessionsRepository(db),
    directory,
    outbox,
    adminRole: 'portal-admin',
    publicUrl: 'https://portal.example.edu',
    mailTexts: { language: 'en', t: english },
    reminderDays: 7,
    membershipRetry: { maxAttempts: 3, baseDelayMs: 60_000, maxDelayMs: 120_000 },
    now: () => clock.now,
    log: () => quiet,
  });
  return { service, apps, outbox };
}

const alice = {
  subject: 'sub-alice',
  name: 'Alice',
  username: 'alice',
  givenName: 'Alice',
  email: 'alice@example.edu',
  groups: [],
  roles: [],
};
const pi = { ...alice, subject: 'sub-pi', username: 'pi', email: 'pi@example.edu' };

async function seed(db: Db) {
  await createAppsRepository(db).upsertApps(
    [
      appRow({
        id: 'napari',
        groups: ['imaging'],
        access: { requestable: true, group: '/imaging', approvers: ['pi'], days: 30 },
      }),
    ],
    new Date(START).toISOString(),
  );
}

let cleanup: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const step of cleanup.reverse()) await step();
  cleanup = [];
});

describe('access expiry', () => {
  it('reminds once before the end, then removes the membership once, audited and notified', async () => {
    const db = await openTestDatabase();
    cleanup.push(() => db.destroy());
    await seed(db);
    const clock = { now: START };
    const removed: string[] = [];
    const { service, outbox } = instance(db, clock, removed);
    const created = await service.create(alice, { appId: 'napari', reason: 'thesis' });
    await service.decide(pi, created.id, { decision: 'approve' });

    clock.now = START + 10 * DAY;
    expect(await service.runExpiry()).toEqual({ expired: 0, reminded: 0 });
    clock.now = START + 24 * DAY;
    expect(await service.runExpiry()).toEqual({ expired: 0, reminded: 1 });
    expect(await service.runExpiry()).toEqual({ expired: 0, reminded: 0 });
    const reminder = outbox.messages.filter((m) => m.kind === 'mail').at(-1);
    expect(reminder).toMatchObject({
      to: ['alice@example.edu'],
      subject: 'Your access to napari ends on December 25, 2026',
    });

    clock.now = START + 31 * DAY;
    expect(await service.runExpiry()).toEqual({ expired: 1, reminded: 0 });
    expect(await service.runExpiry()).toEqual({ expired: 0, reminded: 0 });
    expect(removed).toEqual(['sub-alice /imaging']);
    const mine = await service.listMine(alice, { page: 1, perPage: 10 });
    expect(mine.items[0]).toMatchObject({ status: 'expired', membership: 'removed' });
    expect(outbox.messages.filter((m) => m.kind === 'webhook').map((m) => m.event)).toContain(
      'access.expired',
    );
    const audit = await db.selectFrom('audit').select(['action', 'actorUsername']).execute();
    expect(audit.at(-1)).toEqual({ action: 'access-membership', actorUsername: 'access-expiry' });
  });

  it.runIf(process.env.TEST_DATABASE === 'postgres')(
    'runs on exactly one of two instances sharing a PostgreSQL database',
    async () => {
      const database: PostgresTestDatabase = await createPostgresDatabase('portal_expiry');
      cleanup.push(() => database.drop());
      const open = () =>
        new Kysely<Database>({
          dialect: new PostgresDialect({ pool: createPostgresPool(database.url, 4) }),
        });
      const first = open();
      const second = open();
      cleanup.push(
        () => first.destroy(),
        () => second.destroy(),
      );
      await migrateToLatest(first);
      await seed(first);
      const clock = { now: START };
      const removed: string[] = [];
      const a = instance(first, clock, removed);
      const b = instance(second, clock, removed);
      for (let i = 0; i < 3; i += 1) {
        const user = { ...alice, subject: `sub-${i}`, username: `user${i}` };
        const created = await a.service.create(user, { appId: 'napari', reason: 'x' });
        await b.service.decide(pi, created.id, { decision: 'approve' });
      }
      clock.now = START + 31 * DAY;
      // Each instance runs the access jobs as main.ts does: behind the same advisory lock.
      const key = 7_366_000_000 + Math.floor(Math.random() * 1_000_000);
      const jobs = [a, b].map((one) => {
        const leadership = createAdvisoryLeadership(database.url, key);
        cleanup.push(() => leadership.stop());
        const loop = startAccessJobs(one.service, {
          leadership,
          intervalMs: 3_600_000,
          log: () => quiet,
        });
        cleanup.push(async () => loop.stop());
        return loop;
      });
      await Promise.all(jobs.map((job) => job.tick()));
      expect(removed.sort()).toEqual(['sub-0 /imaging', 'sub-1 /imaging', 'sub-2 /imaging']);
      await Promise.all(jobs.map((job) => job.tick()));
      expect(removed).toHaveLength(3);
      const runners = [a, b].filter((one) => one.outbox.messages.some(isExpired));
      expect(runners).toHaveLength(1);
      const expiredMails = [...a.outbox.messages, ...b.outbox.messages].filter(isExpired);
      expect(expiredMails).toHaveLength(3);
    },
  );
});

describe('membership writes retried after an approval', () => {
  async function approved(addMember: (clock: { now: number }) => GroupDirectory['addMember']) {
    const db = await openTestDatabase();
    cleanup.push(() => db.destroy());
    await seed(db);
    // The approver signed in once: the portal knows their address.
    await createUsersRepository(db).insert(
      {
        id: 'user-pi',
        subject: pi.subject,
        name: 'PI',
        username: 'pi',
        email: 'pi@example.edu',
        givenName: 'PI',
        groups: [],
        roles: [],
      },
      new Date(START).toISOString(),
    );
    const clock = { now: START };
    const one = instance(db, clock, [], addMember(clock));
    const created = await one.service.create(alice, { appId: 'napari', reason: 'thesis' });
    const decided = await one.service.decide(pi, created.id, { decision: 'approve' });
    const mine = async () => (await one.service.listMine(alice, { page: 1, perPage: 10 })).items[0];
    const memberships = async () =>
      (
        await db
          .selectFrom('audit')
          .select(['actorUsername', 'after'])
          .where('action', '=', 'access-membership')
          .orderBy('id')
          .execute()
      ).map((row) => ({ actor: row.actorUsername, ...JSON.parse(row.after ?? '{}') }));
    return { db, clock, ...one, decided, mine, memberships };
  }

  it('a directory that fails, then succeeds: retried with back-off until written, audited', async () => {
    let failures = 2;
    const calls: number[] = [];
    const { clock, service, decided, mine, memberships } = await approved((time) => async () => {
      calls.push(time.now);
      if (failures > 0) {
        failures -= 1;
        throw new Error('Keycloak unavailable');
      }
    });
    expect(decided.request.membership).toBe('retrying');
    expect(decided.addByHand).toBeUndefined();
    expect(await mine()).toMatchObject({ status: 'approved', membership: 'retrying' });
    // Not due yet: nothing is tried.
    expect(await service.retryMemberships()).toEqual({ written: 0, retried: 0, failed: 0 });
    clock.now = START + MINUTE;
    expect(await service.retryMemberships()).toEqual({ written: 0, retried: 1, failed: 0 });
    // The second wait is twice the first.
    clock.now = START + 2 * MINUTE;
    expect(await service.retryMemberships()).toEqual({ written: 0, retried: 0, failed: 0 });
    clock.now = START + 3 * MINUTE;
    expect(await service.retryMemberships()).toEqual({ written: 1, retried: 0, failed: 0 });
    expect(calls).toEqual([START, START + MINUTE, START + 3 * MINUTE]);
    expect(await mine()).toMatchObject({ status: 'approved', membership: 'written' });
    clock.now = START + 60 * MINUTE;
    expect(await service.retryMemberships()).toEqual({ written: 0, retried: 0, failed: 0 });
    expect(await memberships()).toEqual([
      expect.objectContaining({
        actor: 'pi',
        membership: 'retrying',
        error: 'Keycloak unavailable',
      }),
      expect.objectContaining({
        actor: 'access-membership-retry',
        membership: 'written',
        attempts: 3,
      }),
    ]);
  });

  it('a directory that always fails: bounded, then failed, audited, and the approver told by mail', async () => {
    let calls = 0;
    const { clock, service, outbox, mine, memberships } = await approved(() => async () => {
      calls += 1;
      throw new Error('403 Forbidden');
    });
    const reports = [];
    for (let minute = 1; minute <= 30; minute += 1) {
      clock.now = START + minute * MINUTE;
      reports.push(await service.retryMemberships());
    }
    // maxAttempts 3: the approval's attempt and two retries.
    expect(calls).toBe(3);
    expect(reports.filter((r) => r.retried === 1)).toHaveLength(1);
    expect(reports.filter((r) => r.failed === 1)).toHaveLength(1);
    expect(await mine()).toMatchObject({ status: 'approved', membership: 'failed' });
    expect((await memberships()).at(-1)).toMatchObject({
      actor: 'access-membership-retry',
      membership: 'failed',
      addByHand: '/imaging',
      attempts: 3,
      error: '403 Forbidden',
    });
    const told = outbox.messages.filter(
      (m) => m.kind === 'mail' && m.to.includes('pi@example.edu') && m.subject.includes('by hand'),
    );
    expect(told).toEqual([
      expect.objectContaining({ subject: 'Add alice to /imaging by hand (napari)' }),
    ]);
    expect(
      outbox.messages.filter((m) => m.kind === 'webhook' && m.event === 'access.membership_failed'),
    ).toHaveLength(1);
  });

  it('stops retrying once the person signs in with the group (added by hand meanwhile)', async () => {
    let calls = 0;
    const { clock, service, mine } = await approved(() => async () => {
      calls += 1;
      throw new Error('down');
    });
    await service.noteMembership({ ...alice, groups: ['/imaging'] });
    expect(await mine()).toMatchObject({ membership: 'present' });
    clock.now = START + 30 * MINUTE;
    expect(await service.retryMemberships()).toEqual({ written: 0, retried: 0, failed: 0 });
    expect(calls).toBe(1);
  });
});
