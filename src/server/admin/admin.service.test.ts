import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createAppsRepository } from '../catalog/apps.repository.js';
import type { Db } from '../db/database.js';
import { openTestDatabase } from '../db/test-support/test-database.js';
import { createAdminRepository } from './admin.repository.js';
import { createAdminService } from './admin.service.js';
import { applyImport, planImport } from './catalog-import.js';
import { readCatalogUpload } from './catalog-transfer.js';
import { withStatus } from './app-snapshot.js';

let db: Db;
let time: number;
const DAY = 24 * 3600 * 1000;
const actor = { subject: 's-admin', username: 'admin' };

beforeEach(async () => {
  db = await openTestDatabase();
  time = Date.parse('2026-01-01T00:00:00Z');
});
afterEach(async () => {
  await db.destroy();
});

const service = () =>
  createAdminService({
    admin: createAdminRepository(db),
    apps: createAppsRepository(db),
    clock: () => new Date(time).toISOString(),
  });

describe('the trash', () => {
  it('keeps deleted apps 30 days, then purges them with their favorites and logo, audited', async () => {
    const admin = service();
    await admin.create(actor, { name: 'Old' });
    await admin.create(actor, { name: 'Recent' });
    await db
      .insertInto('kcUsers')
      .values({
        id: 'u1',
        subject: 'alice',
        name: '',
        username: 'alice',
        email: '',
        givenName: '',
        groups: '[]',
        roles: '[]',
        created: '',
        updated: '',
      })
      .execute();
    await db.insertInto('favorites').values({ userId: 'u1', appId: 'old', created: '' }).execute();
    await admin.remove(actor, 'old', 1);
    time += 10 * DAY;
    await admin.remove(actor, 'recent', 1);

    time += 20 * DAY + 1000; // 'old' is now 30 days and a second in the trash.
    await admin.purgeExpired(); // At start-up and hourly (trash-purge.ts), never on a read.
    const trash = await admin.list(true);
    expect(trash.map((app) => app.id)).toEqual(['recent']);
    expect(await db.selectFrom('favorites').selectAll().execute()).toEqual([]);
    const purge = await admin.audit({ app: 'old', page: 1, perPage: 10 });
    expect(purge.items[0]).toMatchObject({
      action: 'purge',
      actor: { username: 'system' },
      before: { id: 'old', name: 'Old' },
      after: null,
    });
  });
});

describe('status in the admin list', () => {
  it('adds the monitor’s status of each app link when known', async () => {
    const admin = service();
    await admin.create(actor, { name: 'Galaxy', link: 'https://galaxy.example.edu/' });
    await admin.create(actor, { name: 'Other', link: 'https://other.example.edu/' });
    await admin.create(actor, { name: 'No Link' });
    const seen: string[] = [];
    const items = withStatus(await admin.list(false), (link) => {
      seen.push(link);
      return link === 'https://galaxy.example.edu/' ? 1 : undefined;
    });
    expect(items.map((app) => [app.id, app.status])).toEqual([
      ['galaxy', 1],
      ['no-link', undefined],
      ['other', undefined],
    ]);
    expect(seen).toHaveLength(2);
  });
});

describe('a create that loses a race for its id', () => {
  it('is the 409 of a taken id when the insert meets the other row (the database refuses it)', async () => {
    const repository = createAdminRepository(db);
    // The check in the transaction saw no app (the other create had not committed yet).
    const racing: typeof repository = {
      ...repository,
      findApp: async (id, q) => (q === undefined ? repository.findApp(id) : undefined),
    };
    const admin = createAdminService({
      admin: racing,
      apps: createAppsRepository(db),
      clock: () => new Date(time).toISOString(),
    });
    await service().create(actor, { id: 'galaxy', name: 'Galaxy' });
    await expect(admin.create(actor, { id: 'galaxy', name: 'Galaxy 2' })).rejects.toMatchObject({
      statusCode: 409,
      data: { fields: { id: 'is already used' } },
    });
    const audit = await service().audit({ app: 'galaxy', page: 1, perPage: 10 });
    expect(audit.items.map((entry) => entry.action)).toEqual(['create']);
  });

  it('makes an import that adds an app created meanwhile a 409 that changes nothing', async () => {
    const repository = createAdminRepository(db);
    const deps = {
      admin: repository,
      apps: createAppsRepository(db),
      clock: () => new Date(time).toISOString(),
    };
    const options = { dryRun: false, prune: false, actor, managedBy: 'portal' as const };
    const input = await readCatalogUpload('apps:\n  - name: Galaxy\n  - name: Other\n', 'c.yaml');
    const plan = await planImport(repository, input, options);
    await service().create(actor, { name: 'Galaxy' });
    await expect(applyImport(deps, plan, options)).rejects.toMatchObject({ statusCode: 409 });
    expect((await service().list(false)).map((app) => app.id)).toEqual(['galaxy']);
  });
});
