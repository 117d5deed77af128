import { afterEach, describe, expect, it } from 'vitest';
import { createAppsRepository } from '../catalog/apps.repository.js';
import { appRow } from '../test-support/test-app.js';
import { startCatalogNotifier } from './catalog-notify.js';
import { connectDatabase, type Db } from './database.js';
import { migrateToLatest } from './migrate.js';
import { createPostgresDatabase } from './test-support/test-database.js';

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  while (cleanups.length > 0) await cleanups.pop()?.();
});

async function instance(url: string): Promise<Db> {
  const db = await connectDatabase({ kind: 'postgres', url, poolSize: 2 });
  cleanups.push(() => db.destroy());
  await migrateToLatest(db);
  const notifier = startCatalogNotifier(db, url);
  cleanups.push(() => notifier.stop());
  await notifier.ready;
  return db;
}

describe('catalog notifications between instances (PostgreSQL LISTEN/NOTIFY)', () => {
  it("drops the other instance's snapshot at once, and never echoes back", async () => {
    const database = await createPostgresDatabase('portal_notify');
    cleanups.push(() => database.drop());
    const a = await instance(database.url);
    const b = await instance(database.url);
    let heardOnA = 0;
    let heardOnB = 0;
    createAppsRepository(a).onChange(() => (heardOnA += 1));
    const heard = new Promise<number>((resolve) => {
      const started = Date.now();
      createAppsRepository(b).onChange(() => {
        heardOnB += 1;
        resolve(Date.now() - started);
      });
    });
    await createAppsRepository(a).upsertApps([appRow({ id: 'alpha' })], new Date().toISOString());
    expect(await heard).toBeLessThan(1000);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(heardOnA).toBe(1);
    expect(heardOnB).toBe(1);
  });
});
