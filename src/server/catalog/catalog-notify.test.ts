import { afterEach, describe, expect, it } from 'vitest';
import { createAppsRepository, type AppsRepository } from './apps.repository.js';
import { createCatalogChanges } from './catalog-changes.js';
import { appRow } from '../test-support/test-app.js';
import { startCatalogNotifier } from './catalog-notify.js';
import { connectDatabase } from '../db/database.js';
import { migrateToLatest } from '../db/migrate.js';
import { createPostgresDatabase } from '../db/test-support/test-database.js';

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  while (cleanups.length > 0) await cleanups.pop()?.();
});

/** One instance's apps repository, with the catalog change signal its notifier shares. */
async function instance(url: string): Promise<AppsRepository> {
  const db = await connectDatabase({ kind: 'postgres', url, poolSize: 2 });
  cleanups.push(() => db.destroy());
  await migrateToLatest(db);
  const changes = createCatalogChanges();
  const notifier = startCatalogNotifier(db, url, changes);
  cleanups.push(() => notifier.stop());
  await notifier.ready;
  return createAppsRepository(db, changes);
}

describe('catalog notifications between instances (PostgreSQL LISTEN/NOTIFY)', () => {
  it("drops the other instance's snapshot at once, and never echoes back", async () => {
    const database = await createPostgresDatabase('portal_notify');
    cleanups.push(() => database.drop());
    const a = await instance(database.url);
    const b = await instance(database.url);
    let heardOnA = 0;
    let heardOnB = 0;
    a.onChange(() => (heardOnA += 1));
    const heard = new Promise<number>((resolve) => {
      const started = Date.now();
      b.onChange(() => {
        heardOnB += 1;
        resolve(Date.now() - started);
      });
    });
    await a.upsertApps([appRow({ id: 'alpha' })], new Date().toISOString());
    expect(await heard).toBeLessThan(1000);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(heardOnA).toBe(1);
    expect(heardOnB).toBe(1);
  });
});
