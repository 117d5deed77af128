import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STARTUP_LOCK_KEY, withStartupLock } from './startup-lock.js';
import { createPostgresDatabase, type PostgresTestDatabase } from './test-support/test-database.js';

let database: PostgresTestDatabase;
let target: { kind: 'postgres'; url: string; poolSize: number };

beforeAll(async () => {
  database = await createPostgresDatabase('portal_startup_lock');
  target = { kind: 'postgres', url: database.url, poolSize: 2 };
});

afterAll(async () => {
  await database?.drop();
});

/** Sessions of this database waiting for the start-up lock now. */
async function waiting(): Promise<number> {
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  try {
    const { rows } = await client.query<{ count: string }>(
      `select count(*) from pg_locks l join pg_database d on d.oid = l.database
        where l.locktype = 'advisory' and not l.granted and d.datname = current_database()
          and ((l.classid::bigint << 32) | l.objid::bigint) = $1`,
      [STARTUP_LOCK_KEY],
    );
    return Number(rows[0]?.count ?? 0);
  } finally {
    await client.end();
  }
}

async function until(condition: () => Promise<boolean>): Promise<void> {
  while (!(await condition())) await new Promise((resolve) => setTimeout(resolve, 20));
}

describe('withStartupLock', () => {
  it('runs the work directly on SQLite', async () => {
    await expect(
      withStartupLock({ kind: 'sqlite', file: ':memory:' }, async () => 'done'),
    ).resolves.toBe('done');
  });

  it('lets one instance at a time do the start-up work on PostgreSQL', async () => {
    const events: string[] = [];
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const first = withStartupLock(target, async () => {
      events.push('first starts');
      await gate;
      events.push('first ends');
      return 1;
    });
    await until(async () => events.includes('first starts'));
    const second = withStartupLock(target, async () => {
      events.push('second starts');
      return 2;
    });
    // The second instance waits for the lock while the first holds it.
    await until(async () => (await waiting()) === 1);
    expect(events).toEqual(['first starts']);
    release();
    await expect(Promise.all([first, second])).resolves.toEqual([1, 2]);
    expect(events).toEqual(['first starts', 'first ends', 'second starts']);
  });

  it('frees the lock when the work fails', async () => {
    await expect(
      withStartupLock(target, async () => {
        throw new Error('migration failed');
      }),
    ).rejects.toThrow('migration failed');
    await expect(withStartupLock(target, async () => 'next')).resolves.toBe('next');
  });
});
