#!/usr/bin/env node
// `npm run bench:notify`: a burst of status messages. 10,000 followers and 200 apps changing
// state at once, on a SQLite file in a temporary folder, with the portal's HTTP server running in
// this same process (the notifier shares its event loop and database, as in production). Prints
// the time to confirm the changes and queue them per follower, the time to build and enqueue the
// mails, the mails per person (should be 1), and GET /api/health's p99 measured during the burst
// from a child process (scripts/lib/health-sampler.mjs).
// Runs the TypeScript sources through tsx (no build needed).
// Usage: npm run bench:notify [-- --people 10000 --apps 200]
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { register } from 'tsx/esm/api';
import { percentile, sampleHealth } from './lib/bench.mjs';
import { ensureDependencies, ROOT } from './lib/ensure.mjs';

const { values: options } = parseArgs({
  options: {
    people: { type: 'string', default: '10000' },
    apps: { type: 'string', default: '200' },
  },
});
const PEOPLE = Number(options.people);
const APPS = Number(options.apps);
/** Apps each person follows directly; every other person also follows 5 favourites. */
const FOLLOWS = 10;
const TARGET_P99_MS = 250;

ensureDependencies();
register();
const load = (path) => import(pathToFileURL(join(ROOT, 'src', 'server', path)).href);
const { openDatabase } = await load('db/database.ts');
const { migrateToLatest } = await load('db/migrate.ts');
const { loadConfig } = await load('config/load-config.ts');
const { buildApp } = await load('app.ts');
const { createFileStorage } = await load('files/file-storage.ts');
const { createAppsRepository } = await load('catalog/apps.repository.ts');
const { createOutbox } = await load('outbox/outbox.ts');
const { createNotifier } = await load('notifier/notifier.ts');
const { createTranslators } = await load('i18n/translator.ts');
const { shippedCatalogs } = await load('i18n/catalogs.ts');

const dir = mkdtempSync(join(tmpdir(), 'bench-notify-'));
const db = openDatabase(join(dir, 'data', 'portal.db'));
let app;
try {
  await migrateToLatest(db);
  const config = loadConfig({
    DATA_DIR: join(dir, 'data'),
    DEMO_CATALOG: 'false',
    LOG_LEVEL: 'silent',
    MONITOR_PROBE: 'false',
    RATE_LIMIT: 'false',
  });
  const seeded = await seed();
  app = await buildApp({ config, db, storage: createFileStorage(join(dir, 'storage')) });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address();
  const baseUrl = `http://127.0.0.1:${port}`;

  // The notifier's clock runs ahead on demand, so the batch window needs no real waiting.
  let ahead = 0;
  const now = () => Date.now() + ahead;
  const notifier = createNotifier({
    db,
    outbox: createOutbox({ now }),
    confirmSeconds: 120,
    publicUrl: baseUrl,
    defaultLanguage: 'en',
    texts: createTranslators(shippedCatalogs(), ['server']),
    now,
    perPass: PEOPLE,
  });
  await notifier.runOnce(); // every app seen the first time: recorded, nothing sent

  // The burst: every app down since 130 s ago (confirmed at once).
  const downSince = Date.now() - 130_000;
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('statusChanges')
      .set({ until: downSince })
      .where('until', 'is', null)
      .execute();
    for (let i = 0; i < APPS; i += 100) {
      await trx
        .insertInto('statusChanges')
        .values(
          seeded.appIds.slice(i, i + 100).map((appId) => ({
            appId,
            state: 'down',
            since: downSince,
            until: null,
            source: 'bench',
            responseMs: null,
          })),
        )
        .execute();
    }
  });

  const health = sampleHealth(baseUrl, { everyMs: 20 });
  await health.started;
  await new Promise((resolve) => setTimeout(resolve, 500));
  const t0 = performance.now();
  const confirmed = await notifier.runOnce(); // confirm and queue (the batch is not due yet)
  const t1 = performance.now();
  ahead = 61_000;
  const flushed = await notifier.runOnce(); // one mail per person
  const t2 = performance.now();
  await new Promise((resolve) => setTimeout(resolve, 500));
  const { latencies, failures } = await health.stop();

  const queued = Number(
    (
      await db
        .selectFrom('notifySends')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirst()
    ).n,
  );
  const rows = await db.selectFrom('outbox').select('payload').execute();
  const perPerson = new Map();
  for (const row of rows) {
    for (const to of JSON.parse(row.payload).to) perPerson.set(to, (perPerson.get(to) ?? 0) + 1);
  }
  const counts = [...perPerson.values()];
  const left = await db.selectFrom('notifyQueue').select('id').execute();

  console.log(
    `\nNotifier burst: ${PEOPLE} followers (${FOLLOWS} apps each, half also their favourites), ${APPS} apps down at once, SQLite file, server in this process, Node ${process.version}:`,
  );
  console.log(
    `  confirm + queue:     ${(t1 - t0).toFixed(0)} ms   ${confirmed.changes.length} changes, ${seeded.queueRows} queue rows expected`,
  );
  console.log(
    `  build + enqueue:     ${(t2 - t1).toFixed(0)} ms   ${flushed.mails} mails (${queued} sends recorded), ${left.length} queue rows left`,
  );
  console.log(`  total:               ${(t2 - t0).toFixed(0)} ms`);
  console.log(
    `  mails per person:    min ${Math.min(...counts)}, max ${Math.max(...counts)} over ${perPerson.size} people`,
  );
  console.log(
    `  GET /api/health during the burst: ${latencies.length} requests, p50 ${percentile(latencies, 0.5).toFixed(1)} ms, p99 ${percentile(latencies, 0.99).toFixed(1)} ms, max ${latencies.at(-1)?.toFixed(1)} ms, ${failures} failed`,
  );
  const ok =
    perPerson.size === PEOPLE &&
    Math.max(...counts) === 1 &&
    failures === 0 &&
    percentile(latencies, 0.99) < TARGET_P99_MS;
  console.log(
    `targets: one mail per person, health p99 < ${TARGET_P99_MS} ms, no failures: ${ok ? 'met' : 'NOT met'}`,
  );
  process.exitCode = ok ? 0 : 1;
} finally {
  await app?.close();
  await db.destroy();
  rmSync(dir, { recursive: true, force: true });
}

/** 200 public apps up for a day, 10,000 people following 10 each; half with all favourites. */
async function seed() {
  const at = new Date().toISOString();
  const appIds = Array.from({ length: APPS }, (_, i) => `app-${i}`);
  await createAppsRepository(db).upsertApps(
    appIds.map((id, i) => ({
      row: {
        id,
        name: `Application ${i}`,
        description: `Benchmark application ${i}.`,
        image: '',
        env: 'prod',
        category: 'apps',
        link: `https://${id}.bench.example.edu/`,
        isPublic: 1,
        collectionId: 'apps',
        access: null,
      },
      groups: [],
    })),
    at,
  );
  const since = Date.now() - 86_400_000;
  await db
    .insertInto('statusChanges')
    .values(
      appIds.map((appId) => ({
        appId,
        state: 'up',
        since,
        until: null,
        source: 'bench',
        responseMs: null,
      })),
    )
    .execute();
  let queueRows = 0;
  await db.transaction().execute(async (trx) => {
    const users = [];
    const subs = [];
    const follows = [];
    const favorites = [];
    for (let p = 0; p < PEOPLE; p += 1) {
      const subject = `person-${p}`;
      const allFavorites = p % 2 === 0;
      users.push({
        id: `id-${p}`,
        subject,
        name: subject,
        username: subject,
        email: `${subject}@bench.example.edu`,
        givenName: subject,
        groups: '[]',
        roles: '[]',
        created: at,
        updated: at,
      });
      subs.push({
        userSubject: subject,
        allFavorites: allFavorites ? 1 : 0,
        events: '["down","up"]',
        emailChannel: 1,
        digestMinutes: 0,
        quietFrom: '',
        quietTo: '',
        timeZone: 'Europe/Berlin',
        language: ['en', 'de', 'fr', 'es', 'ar'][p % 5],
        calendarSecretDigest: null,
        created: at,
        updated: at,
      });
      const mine = new Set();
      for (let k = 0; k < FOLLOWS; k += 1) {
        const appId = appIds[(p + k * 17) % APPS];
        mine.add(appId);
        follows.push({ userSubject: subject, appId, created: at });
      }
      if (allFavorites) {
        for (let k = 0; k < 5; k += 1) {
          const appId = appIds[(p * 7 + k * 31) % APPS];
          mine.add(appId);
          favorites.push({ userId: `id-${p}`, appId, created: at, position: k });
        }
      }
      queueRows += mine.size;
    }
    const insert = async (table, values) => {
      for (let i = 0; i < values.length; i += 500) {
        await trx
          .insertInto(table)
          .values(values.slice(i, i + 500))
          .execute();
      }
    };
    await insert('kcUsers', users);
    await insert('subscriptions', subs);
    await insert('subscriptionApps', follows);
    await insert('favorites', favorites);
  });
  return { appIds, queueRows };
}
