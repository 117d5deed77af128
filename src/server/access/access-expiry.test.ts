import { Kysely, PostgresDialect } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { createAdminRepository } from '../admin/admin.repository.js';
import { createSessionsRepository } from '../auth/sessions.repository.js';
import { createAppsRepository } from '../catalog/apps.repository.js';
import { createCatalogSnapshot } from '../catalog/catalog-snapshot.js';
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
import type { GroupDirectory } from './ports.js';
import { createRecordingOutbox } from './recording-outbox.js';

const DAY = 24 * 60 * 60 * 1000;
const START = Date.parse('2026-11-25T08:00:00.000Z');
const quiet = { info() {}, warn() {}, error() {} };

function instance(db: Db, clock: { now: number }, removed: string[]) {
  const directory: GroupDirectory = {
    async addMember() {},
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
    admin: createAdminRepository(db),
    apps,
    accessSettings: snapshot.accessSettings,
    sessions: createSessionsRepository(db),
    directory,
    outbox,
    adminRole: 'portal-admin',
    publicUrl: 'https://portal.example.edu',
    reminderDays: 7,
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
    expect(await service.runExpiry()).toEqual({ expired: 0, reminded: 0, ran: true });
    clock.now = START + 24 * DAY;
    expect(await service.runExpiry()).toEqual({ expired: 0, reminded: 1, ran: true });
    expect(await service.runExpiry()).toEqual({ expired: 0, reminded: 0, ran: true });
    const reminder = outbox.messages.filter((m) => m.kind === 'mail').at(-1);
    expect(reminder).toMatchObject({
      to: ['alice@example.edu'],
      subject: 'Your access to napari ends on 2026-12-25',
    });

    clock.now = START + 31 * DAY;
    expect(await service.runExpiry()).toEqual({ expired: 1, reminded: 0, ran: true });
    expect(await service.runExpiry()).toEqual({ expired: 0, reminded: 0, ran: true });
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
      const results = await Promise.all([a.service.runExpiry(), b.service.runExpiry()]);
      expect(results.map((r) => r.expired).reduce((x, y) => x + y, 0)).toBe(3);
      expect(results.filter((r) => r.ran)).toHaveLength(1);
      expect(removed.sort()).toEqual(['sub-0 /imaging', 'sub-1 /imaging', 'sub-2 /imaging']);
      const again = await Promise.all([a.service.runExpiry(), b.service.runExpiry()]);
      expect(again.map((r) => r.expired)).toEqual([0, 0]);
      const expiredMails = [...a.outbox.messages, ...b.outbox.messages].filter(
        (m) => m.kind === 'webhook' && m.event === 'access.expired',
      );
      expect(expiredMails).toHaveLength(3);
    },
  );
});
