import SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { keptStatements, MAX_PREPARED_STATEMENTS, sqliteKysely, type Db } from './database.js';

let sqlite: SQLite.Database;
let db: Db;

function open() {
  sqlite = new SQLite(':memory:');
  db = sqliteKysely(sqlite);
  return vi.spyOn(sqlite, 'prepare');
}

afterEach(async () => {
  await db.destroy();
  vi.restoreAllMocks();
});

describe('statements kept per SQL text (decision 0043)', () => {
  it('prepares a query once and runs the kept statement again, with new parameters', async () => {
    const prepare = open();
    await sql`create table notes (id integer primary key, body text not null)`.execute(db);
    await sql`insert into notes (body) values (${'one'}), (${'two'})`.execute(db);
    const read = (id: number) =>
      sql<{ body: string }>`select body from notes where id = ${id}`.execute(db);
    prepare.mockClear();
    expect((await read(1)).rows).toEqual([{ body: 'one' }]);
    expect((await read(2)).rows).toEqual([{ body: 'two' }]);
    expect((await read(3)).rows).toEqual([]);
    expect(prepare).toHaveBeenCalledTimes(1);
  });

  it(`keeps at most ${MAX_PREPARED_STATEMENTS}, the least recently used going first`, () => {
    const raw = new SQLite(':memory:');
    const prepare = vi.spyOn(raw, 'prepare');
    const kept = keptStatements(raw);
    kept.prepare('select 0');
    for (let n = 1; n < MAX_PREPARED_STATEMENTS; n += 1) kept.prepare(`select ${n}`);
    // All are kept: asking again prepares nothing. `select 0` is now the most recent.
    kept.prepare('select 0');
    expect(prepare).toHaveBeenCalledTimes(MAX_PREPARED_STATEMENTS);
    // One more pushes out the least recently used (`select 1`), not `select 0`.
    kept.prepare('select -1');
    kept.prepare('select 0');
    expect(prepare).toHaveBeenCalledTimes(MAX_PREPARED_STATEMENTS + 1);
    kept.prepare('select 1');
    expect(prepare).toHaveBeenCalledTimes(MAX_PREPARED_STATEMENTS + 2);
    kept.close();
    expect(raw.open).toBe(false);
  });

  it('sees a column added after the statement was kept (SQLite prepares it again)', async () => {
    open();
    await sql`create table notes (id integer primary key, body text not null)`.execute(db);
    await sql`insert into notes (body) values (${'one'})`.execute(db);
    const all = () =>
      db
        .selectFrom('notes' as never)
        .selectAll()
        .execute();
    expect(await all()).toEqual([{ id: 1, body: 'one' }]);
    await sql`alter table notes add column tag text not null default 'x'`.execute(db);
    expect(await all()).toEqual([{ id: 1, body: 'one', tag: 'x' }]);
  });

  it('runs a kept statement again after it failed, and inside a rolled-back transaction', async () => {
    open();
    await sql`create table notes (id integer primary key, body text not null unique)`.execute(db);
    const insert = (body: string) => sql`insert into notes (body) values (${body})`.execute(db);
    await insert('one');
    await expect(insert('one')).rejects.toMatchObject({ code: 'SQLITE_CONSTRAINT_UNIQUE' });
    await insert('two');
    await expect(
      db.transaction().execute(async (trx) => {
        await sql`insert into notes (body) values (${'three'})`.execute(trx);
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    const rows = await sql<{ body: string }>`select body from notes order by id`.execute(db);
    expect(rows.rows.map((row) => row.body)).toEqual(['one', 'two']);
  });

  it('streams with a kept statement, and runs it again once the stream has ended', async () => {
    open();
    await sql`create table notes (id integer primary key, body text not null)`.execute(db);
    await sql`insert into notes (body) values ('a'), ('b'), ('c')`.execute(db);
    const query = db
      .selectFrom('notes' as never)
      .select(sql<string>`body`.as('body'))
      .orderBy(sql`id`);
    const streamed: string[] = [];
    for await (const row of query.stream()) streamed.push(row.body);
    expect(streamed).toEqual(['a', 'b', 'c']);
    expect((await query.execute()).map((row) => row.body)).toEqual(['a', 'b', 'c']);
  });
});
