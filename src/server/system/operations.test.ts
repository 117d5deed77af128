import { Kysely, PostgresDialect, sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { createMonitor } from '../monitor/monitor.js';
import { SourceError, type StatusSource } from '../monitor/sources/source.js';
import { createTestContext, type TestContext } from '../test-support/test-app.js';
import { createPostgresPool, openDatabase, type Db } from '../db/database.js';
import { migrateToLatest } from '../db/migrate.js';
import type { Database } from '../db/schema.js';
import { createPostgresDatabase, currentDialect } from '../db/test-support/test-database.js';

let contexts: TestContext[] = [];
afterEach(async () => {
  await Promise.all(contexts.map((ctx) => ctx.close()));
  contexts = [];
});

async function portal(options: Parameters<typeof createTestContext>[0] = {}) {
  const ctx = await createTestContext({ apps: [{ id: 'public-app', isPublic: true }], ...options });
  contexts.push(ctx);
  return ctx;
}

function monitorWith(source: StatusSource) {
  return createMonitor({
    sources: [source],
    apps: { findAll: async () => [] },
    intervalMs: 60_000,
    dropAfterMs: 600_000,
  });
}

const REMOTE = '203.0.113.7';

/**
 * A migrated database on the project's dialect that answers reads and refuses writes: a SQLite
 * connection in query_only mode (a read-only file is tested in db/write-probe.test.ts), or a
 * PostgreSQL database with default_transaction_read_only (as on a hot standby).
 */
async function readOnlyDatabase(): Promise<{ db: Db; close(): Promise<void> }> {
  if (currentDialect() === 'sqlite') {
    const db = openDatabase(':memory:');
    await migrateToLatest(db);
    await sql`pragma query_only = on`.execute(db);
    return { db, close: async () => undefined };
  }
  const database = await createPostgresDatabase('portal_readonly');
  const setup = new Kysely<Database>({
    dialect: new PostgresDialect({ pool: createPostgresPool(database.url, 1) }),
  });
  await migrateToLatest(setup);
  await sql`alter database ${sql.id(database.name)} set default_transaction_read_only = on`.execute(
    setup,
  );
  await setup.destroy();
  const db = new Kysely<Database>({
    dialect: new PostgresDialect({ pool: createPostgresPool(database.url, 2) }),
  });
  return {
    db,
    close: async () => {
      await db.destroy();
      await database.drop();
    },
  };
}

describe('liveness and readiness', () => {
  it('GET /api/health/live answers ok, /api/health is kept', async () => {
    const ctx = await portal();
    for (const url of ['/api/health/live', '/api/health']) {
      const response = await ctx.app.inject({ url });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ status: 'ok' });
    }
  });

  it('GET /api/health/ready checks the database, migrations and catalog', async () => {
    const ctx = await portal();
    const ready = await ctx.app.inject({ url: '/api/health/ready' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toMatchObject({
      status: 'ready',
      checks: { database: 'ok', migrations: 'ok', catalog: 'ok', monitor: 'off' },
    });

    await sql`delete from kysely_migration where name = '0002-sessions'`.execute(ctx.db);
    const missing = await ctx.app.inject({ url: '/api/health/ready' });
    expect(missing.statusCode).toBe(503);
    expect(missing.json()).toMatchObject({
      status: 'not-ready',
      checks: { database: 'ok', migrations: 'failed' },
    });
  });

  // Readiness (docs/operations.md): a database that answers but takes no writes is not "ready".
  it('reports a database that refuses writes as degraded, with the reason, and logs the cause once', async () => {
    const logs: string[] = [];
    const { db, close } = await readOnlyDatabase();
    const ctx = await createTestContext({
      deps: {
        db,
        logger: { level: 'info', stream: { write: (line: string) => void logs.push(line) } },
      },
    });
    contexts.push({
      ...ctx,
      close: async () => {
        await ctx.close();
        await close();
      },
    });
    for (let i = 0; i < 3; i += 1) {
      const response = await ctx.app.inject({ url: '/api/health/ready' });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        status: 'degraded',
        checks: expect.objectContaining({ database: 'ok', databaseWrites: 'degraded' }),
        reasons: { databaseWrites: 'read-only' },
      });
    }
    const warnings = logs.filter((line) => line.includes('refuses writes'));
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(currentDialect() === 'postgres' ? /25006/ : /SQLITE_READONLY/);
    expect(warnings[0]).toContain('"check":"databaseWrites"');
  });

  it('reports a writable database as ready, writes included', async () => {
    const ctx = await portal();
    const response = await ctx.app.inject({ url: '/api/health/ready' });
    expect(response.json()).toMatchObject({ status: 'ready', checks: { databaseWrites: 'ok' } });
    expect(response.json()).not.toHaveProperty('reasons');
  });

  it('reports a failing monitor source as degraded, still ready (200)', async () => {
    const monitor = monitorWith({
      name: 'uptime-kuma',
      needsLinks: false,
      collect: async () => {
        throw new SourceError('connection refused');
      },
    });
    const ctx = await portal({ deps: { monitor } });
    await monitor.runOnce();
    const response = await ctx.app.inject({ url: '/api/health/ready' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ status: 'degraded', checks: { monitor: 'degraded' } });
  });

  it('never rate-limits health checks or metrics', async () => {
    const ctx = await portal({ env: { RATE_LIMIT_GLOBAL: '1', METRICS_TOKEN: 'metrics-secret' } });
    for (let i = 0; i < 5; i += 1) {
      for (const url of ['/api/health', '/api/health/live', '/api/health/ready']) {
        expect((await ctx.app.inject({ url, remoteAddress: REMOTE })).statusCode).toBe(200);
      }
      const metrics = await ctx.app.inject({
        url: '/metrics',
        remoteAddress: REMOTE,
        headers: { authorization: 'Bearer metrics-secret' },
      });
      expect(metrics.statusCode).toBe(200);
    }
  });
});

describe('GET /metrics', () => {
  it('answers loopback callers in the Prometheus text format, with the portal metrics', async () => {
    const monitor = monitorWith({
      name: 'monitor-proxy',
      needsLinks: false,
      collect: async () => [{ url: 'https://x.example.edu/', status: 1 }],
    });
    const ctx = await portal({ env: { RATE_LIMIT_GLOBAL: '1' }, deps: { monitor } });
    await monitor.runOnce();
    await ctx.app.inject({ url: '/api/apps', remoteAddress: REMOTE });
    await ctx.app.inject({ url: '/api/apps', remoteAddress: REMOTE });
    await ctx.app.inject({ url: '/no/such/page/123' });

    const response = await ctx.app.inject({ url: '/metrics' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = response.body;
    expect(text).toContain(
      'portal_http_requests_total{method="GET",route="/api/apps",status="200"} 1',
    );
    expect(text).toContain(
      'portal_http_requests_total{method="GET",route="/api/apps",status="429"} 1',
    );
    expect(text).toContain('route="unmatched",status="404"');
    expect(text).not.toContain('/no/such/page');
    expect(text).toContain('portal_http_request_duration_seconds_bucket{');
    expect(text).toContain('portal_rate_limit_rejections_total{limit="global"} 1');
    expect(text).toContain('portal_catalog_apps 1');
    expect(text).toContain('portal_active_sessions 0');
    expect(text).toContain('portal_monitor_reads_total{source="monitor-proxy",outcome="ok"} 1');
    expect(text).toMatch(/portal_monitor_last_success_age_seconds\{source="monitor-proxy"\} \d/);
    expect(text).toContain('# TYPE portal_sign_ins_total counter');
    expect(text).toContain('# TYPE portal_favorites_writes_total counter');
    expect(text).toContain('process_resident_memory_bytes');
  });

  it('is 404 for other addresses, forwarded requests and wrong tokens; METRICS_TOKEN opens it', async () => {
    const closed = await portal();
    expect((await closed.app.inject({ url: '/metrics', remoteAddress: REMOTE })).statusCode).toBe(
      404,
    );
    const forwarded = await closed.app.inject({
      url: '/metrics',
      headers: { 'x-forwarded-for': '198.51.100.1' },
    });
    expect(forwarded.statusCode).toBe(404);
    expect(forwarded.json()).toMatchObject({ status: 404 });

    const open = await portal({ env: { METRICS_TOKEN: 'metrics-secret' } });
    const get = (authorization: string) =>
      open.app.inject({ url: '/metrics', remoteAddress: REMOTE, headers: { authorization } });
    expect((await get('Bearer metrics-secret')).statusCode).toBe(200);
    expect((await get('Bearer wrong')).statusCode).toBe(404);
    expect((await get('Basic bWV0cmljcy1zZWNyZXQ=')).statusCode).toBe(404);
  });
});
