import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createAppsRepository } from '../catalog/apps.repository.js';
import { createCatalogSnapshot } from '../catalog/catalog-snapshot.js';
import { appRow, bearer, createTestContext, type TestContext } from '../test-support/test-app.js';
import { runMain, PROCESS_TEST_TIMEOUT_MS } from '../test-support/run-main.js';
import {
  DataDirInUseError,
  isUniqueViolation,
  lockDataDir,
  openDatabase,
  type Db,
} from './database.js';
import { migrateToLatest } from './migrate.js';

// Each test starts the real server in a child process (TypeScript compiled on the fly).
vi.setConfig({ testTimeout: PROCESS_TEST_TIMEOUT_MS });

let cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
  cleanups = [];
});

function tempDir() {
  const dir = mkdtempSync(join(tmpdir(), 'db-'));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

const mode = (path: string) => statSync(path).mode & 0o777;

describe('data at rest', () => {
  it('creates the data folder 0700 and the database and its WAL 0600', async () => {
    const dir = join(tempDir(), 'data');
    const db = openDatabase(join(dir, 'portal.db'));
    cleanups.push(() => db.destroy());
    await migrateToLatest(db);
    expect(mode(dir)).toBe(0o700);
    expect(mode(join(dir, 'portal.db'))).toBe(0o600);
    expect(mode(join(dir, 'portal.db-wal'))).toBe(0o600);
  });
});

describe('one server per DATA_DIR', () => {
  it('refuses a second lock on the same folder, and allows it once released', () => {
    const dir = tempDir();
    const first = lockDataDir(dir);
    expect(() => lockDataDir(dir)).toThrow(DataDirInUseError);
    expect(() => lockDataDir(dir)).toThrow(/Another app-portal process is already using DATA_DIR/);
    first.release();
    lockDataDir(dir).release();
  });

  it('makes a second server process on the same DATA_DIR exit 1 with a clear message', async () => {
    const dir = tempDir();
    const held = lockDataDir(dir);
    cleanups.push(() => held.release());
    const result = await runMain({ DATA_DIR: dir, DEMO_CATALOG: 'false' });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('Another app-portal process is already using DATA_DIR');
  });
});

describe('a database locked by another process', () => {
  async function portalOnFile(): Promise<{ ctx: TestContext; db: Db; file: string }> {
    const file = join(tempDir(), 'portal.db');
    const db = openDatabase(file);
    await migrateToLatest(db);
    await createAppsRepository(db).upsertApps(
      [appRow({ id: 'public-app', isPublic: true })],
      new Date().toISOString(),
    );
    const ctx = await createTestContext({ deps: { db } });
    cleanups.push(async () => {
      await ctx.close();
      await db.destroy();
    });
    return { ctx, db, file };
  }

  it('fails a blocked write fast with 503 and Retry-After; reads and health keep answering', async () => {
    const { ctx, file } = await portalOnFile();
    expect((await ctx.app.inject({ url: '/api/apps' })).statusCode).toBe(200);

    // A writer elsewhere (the sqlite3 shell, a second process) holds the lock.
    const other = new SQLite(file);
    other.exec('BEGIN EXCLUSIVE');
    cleanups.push(() => {
      other.exec('ROLLBACK');
      other.close();
    });

    const started = Date.now();
    const write = await ctx.app.inject({
      method: 'PUT',
      url: '/api/me/favorites/public-app',
      headers: bearer(await ctx.issuer.tokenFor('alice', [])),
    });
    // Fast: BUSY_TIMEOUT_MS (200 ms) and the answer, far from a writer's usual 5 s wait; the
    // bound leaves room for a machine whose two cores are busy with other test files.
    expect(Date.now() - started).toBeLessThan(3000);
    expect(write.statusCode).toBe(503);
    expect(write.headers['retry-after']).toBe('2');
    expect(write.json()).toEqual({
      status: 503,
      code: 'database_busy',
      message: 'The portal is busy right now. Please try again in a moment.',
      data: {},
    });

    const health = Date.now();
    expect((await ctx.app.inject({ url: '/api/health' })).statusCode).toBe(200);
    expect(Date.now() - health).toBeLessThan(100);
    expect((await ctx.app.inject({ url: '/api/apps' })).json().items).toHaveLength(1);
  });

  it('keeps serving the catalog from memory when even its freshness check fails', async () => {
    let locked = false;
    const snapshot = createCatalogSnapshot(
      {
        findAll: async () => {
          if (locked) throw Object.assign(new Error('database is locked'), { code: 'SQLITE_BUSY' });
          return [];
        },
        catalogVersion: async () => {
          if (locked) throw Object.assign(new Error('database is locked'), { code: 'SQLITE_BUSY' });
          return 'v1';
        },
        onChange: () => () => undefined,
      },
      { recheckMs: 0 },
    );
    const before = await snapshot.visibleApps(null);
    locked = true;
    expect(await snapshot.visibleApps(null)).toBe(before);
  });
});

describe('isUniqueViolation', () => {
  it.each<[unknown, boolean]>([
    [{ code: '23505' }, true],
    [{ code: 'SQLITE_CONSTRAINT_PRIMARYKEY' }, true],
    [{ code: 'SQLITE_CONSTRAINT_UNIQUE' }, true],
    [{ code: 'SQLITE_CONSTRAINT_FOREIGNKEY' }, false],
    [{ code: '23503' }, false],
    [new Error('x'), false],
    [null, false],
  ])('%j: %s', (error, expected) => {
    expect(isUniqueViolation(error)).toBe(expected);
  });
});
