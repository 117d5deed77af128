import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { zipSync } from 'fflate';
import { afterEach, describe, expect, it } from 'vitest';
import { createAppsRepository } from '../catalog/apps.repository.js';
import { DataDirInUseError, lockDataDir, openDatabase, type Db } from '../db/database.js';
import { migrateToLatest } from '../db/migrate.js';
import { appRow } from '../test-support/test-app.js';
import { assertSqliteInDataDir, backup, BackupError, restore } from './backup.js';

let cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
  cleanups = [];
});

function tempDir() {
  const dir = mkdtempSync(join(tmpdir(), 'backup-'));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

const LOGO = Buffer.from('89504e470d0a1a0a-not-really-a-png', 'utf8');

async function seed(db: Db) {
  const now = new Date().toISOString();
  await createAppsRepository(db).upsertApps(
    [appRow({ id: 'galaxy', isPublic: true }), appRow({ id: 'rstudio', groups: ['genomics'] })],
    now,
  );
  await db
    .insertInto('kcUsers')
    .values({
      id: 'u1',
      subject: 'alice-sub',
      name: 'Alice Archer',
      username: 'alice',
      email: 'alice@example.edu',
      givenName: 'Alice',
      groups: '["genomics"]',
      roles: '[]',
      created: now,
      updated: now,
    })
    .execute();
  await db
    .insertInto('favorites')
    .values({ userId: 'u1', appId: 'rstudio', created: now })
    .execute();
}

async function contents(db: Db) {
  return {
    apps: await db.selectFrom('apps').select(['id', 'name']).orderBy('id').execute(),
    groups: await db.selectFrom('appGroups').selectAll().execute(),
    users: await db.selectFrom('kcUsers').selectAll().execute(),
    favorites: await db.selectFrom('favorites').selectAll().execute(),
  };
}

describe('backup and restore', () => {
  it('backs up online (server running), then wipe -> restore gives the same data and logos', async () => {
    const dataDir = join(tempDir(), 'data');
    const db = openDatabase(join(dataDir, 'portal.db'));
    await migrateToLatest(db);
    await seed(db);
    mkdirSync(join(dataDir, 'storage', 'apps', 'galaxy'), { recursive: true });
    writeFileSync(join(dataDir, 'storage', 'apps', 'galaxy', 'logo.png'), LOGO);
    const before = await contents(db);
    // The server holds its lock and keeps its connection open while the backup runs.
    const serverLock = lockDataDir(dataDir);

    const file = join(tempDir(), 'nightly', 'portal-backup.zip');
    const result = backup(dataDir, file);
    expect(result.files).toBe(2);
    expect(statSync(file).mode & 0o777).toBe(0o600);

    // A write after the backup is not in it.
    await db.deleteFrom('favorites').execute();
    await db.destroy();
    serverLock.release();

    rmSync(dataDir, { recursive: true, force: true });
    restore(dataDir, file);

    const restored = openDatabase(join(dataDir, 'portal.db'));
    cleanups.push(() => restored.destroy());
    expect(await contents(restored)).toEqual(before);
    expect(before.favorites).toHaveLength(1);
    expect(readFileSync(join(dataDir, 'storage', 'apps', 'galaxy', 'logo.png'))).toEqual(LOGO);
    expect(statSync(join(dataDir, 'portal.db')).mode & 0o777).toBe(0o600);
  });

  it('refuses to restore while a server uses DATA_DIR, and changes nothing', async () => {
    const dataDir = join(tempDir(), 'data');
    const db = openDatabase(join(dataDir, 'portal.db'));
    cleanups.push(() => db.destroy());
    await migrateToLatest(db);
    await seed(db);
    const file = join(tempDir(), 'b.zip');
    backup(dataDir, file);
    await db.deleteFrom('favorites').execute();
    const serverLock = lockDataDir(dataDir);
    cleanups.push(() => serverLock.release());
    expect(() => restore(dataDir, file)).toThrow(DataDirInUseError);
    expect(await db.selectFrom('favorites').selectAll().execute()).toEqual([]);
  });

  it('refuses files that are not backups, or hold unsafe paths', () => {
    const dataDir = tempDir();
    const notZip = join(tempDir(), 'x.zip');
    writeFileSync(notZip, 'hello');
    expect(() => restore(dataDir, notZip)).toThrow(BackupError);
    const noDb = join(tempDir(), 'y.zip');
    writeFileSync(noDb, zipSync({ 'storage/a.png': new Uint8Array([1]) }));
    expect(() => restore(dataDir, noDb)).toThrow(/holds no portal\.db/);
    expect(() => restore(dataDir, join(dataDir, 'missing.zip'))).toThrow(/no backup file/);
  });

  it('is for the SQLite database under DATA_DIR only: PostgreSQL is sent to pg_dump', () => {
    const dataDir = join(tmpdir(), 'portal-data');
    expect(() => assertSqliteInDataDir(undefined, dataDir)).not.toThrow();
    expect(() => assertSqliteInDataDir('sqlite:', dataDir)).not.toThrow();
    let message = '';
    try {
      assertSqliteInDataDir('postgres://portal:secret@db:5432/portal', dataDir);
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toMatch(/pg_dump/);
    expect(message).not.toContain('secret');
    expect(() => assertSqliteInDataDir('sqlite:/elsewhere/other.db', dataDir)).toThrow(BackupError);
  });
});
