import { afterEach, describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import { createAppsRepository } from '../catalog/apps.repository.js';
import { CatalogError } from '../catalog/catalog-file.js';
import type { Db } from '../db/database.js';
import { openTestDatabase } from '../db/test-support/test-database.js';
import { HttpError } from '../http/errors.js';
import { createAdminRepository } from './admin.repository.js';
import { importCatalog } from './catalog-import.js';
import { createCatalogReader, type CatalogReader } from './catalog-reader.js';
import { readCatalogUpload } from './catalog-transfer.js';

// A big import (decision 0025) must not stop other requests. Reading (YAML, .zip, logos)
// runs in a worker thread; comparing and applying run in steps that give the event loop turns.
// Turns are counted with setImmediate: a loop that never yields gives none, whatever the time.

function catalogYaml(count: number): string {
  const apps = Array.from({ length: count }, (_, i) => ({
    id: `app-${i}`,
    name: `Application ${i}`,
    description: `Application number ${i}.`,
    link: `https://app-${i}.example.edu/`,
    isPublic: i % 2 === 0,
    associatedGroups: i % 2 === 0 ? [] : ['genomics'],
  }));
  return stringify({ apps });
}

/** Runs `work` and counts the event-loop turns other code got meanwhile. */
async function withTurns<T>(work: () => Promise<T>): Promise<{ value: T; turns: number }> {
  let turns = 0;
  let running = true;
  const tick = () => {
    if (!running) return;
    turns += 1;
    setImmediate(tick);
  };
  setImmediate(tick);
  try {
    return { value: await work(), turns };
  } finally {
    running = false;
  }
}

describe('createCatalogReader: catalog files read in a worker thread', () => {
  let reader: CatalogReader | undefined;
  afterEach(async () => {
    await reader?.close();
    reader = undefined;
  });

  it('reads a 3,000-app catalog while this thread keeps taking turns', async () => {
    reader = createCatalogReader();
    const { value, turns } = await withTurns(() => reader!.upload(catalogYaml(3000), 'big.yaml'));
    expect(value.entries).toHaveLength(3000);
    expect(value.entries[2999]).toMatchObject({ id: 'app-2999', associatedGroups: ['genomics'] });
    expect(turns).toBeGreaterThan(0);
    // Reading 3,000 apps takes seconds when both cores are busy with other test files.
  }, 60_000);

  it('gives the same entries and problems as reading in this thread', async () => {
    reader = createCatalogReader();
    const text = 'apps:\n  - name: Galaxy\n    link: https://galaxy.example.edu/\n';
    expect(await reader.upload(text, 'c.yaml')).toEqual(await readCatalogUpload(text, 'c.yaml'));
    const bad = 'apps:\n  - name: Galaxy\n    colour: red\n';
    const error = await reader.upload(bad, 'bad.yaml').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CatalogError);
    expect((error as CatalogError).problems).toEqual([
      'app 1 "Galaxy": field "colour" is not a known field',
    ]);
  });

  it('refuses a file that takes longer than the time limit, with a CatalogError', async () => {
    reader = createCatalogReader({ timeoutMs: 1 });
    const error = await reader.upload(catalogYaml(3000), 'slow.yaml').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CatalogError);
    expect((error as CatalogError).problems[0]).toMatch(/could not be read within/);
  });

  it('refuses a third file while one is read and one waits (503)', async () => {
    reader = createCatalogReader();
    const text = catalogYaml(10);
    const first = reader.upload(text, 'a.yaml');
    const second = reader.upload(text, 'b.yaml');
    const third = await reader.upload(text, 'c.yaml').catch((e: unknown) => e);
    expect(third).toBeInstanceOf(HttpError);
    expect((third as HttpError).statusCode).toBe(503);
    expect((await first).entries).toHaveLength(10);
    expect((await second).entries).toHaveLength(10);
  });
});

describe('importCatalog in steps', () => {
  let db: Db | undefined;
  afterEach(async () => {
    await db?.destroy();
    db = undefined;
  });

  it('compares and applies 1,000 apps giving other work turns, with the same result', async () => {
    db = await openTestDatabase();
    const admin = createAdminRepository(db);
    const apps = createAppsRepository(db);
    const input = await readCatalogUpload(catalogYaml(1000), 'c.yaml');
    const options = {
      dryRun: false,
      prune: false,
      actor: { subject: 'admin', username: 'admin' },
      managedBy: 'portal' as const,
    };
    const deps = { admin, apps, clock: () => new Date().toISOString() };
    const applied = await withTurns(() => importCatalog(deps, input, options));
    expect(applied.value).toMatchObject({ applied: true, unchanged: 0 });
    expect(applied.value.add).toHaveLength(1000);
    expect(applied.turns).toBeGreaterThan(1);
    expect(await apps.count()).toBe(1000);
    const audited = await db
      .selectFrom('audit')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .executeTakeFirstOrThrow();
    expect(Number(audited.count)).toBe(1000);

    const again = await withTurns(() => importCatalog(deps, input, { ...options, dryRun: true }));
    expect(again.value).toMatchObject({ add: [], change: [], unchanged: 1000 });
    expect(again.turns).toBeGreaterThan(1);
  });
});
