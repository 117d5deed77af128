#!/usr/bin/env node
// `npm run bench:api`: first the pages (scripts/lib/bench-pages.mjs): the home page at 13 and 500
// apps, GET /api/apps?perPage=500 and a signed-in page, asked as browsers ask
// (`Accept-Encoding: gzip, deflate, br`), beside a small static file of the same server, with
// health latency sampled meanwhile (from a process of its own, not the load generator's) and the
// server's memory after the load, at rest (the targets in docs/operations.md).
// Then the API: load-tests GET /api/apps on the built server, on loopback, with a 100-app
// catalog: anonymous, and with a bearer token carrying 3 groups (verified against a local issuer's
// JWKS, as in production). Then the admin scenario: 400 apps created and 1,000 edits made through
// the admin API (PATCH with If-Match), and GET /api/apps measured again on the 500-app catalog.
// Bounded: 10-second runs of 50 connections (at most 200,000 requests for the pages). Prints the
// figures. BENCH_API_PARTS=pages or =api runs one part only (default: pages,api).
//
// BENCH_DATABASES=sqlite,postgres runs it all on each database in turn (default: sqlite): for
// PostgreSQL a temporary database is created on BENCH_POSTGRES_URL (default
// postgres://postgres@127.0.0.1:5432/postgres, a user allowed to create databases) and dropped
// afterwards. BENCH_INSTANCES=2 also runs PostgreSQL with that many instances behind a
// round-robin proxy (scripts/lib/round-robin-proxy.mjs, in this process).
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { load, startBuiltPortal } from './lib/bench.mjs';
import { baselineName, baselineRoot } from './lib/baseline.mjs';
import { benchPages, comparePages, printPages } from './lib/bench-pages.mjs';
import { startBenchIssuer } from './lib/bench-issuer.mjs';
import { ensureBuild, ensureDependencies } from './lib/ensure.mjs';
import { startRoundRobinProxy } from './lib/round-robin-proxy.mjs';

const CONNECTIONS = 50;
const DURATION_S = 10;
const TARGETS = { anonymous: 5000, authenticated: 3000, p99Ms: 25 };

ensureDependencies();
ensureBuild();

// A local OpenID issuer: discovery document and JWKS, nothing else.
const idp = await startBenchIssuer();
const { issuer } = idp;

// 100 apps over 5 categories; a third public, the rest spread over 6 groups.
const dir = mkdtempSync(join(tmpdir(), 'bench-api-'));
const groups = ['genomics', 'imaging', 'staff', 'proteomics', 'clinical', 'teaching'];
const apps = Array.from({ length: 100 }, (_, i) => ({
  id: `app-${i}`,
  name: `Application ${i}`,
  description: `Benchmark application number ${i}, with a description of realistic length.`,
  category: ['apps', 'Data', 'Pipelines', 'Resources', 'Imaging'][i % 5],
  env: ['prod', 'stage', 'dev'][i % 3],
  link: `https://app-${i}.bench.example.edu/`,
  doc: `https://docs.bench.example.edu/app-${i}/`,
  isPublic: i % 3 === 0,
  associatedGroups: i % 3 === 0 ? [] : [groups[i % 6], groups[(i + 1) % 6]],
}));
writeFileSync(join(dir, 'catalog.json'), JSON.stringify({ apps }));

const DATABASES = (process.env.BENCH_DATABASES ?? 'sqlite')
  .split(',')
  .map((name) => name.trim())
  .filter(Boolean);
for (const name of DATABASES) {
  if (name !== 'sqlite' && name !== 'postgres') {
    throw new Error(`BENCH_DATABASES: unknown database "${name}" (sqlite, postgres)`);
  }
}
const PARTS = (process.env.BENCH_API_PARTS ?? 'pages,api')
  .split(',')
  .map((name) => name.trim())
  .filter(Boolean);
for (const name of PARTS) {
  if (name !== 'pages' && name !== 'api') {
    throw new Error(`BENCH_API_PARTS: unknown part "${name}" (pages, api)`);
  }
}
const INSTANCES = Number(process.env.BENCH_INSTANCES ?? '1');
// BENCH_BASELINE=<git ref>: the pages part measures that commit too, built apart, before this
// tree (scripts/lib/baseline.mjs), and prints both side by side.
const BASELINE = baselineName();
const POSTGRES_URL =
  process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** Runs `sql` on the PostgreSQL server's maintenance database. */
async function postgresAdmin(sql) {
  const client = new pg.Client({ connectionString: POSTGRES_URL, connectionTimeoutMillis: 5000 });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** A temporary PostgreSQL database with a random name: its URL and a drop function. */
async function temporaryPostgres() {
  const name = `portal_bench_${randomBytes(6).toString('hex')}`;
  await postgresAdmin(`create database "${name}"`);
  const url = new URL(POSTGRES_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () => postgresAdmin(`drop database if exists "${name}" with (force)`),
  };
}

/** The built portal (or `instances` of them behind the proxy) on the given database. */
async function startSetup(database, instances) {
  const stops = [];
  const stopAll = async () => {
    for (const stop of stops.reverse()) await stop();
  };
  try {
    let databaseUrl;
    if (database === 'postgres') {
      const temporary = await temporaryPostgres();
      stops.push(() => temporary.drop());
      databaseUrl = temporary.url;
    }
    const portals = [];
    for (let i = 0; i < instances; i += 1) {
      const portal = await startBuiltPortal({
        DATA_DIR: join(dir, `data-${database}-${instances}-${i}`),
        ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
        CATALOG_FILE: join(dir, 'catalog.json'),
        DEMO_CATALOG: 'false',
        OIDC_ISSUER: issuer,
        // One loopback client makes 1,400 admin writes in seconds: far over the per-client write
        // limit (RATE_LIMIT_WRITE, 120 a minute), which is there for people, not for this
        // measurement. The reads measured stay under the defaults (loopback is exempt from the
        // global ceiling only).
        RATE_LIMIT_WRITE: '1000000',
      });
      stops.push(async () => {
        portal.stop();
        await new Promise((resolve) => setTimeout(resolve, 500));
      });
      portals.push(portal);
    }
    if (instances === 1) return { url: portals[0].url, stop: stopAll };
    const proxy = await startRoundRobinProxy(
      portals.map((portal) => Number(new URL(portal.url).port)),
    );
    stops.push(async () => proxy.close());
    return { url: proxy.url, stop: stopAll };
  } catch (error) {
    await stopAll();
    throw error;
  }
}

const token = await idp.tokenFor('bench-user', { groups: ['/genomics', '/imaging', '/staff'] });
const adminToken = await idp.tokenFor('bench-admin', { roles: ['portal-admin'] });

/** Grows the catalog to 500 apps and makes 1,000 edits through the admin API; returns timings. */
async function adminEdits(portal) {
  const headers = { authorization: `Bearer ${adminToken}`, 'content-type': 'application/json' };
  const versions = new Map();
  const started = performance.now();
  for (let i = 100; i < 500; i += 1) {
    const response = await fetch(`${portal.url}/api/admin/apps`, {
      method: 'POST',
      headers,
      body: JSON.stringify({
        id: `app-${i}`,
        name: `Application ${i}`,
        description: `Benchmark application number ${i}, created through the admin API.`,
        category: ['apps', 'Data', 'Pipelines', 'Resources', 'Imaging'][i % 5],
        link: `https://app-${i}.bench.example.edu/`,
        isPublic: i % 3 === 0,
        associatedGroups: i % 3 === 0 ? [] : [groups[i % 6], groups[(i + 1) % 6]],
      }),
    });
    if (response.status !== 201) throw new Error(`POST answered ${response.status}`);
    versions.set(`app-${i}`, (await response.json()).version);
  }
  const created = performance.now();
  for (let i = 0; i < 100; i += 1) versions.set(`app-${i}`, 1);
  const latencies = [];
  for (let edit = 0; edit < 1000; edit += 1) {
    const id = `app-${(edit * 7) % 500}`;
    const t0 = performance.now();
    const response = await fetch(`${portal.url}/api/admin/apps/${id}`, {
      method: 'PATCH',
      headers: { ...headers, 'if-match': `"${versions.get(id)}"` },
      body: JSON.stringify({ description: `Edited ${edit} times over.`, isPublic: edit % 2 === 0 }),
    });
    latencies.push(performance.now() - t0);
    if (response.status !== 200) throw new Error(`PATCH ${id} answered ${response.status}`);
    versions.set(id, (await response.json()).version);
  }
  latencies.sort((a, b) => a - b);
  const audit = await fetch(`${portal.url}/api/admin/audit?limit=1`, { headers });
  return {
    createMs: created - started,
    editMs: performance.now() - created,
    p50: latencies[Math.floor(latencies.length * 0.5)],
    p99: latencies[Math.floor(latencies.length * 0.99)],
    lastAuditId: (await audit.json()).items[0]?.id,
  };
}

async function measure(url, name, headers) {
  const check = await fetch(url, { headers });
  if (!check.ok) throw new Error(`${name}: GET /api/apps answered ${check.status}`);
  const body = await check.json();
  const { result } = await load({ url, headers, connections: CONNECTIONS, duration: DURATION_S });
  return {
    name,
    visible: body.totalItems,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
    total: result.requests.total,
  };
}

/** The whole scenario on one setup: reads, admin edits, reads again. */
async function benchOn(database, instances) {
  const portal = await startSetup(database, instances);
  const url = `${portal.url}/api/apps`;
  const bearer = { authorization: `Bearer ${token}` };
  try {
    const results = [
      await measure(url, 'anonymous', {}),
      await measure(url, 'authenticated (bearer, 3 groups)', bearer),
    ];
    const edits = await adminEdits(portal);
    const adminResults = [
      await measure(url, 'anonymous, after admin edits', {}),
      await measure(url, 'authenticated, after admin edits', bearer),
    ];
    return { database, instances, results, edits, adminResults };
  } finally {
    await portal.stop();
  }
}

const runs = [];
let pages;
let pagesBefore;
try {
  if (PARTS.includes('pages')) {
    const options = {
      dir,
      issuer,
      tokenFor: (sub) => idp.tokenFor(sub, { groups: ['/genomics'] }),
      connections: CONNECTIONS,
      duration: DURATION_S,
    };
    // The baseline first, then this tree, on the same machine in one run.
    if (BASELINE) {
      pagesBefore = await benchPages({ ...options, root: baselineRoot(), key: 'before' });
    }
    pages = await benchPages(options);
  }
  if (PARTS.includes('api'))
    for (const database of DATABASES) runs.push(await benchOn(database, 1));
  if (PARTS.includes('api') && INSTANCES > 1 && DATABASES.includes('postgres')) {
    runs.push(await benchOn('postgres', INSTANCES));
  }
} finally {
  idp.close();
  rmSync(dir, { recursive: true, force: true });
}

const meets = ([anon, auth]) =>
  anon.rps >= TARGETS.anonymous &&
  auth.rps >= TARGETS.authenticated &&
  anon.p99 < TARGETS.p99Ms &&
  auth.p99 < TARGETS.p99Ms &&
  anon.errors === 0 &&
  auth.errors === 0;
let ok = true;
if (pagesBefore) {
  printPages(pagesBefore, {
    connections: CONNECTIONS,
    duration: DURATION_S,
    title: `Before (${BASELINE}). `,
  });
}
if (pages) {
  ok = printPages(pages, {
    connections: CONNECTIONS,
    duration: DURATION_S,
    title: BASELINE ? 'After (this working tree). ' : '',
  });
}
if (pagesBefore && pages) comparePages(pagesBefore, pages);
for (const run of runs) {
  const where =
    run.instances === 1
      ? run.database === 'sqlite'
        ? 'SQLite'
        : 'PostgreSQL'
      : `PostgreSQL, ${run.instances} instances behind a round-robin proxy (in the load generator's process)`;
  print(where, run);
  const met = meets(run.results) && meets(run.adminResults);
  // The targets are for one instance; the proxied run is for comparison only.
  if (run.instances === 1) ok &&= met;
  console.log(
    `targets: >= ${TARGETS.anonymous} req/s anonymous, >= ${TARGETS.authenticated} req/s authenticated, p99 < ${TARGETS.p99Ms} ms, no errors: ${met ? 'met' : 'NOT met'}${run.instances === 1 ? '' : ' (not required)'}`,
  );
}
process.exitCode = ok ? 0 : 1;

function print(where, { results, edits, adminResults }) {
  console.log(
    `\n${where}: GET /api/apps (default page of 30), 100-app catalog, ${CONNECTIONS} connections, ${DURATION_S} s each, log level ${process.env.LOG_LEVEL ?? 'info'}, Node ${process.version}:`,
  );
  for (const r of results) {
    console.log(
      `  ${r.name.padEnd(34)} ${Math.round(r.rps).toString().padStart(6)} req/s   p50 ${r.p50} ms   p99 ${r.p99} ms   (${r.total} requests, ${r.errors} errors, ${r.visible} apps visible)`,
    );
  }
  console.log(
    `\nAdmin scenario: 400 apps created in ${Math.round(edits.createMs)} ms, then 1,000 edits (PATCH with If-Match, one at a time) in ${Math.round(edits.editMs)} ms: p50 ${edits.p50.toFixed(1)} ms, p99 ${edits.p99.toFixed(1)} ms per edit (audit entries: ${edits.lastAuditId}).`,
  );
  console.log('GET /api/apps (default page of 30) on the 500-app catalog after those edits:');
  for (const r of adminResults) {
    console.log(
      `  ${r.name.padEnd(34)} ${Math.round(r.rps).toString().padStart(6)} req/s   p50 ${r.p50} ms   p99 ${r.p99} ms   (${r.total} requests, ${r.errors} errors, ${r.visible} apps visible)`,
    );
  }
}
