import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Db } from '../db/database.js';
import { openTestDatabase } from '../db/test-support/test-database.js';
import { listAudit } from './audit-log.js';
import { audited, auditedIn, inTransaction } from './unit-of-work.js';

let db: Db;
beforeEach(async () => {
  db = await openTestDatabase();
});
afterEach(async () => {
  await db.destroy();
});

const alice = { subject: 's-alice', username: 'alice' };
const AT = '2026-11-29T10:00:00.000Z';
const setting = (key: string) =>
  db.selectFrom('settings').select('value').where('key', '=', key).executeTakeFirst();
const entries = async () => (await listAudit(db, { page: 1, perPage: 50 })).rows;

describe('audited', () => {
  it('writes the change and its entries in one transaction, by the actor, at the time', async () => {
    const result = await audited(db, { actor: alice, at: AT }, async ({ trx, at, audit }) => {
      await trx.insertInto('settings').values({ key: 'k', value: 'v' }).execute();
      await audit({ action: 'branding', appId: null, before: null, after: { k: 'v' } });
      return at;
    });
    expect(result).toBe(AT);
    expect(await setting('k')).toEqual({ value: 'v' });
    expect(await entries()).toEqual([
      expect.objectContaining({
        at: AT,
        actorSubject: 's-alice',
        actorUsername: 'alice',
        action: 'branding',
        appId: null,
        before: null,
        after: '{"k":"v"}',
      }),
    ]);
  });

  it('writes neither the change nor its entries when the work throws after recording', async () => {
    await expect(
      audited(db, { actor: alice, at: AT }, async ({ trx, audit }) => {
        await trx.insertInto('settings').values({ key: 'k', value: 'v' }).execute();
        await audit({ action: 'branding', appId: null, before: null, after: { k: 'v' } });
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    expect(await setting('k')).toBeUndefined();
    expect(await entries()).toEqual([]);
  });

  it('reads the time in the transaction when given a function, and lets an entry name its actor', async () => {
    const system = { subject: 'system', username: 'system' };
    await audited(
      db,
      {
        actor: alice,
        at: async (trx) =>
          (await trx.selectFrom('audit').select('id').execute()).length === 0 ? AT : 'later',
      },
      async ({ audit }) => {
        await audit({ action: 'purge', appId: 'a', before: { id: 'a' }, after: null });
        await audit({ actor: system, action: 'purge', appId: 'b', before: null, after: null });
      },
    );
    const [second, first] = await entries();
    expect(first).toMatchObject({ at: AT, actorUsername: 'alice', appId: 'a' });
    expect(second).toMatchObject({ at: AT, actorUsername: 'system', appId: 'b' });
  });

  it('records within a transaction its caller holds (auditedIn), undone with it', async () => {
    await expect(
      inTransaction(db, async (trx) => {
        await auditedIn(trx, alice, AT, ({ audit }) =>
          audit({ action: 'import', appId: 'x', before: null, after: null }),
        );
        throw new Error('later step failed');
      }),
    ).rejects.toThrow('later step failed');
    expect(await entries()).toEqual([]);
  });
});

describe('the audit log', () => {
  it('is written only through the unit of work: no other server file inserts into it', () => {
    const server = fileURLToPath(new URL('..', import.meta.url));
    const offenders: string[] = [];
    const walk = (dir: string) => {
      for (const entry of readdirSync(dir, { withFileTypes: true })) {
        const path = join(dir, entry.name);
        if (entry.isDirectory()) walk(path);
        else if (/\.ts$/.test(entry.name) && !/\.test\.ts$/.test(entry.name)) {
          const name = relative(server, path);
          if (name.startsWith('audit/') || name.startsWith('db/migrations/')) continue;
          const text = readFileSync(path, 'utf8');
          if (/insertInto\(\s*'audit'\s*\)|appendAudit\(/.test(text)) offenders.push(name);
        }
      }
    };
    walk(server);
    expect(offenders).toEqual([]);
  });
});
