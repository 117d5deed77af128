// docs/architecture.md is the map a newcomer reads first: these tests hold its tables to the
// code, so a new folder, layer or table cannot land without its line on the map.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../src/server/db/database.ts';
import { migrateToLatest } from '../src/server/db/migrate.ts';
import { SERVER_LAYERS } from './lib/server-layers.mjs';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const doc = readFileSync(join(ROOT, 'docs', 'architecture.md'), 'utf8');

/** The rows of the first Markdown table after a heading, as arrays of trimmed cells. */
function tableAfter(heading) {
  const start = doc.indexOf(`\n## ${heading}\n`);
  if (start === -1) throw new Error(`docs/architecture.md has no section "${heading}"`);
  const lines = doc.slice(start).split('\n');
  const first = lines.findIndex((line) => line.startsWith('|'));
  const rows = [];
  for (const line of lines.slice(first)) {
    if (!line.startsWith('|')) break;
    rows.push(
      line
        .slice(1, -1)
        .split('|')
        .map((cell) => cell.trim()),
    );
  }
  return rows.slice(2); // header and rule
}

const names = (cell) => [...cell.matchAll(/`([^`]+)`/g)].map((m) => m[1].replace(/\/$/, ''));

describe('docs/architecture.md', () => {
  it('lists every layer of the server, with its folders, as scripts/lib/server-layers.mjs', () => {
    const rows = tableAfter('Layers of the server').filter(([layer]) => layer !== 'top');
    const documented = rows
      .map(([layer, folders]) => [Number(layer), names(folders).sort()])
      .sort((a, b) => a[0] - b[0]);
    expect(documented).toEqual(SERVER_LAYERS.map((folders, i) => [i, [...folders].sort()]));
  });

  it('says where every folder of src/server lives, and names no folder that is gone', () => {
    const documented = tableAfter('Where code lives').flatMap(([path]) => names(path));
    const serverDir = join(ROOT, 'src', 'server');
    const folders = readdirSync(serverDir)
      .filter((entry) => statSync(join(serverDir, entry)).isDirectory())
      .map((folder) => `src/server/${folder}`);
    expect(folders.filter((folder) => !documented.includes(folder))).toEqual([]);
    const gone = documented.filter((path) => {
      try {
        statSync(join(ROOT, path));
        return false;
      } catch {
        return true;
      }
    });
    expect(gone).toEqual([]);
  });

  it('describes every table and column the migrations make, and no other', async () => {
    const db = openDatabase(':memory:');
    try {
      await migrateToLatest(db);
      const { rows: tables } = await sql`select name from sqlite_master
        where type = 'table' and name not like 'sqlite_%' and name not like 'kysely_%'`.execute(db);
      const actual = {};
      for (const { name } of tables) {
        const { rows } = await sql`select name from pragma_table_info(${name})`.execute(db);
        actual[name] = rows.map((row) => row.name).sort();
      }
      const documented = {};
      for (const [table, columns] of tableAfter('Data model')) {
        const words = new Set(columns.replace(/\([^)]*\)/g, '').match(/[A-Za-z_]\w*/g));
        documented[names(table)[0]] = actual[names(table)[0]]?.filter((c) => words.has(c)) ?? [];
      }
      expect(Object.keys(documented).sort()).toEqual(Object.keys(actual).sort());
      expect(documented).toEqual(actual);
    } finally {
      await db.destroy();
    }
  });
});
