import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { runMain, PROCESS_TEST_TIMEOUT_MS } from '../test-support/run-main.js';
import {
  connectDatabase,
  DatabaseError,
  DataDirInUseError,
  describeTarget,
  isDatabaseUnavailable,
  lockDataDirFor,
  parseDatabaseUrl,
} from './database.js';

// Each test starts the real server in a child process (TypeScript compiled on the fly).
vi.setConfig({ testTimeout: PROCESS_TEST_TIMEOUT_MS });

describe('parseDatabaseUrl', () => {
  it('keeps the SQLite file under DATA_DIR when unset or sqlite:', () => {
    const file = join(resolve('/srv/portal'), 'portal.db');
    expect(parseDatabaseUrl(undefined, '/srv/portal')).toEqual({ kind: 'sqlite', file });
    expect(parseDatabaseUrl('', '/srv/portal')).toEqual({ kind: 'sqlite', file });
    expect(parseDatabaseUrl('sqlite:', '/srv/portal')).toEqual({ kind: 'sqlite', file });
  });

  it('reads sqlite:PATH and postgres:// URLs with the pool size', () => {
    expect(parseDatabaseUrl('sqlite:/tmp/x.db', '.')).toEqual({
      kind: 'sqlite',
      file: '/tmp/x.db',
    });
    expect(parseDatabaseUrl('sqlite::memory:', '.')).toEqual({ kind: 'sqlite', file: ':memory:' });
    expect(parseDatabaseUrl('postgres://u:p@db:5432/portal', '.', 4)).toEqual({
      kind: 'postgres',
      url: 'postgres://u:p@db:5432/portal',
      poolSize: 4,
    });
    expect(() => parseDatabaseUrl('mysql://x', '.')).toThrow(DatabaseError);
  });

  it('never shows the password', () => {
    const target = parseDatabaseUrl('postgres://portal:s3cret@db:5432/portal', '.');
    expect(describeTarget(target)).toBe('PostgreSQL postgres://portal:***@db:5432/portal');
  });
});

describe('an unreachable PostgreSQL server', () => {
  it('is one DatabaseError naming the server, without the password', async () => {
    const error = await connectDatabase({
      kind: 'postgres',
      url: 'postgres://portal:s3cret@127.0.0.1:1/portal',
      poolSize: 1,
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DatabaseError);
    expect((error as Error).message).toContain('postgres://portal:***@127.0.0.1:1/portal');
    expect((error as Error).message).not.toContain('s3cret');
  });

  it('stops the start-up with a clear message and status 1, no stack trace', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'portal-db-'));
    try {
      const { code, stdout, stderr } = await runMain({
        DATA_DIR: dataDir,
        DATABASE_URL: 'postgres://portal:s3cret@127.0.0.1:1/portal',
        PORT: '1',
      });
      expect(code).toBe(1);
      expect(stderr).toContain('Cannot reach the database PostgreSQL');
      expect(stderr).toContain('docs/deploy.md');
      expect(`${stdout}${stderr}`).not.toMatch(/s3cret|\n\s+at /);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe('a database that goes away later', () => {
  it('answers 503 with the error body on routes that need it', async () => {
    const { default: Fastify } = await import('fastify');
    const { registerErrorHandling } = await import('../http/error-handler.js');
    const app = Fastify();
    registerErrorHandling(app);
    app.get('/refused', async () => {
      throw Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), {
        code: 'ECONNREFUSED',
      });
    });
    app.get('/terminated', async () => {
      throw new Error('Connection terminated unexpectedly');
    });
    app.get('/bug', async () => {
      throw Object.assign(new Error('syntax error'), { code: '42601' });
    });
    try {
      for (const url of ['/refused', '/terminated']) {
        const response = await app.inject({ url });
        expect(response.statusCode).toBe(503);
        expect(response.json()).toMatchObject({
          status: 503,
          code: 'database_unavailable',
          data: {},
        });
        expect(response.headers['retry-after']).toBe('5');
      }
      expect((await app.inject({ url: '/bug' })).statusCode).toBe(500);
      expect(isDatabaseUnavailable(Object.assign(new Error('x'), { code: '57P01' }))).toBe(true);
    } finally {
      await app.close();
    }
  });
});

describe('lockDataDirFor', () => {
  it('locks DATA_DIR for its SQLite file only; PostgreSQL instances share a DATA_DIR freely', () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'lock-'));
    try {
      const pgTarget = parseDatabaseUrl('postgres://postgres@127.0.0.1:5432/portal', dataDir);
      const a = lockDataDirFor(pgTarget, dataDir);
      const b = lockDataDirFor(pgTarget, dataDir);
      const other = lockDataDirFor(parseDatabaseUrl('sqlite::memory:', dataDir), dataDir);
      const sqlite = parseDatabaseUrl(undefined, dataDir);
      const first = lockDataDirFor(sqlite, dataDir);
      expect(() => lockDataDirFor(sqlite, dataDir)).toThrow(DataDirInUseError);
      for (const lock of [a, b, other, first]) lock.release();
      lockDataDirFor(sqlite, dataDir).release();
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
