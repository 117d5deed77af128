#!/usr/bin/env node
// `npm run bench:status`: load-tests GET /api/monitor-status on the built server, on loopback,
// with a 100-app catalog and a fake Uptime Kuma (also on loopback) whose /metrics requests are
// counted. Bounded: 50 connections, a 2-second warm-up and a 10-second run for full answers, the
// same for ETag revalidations (304), and for GET /api/health as a baseline of what the machine
// gives at that moment. Prints req/s, p99 and the upstream requests made meanwhile.
// Then the status history: 1,000 apps with 30 days of state changes seeded into the database,
// GET /api/apps/{id}/uptime (24h and 30d, rotating over the apps) and GET /api/status-history;
// prints req/s, p99 and the database's size.
import { existsSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import autocannon from 'autocannon';
import { listen, load, startBuiltPortal } from './lib/bench.mjs';
import { ensureBuild, ensureDependencies, ROOT } from './lib/ensure.mjs';

const APPS = 100;
const CONNECTIONS = 50;
const DURATION_S = 10;
const INTERVAL_S = 5;
const API_KEY = 'uk1_bench-key';
const TARGETS = { rps: 5000, p99Ms: 25 };
const HISTORY = { apps: 1000, days: 30 };

ensureDependencies();
ensureBuild();

// The catalog: 100 public apps (an anonymous caller sees every status: the largest answer).
const dir = mkdtempSync(join(tmpdir(), 'bench-status-'));
const apps = Array.from({ length: APPS }, (_, i) => ({
  id: `app-${i}`,
  name: `Application ${i}`,
  description: `Benchmark application number ${i}.`,
  category: ['apps', 'Data', 'Pipelines', 'Resources', 'Imaging'][i % 5],
  env: 'prod',
  link: `https://app-${i}.bench.example.edu/`,
  isPublic: true,
}));
writeFileSync(join(dir, 'catalog.json'), JSON.stringify({ apps }));

// A fake Kuma 2.x: one monitor per app (half matched exactly, half by the normalised URL), a few
// internal monitors that match no app, all four states. Every /metrics request is counted.
const labels = (i, url) =>
  `Team="bench",monitor_id="${i}",monitor_name="Monitor \\"${i}\\"",monitor_type="http",monitor_url="${url}",monitor_hostname="null",monitor_port="null"`;
const monitors = [
  ...apps.map((app, i) => [i, i % 2 === 0 ? app.link : `HTTPS://www.app-${i}.bench.example.edu`]),
  ...Array.from({ length: 5 }, (_, j) => [APPS + j, `https://internal-${j}.bench.example.edu/`]),
];
const metrics = [
  '# HELP monitor_response_time Monitor Response Time (ms)',
  '# TYPE monitor_response_time gauge',
  ...monitors.map(([i, url]) => `monitor_response_time{${labels(i, url)}} ${100 + i}`),
  '# HELP monitor_status Monitor Status (1 = UP, 0= DOWN, 2= PENDING, 3= MAINTENANCE)',
  '# TYPE monitor_status gauge',
  ...monitors.map(([i, url]) => `monitor_status{${labels(i, url)}} ${i % 4}`),
  '',
].join('\n');
const expectedAuth = `Basic ${Buffer.from(`:${API_KEY}`).toString('base64')}`;
const upstream = [];
const kuma = createServer((req, res) => {
  upstream.push(Date.now());
  if (req.url !== '/metrics' || req.headers.authorization !== expectedAuth) {
    res.writeHead(req.url === '/metrics' ? 401 : 404).end();
    return;
  }
  res.writeHead(200, { 'content-type': 'text/plain; version=0.0.4; charset=utf-8' }).end(metrics);
});
const kumaUrl = `http://127.0.0.1:${await listen(kuma)}`;

let portal;
const stop = () => {
  portal?.stop();
  kuma.closeAllConnections();
  kuma.close();
  rmSync(dir, { recursive: true, force: true });
};

let results;
try {
  portal = await startBuiltPortal({
    DATA_DIR: join(dir, 'data'),
    CATALOG_FILE: join(dir, 'catalog.json'),
    DEMO_CATALOG: 'false',
    UPTIME_KUMA_URL: kumaUrl,
    UPTIME_KUMA_API_KEY: API_KEY,
    MONITOR_PROXY_URL: '',
    MONITOR_INTERVAL: String(INTERVAL_S),
  });
  const url = `${portal.url}/api/monitor-status`;

  // Wait (at most 10 s) for the monitor's first cycle to fill the cache.
  let first;
  for (let tries = 0; tries < 100; tries += 1) {
    first = await fetch(url);
    if (first.ok && (await first.clone().json()).length === APPS) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const items = await first.json();
  if (items.length !== APPS) throw new Error(`expected ${APPS} statuses, got ${items.length}`);
  const etag = first.headers.get('etag');

  const measure = async (name, headers, target = url) => {
    let before = 0;
    const { result, seconds } = await load({
      url: target,
      headers,
      connections: CONNECTIONS,
      duration: DURATION_S,
      onMeasure: () => (before = upstream.length),
    });
    const expectedStatus = headers['if-none-match'] ? 304 : 200;
    return {
      name,
      rps: result.requests.average,
      p50: result.latency.p50,
      p99: result.latency.p99,
      total: result.requests.total,
      // Anything but the expected status counts as an error (non2xx includes the 304s).
      errors:
        result.errors +
        result.timeouts +
        (expectedStatus === 200 ? result.non2xx : result['2xx'] + result['4xx'] + result['5xx']),
      upstream: upstream.length - before,
      seconds,
    };
  };
  results = [
    await measure(`200, ${items.length} statuses`, {}),
    await measure('304, If-None-Match', { 'if-none-match': etag }),
    // What this machine gives the same server for its cheapest route, to read the figures above.
    await measure('baseline /api/health', {}, url.replace('/api/monitor-status', '/api/health')),
  ];
} finally {
  stop();
}

console.log(
  `\nGET /api/monitor-status, ${APPS}-app catalog, fake Uptime Kuma, MONITOR_INTERVAL=${INTERVAL_S}, ${CONNECTIONS} connections, ${DURATION_S} s each, log level ${process.env.LOG_LEVEL ?? 'info'}, Node ${process.version}:`,
);
for (const r of results) {
  console.log(
    `  ${r.name.padEnd(22)} ${Math.round(r.rps).toString().padStart(6)} req/s   p50 ${r.p50} ms   p99 ${r.p99} ms   (${r.total} requests, ${r.errors} errors)   upstream: ${r.upstream} Kuma request(s) in ${r.seconds.toFixed(1)} s`,
  );
}
const maxUpstream = (r) => Math.ceil(r.seconds / INTERVAL_S) + 1;
const ok = results
  .slice(0, 2)
  .every(
    (r) =>
      r.rps >= TARGETS.rps &&
      r.p99 < TARGETS.p99Ms &&
      r.errors === 0 &&
      r.upstream <= maxUpstream(r),
  );
console.log(
  `targets: >= ${TARGETS.rps} req/s, p99 < ${TARGETS.p99Ms} ms, no errors, one Kuma request per ${INTERVAL_S} s interval whatever the load: ${ok ? 'met' : 'NOT met'}`,
);

const history = await benchHistory();
console.log(
  `\nStatus history: ${HISTORY.apps} apps, ${HISTORY.days} days, ${history.rows} state changes seeded; database ${mb(history.sizeSeeded)} after seeding, ${mb(history.sizeAfter)} after the runs (file + WAL); ${CONNECTIONS} connections, ${DURATION_S} s each:`,
);
for (const r of history.results) {
  console.log(
    `  ${r.name.padEnd(34)} ${Math.round(r.rps).toString().padStart(6)} req/s   p50 ${r.p50} ms   p99 ${r.p99} ms   (${r.total} requests, ${r.errors} errors)`,
  );
}
const historyOk = history.results.every((r) => r.errors === 0);
console.log(`status history runs without errors: ${historyOk ? 'yes' : 'NO'}`);
process.exitCode = ok && historyOk ? 0 : 1;

function mb(bytes) {
  return `${(bytes / 1e6).toFixed(2)} MB`;
}

/** A deterministic pseudo-random sequence (mulberry32), so every run seeds the same history. */
function random(seed) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * 30 days per app: up for 6 to 18 hours, then a short spell (5 to 45 min) down, pending or in
 * maintenance, then up again: about 4 changes a day, ending up (as the fake Kuma reports).
 */
function seedRows(appIds, now) {
  const next = random(42);
  const start = now - HISTORY.days * 86_400_000;
  const rows = [];
  for (const appId of appIds) {
    let at = start - Math.floor(next() * 3_600_000);
    for (;;) {
      const upFor = (6 + next() * 12) * 3_600_000;
      if (at + upFor >= now) {
        rows.push({
          appId,
          state: 'up',
          since: at,
          until: null,
          source: 'uptime-kuma',
          responseMs: null,
        });
        break;
      }
      rows.push({
        appId,
        state: 'up',
        since: at,
        until: at + upFor,
        source: 'uptime-kuma',
        responseMs: null,
      });
      at += upFor;
      const roll = next();
      const state = roll < 0.7 ? 'down' : roll < 0.9 ? 'pending' : 'maintenance';
      const spell = Math.round((5 + next() * 40) * 60_000);
      rows.push({
        appId,
        state,
        since: at,
        until: at + spell,
        source: 'uptime-kuma',
        responseMs: null,
      });
      at += spell;
    }
  }
  return rows;
}

async function benchHistory() {
  const { openDatabase } = await import(
    pathToFileURL(join(ROOT, 'dist', 'server', 'db', 'database.js')).href
  );
  const { migrateToLatest } = await import(
    pathToFileURL(join(ROOT, 'dist', 'server', 'db', 'migrate.js')).href
  );
  const hdir = mkdtempSync(join(tmpdir(), 'bench-history-'));
  const dbFile = join(hdir, 'data', 'portal.db');
  const size = () =>
    [dbFile, `${dbFile}-wal`].reduce((sum, f) => sum + (existsSync(f) ? statSync(f).size : 0), 0);
  const ids = Array.from({ length: HISTORY.apps }, (_, i) => `h-${i}`);
  const links = ids.map((id) => `https://${id}.bench.example.edu/`);
  writeFileSync(
    join(hdir, 'catalog.json'),
    JSON.stringify({
      apps: ids.map((id, i) => ({
        id,
        name: `History app ${i}`,
        description: `Benchmark application ${i} with a history.`,
        category: 'apps',
        env: 'prod',
        link: links[i],
        isPublic: true,
      })),
    }),
  );
  const db = openDatabase(dbFile);
  await migrateToLatest(db);
  const rows = seedRows(ids, Date.now());
  await db.transaction().execute(async (trx) => {
    for (let i = 0; i < rows.length; i += 500) {
      await trx
        .insertInto('statusChanges')
        .values(rows.slice(i, i + 500))
        .execute();
    }
  });
  await db.destroy();
  const sizeSeeded = size();

  // Kuma reports every app up, as the seeded history ends: the monitor has nothing to write.
  const upMetrics = [
    '# TYPE monitor_status gauge',
    ...links.map(
      (url, i) => `monitor_status{monitor_id="${i}",monitor_name="h${i}",monitor_url="${url}"} 1`,
    ),
    '',
  ].join('\n');
  const upKuma = createServer((req, res) =>
    res.writeHead(200, { 'content-type': 'text/plain; version=0.0.4' }).end(upMetrics),
  );
  const upKumaUrl = `http://127.0.0.1:${await listen(upKuma)}`;
  let server;
  const results = [];
  try {
    server = await startBuiltPortal({
      DATA_DIR: join(hdir, 'data'),
      CATALOG_FILE: join(hdir, 'catalog.json'),
      DEMO_CATALOG: 'false',
      UPTIME_KUMA_URL: upKumaUrl,
      MONITOR_INTERVAL: String(INTERVAL_S),
    });
    const run = async (name, pathOf) => {
      let n = 0;
      const options = {
        url: server.url,
        connections: CONNECTIONS,
        requests: [{ setupRequest: (req) => ({ ...req, path: pathOf(n++) }) }],
      };
      await autocannon({ ...options, duration: 2 });
      const result = await autocannon({ ...options, duration: DURATION_S });
      results.push({
        name,
        rps: result.requests.average,
        p50: result.latency.p50,
        p99: result.latency.p99,
        total: result.requests.total,
        errors: result.errors + result.timeouts + result.non2xx,
      });
    };
    const check = await (await fetch(`${server.url}/api/apps/h-0/uptime?range=30d`)).json();
    if (check.buckets?.length !== 30 || check.uptime === null) {
      throw new Error(`unexpected uptime answer: ${JSON.stringify(check).slice(0, 200)}`);
    }
    await run(
      'uptime 24h, 1,000 apps in turn',
      (i) => `/api/apps/${ids[i % ids.length]}/uptime?range=24h`,
    );
    await run(
      'uptime 30d, 1,000 apps in turn',
      (i) => `/api/apps/${ids[i % ids.length]}/uptime?range=30d`,
    );
    await run('status-history (1,000 strips)', () => '/api/status-history');
  } finally {
    server?.stop();
    upKuma.closeAllConnections();
    upKuma.close();
  }
  await new Promise((resolve) => setTimeout(resolve, 500));
  const sizeAfter = size();
  rmSync(hdir, { recursive: true, force: true });
  return { rows: rows.length, sizeSeeded, sizeAfter, results };
}
