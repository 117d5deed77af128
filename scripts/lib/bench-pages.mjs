// The pages part of `npm run bench:api`: the home page and the catalog answer as a
// browser asks for them (`Accept-Encoding: gzip, deflate, br`), on the built server, 50
// connections, beside a small static file of the same server in the same run, with the health
// endpoint's latency sampled meanwhile and the server's memory read after the load.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { load, percentile, sampleHealth, startBuiltPortal } from './bench.mjs';

export const PAGE_TARGETS = {
  /** Anonymous home page at 500 apps, compressed as browsers ask. */
  anonymousPageRps: 2000,
  p99Ms: 50,
  /** The anonymous page at least this share of the static file's rate, same run. */
  shareOfStatic: 0.5,
  /** The signed-in page within this factor of the anonymous page's rate. */
  signedInFactor: 2,
  healthMs: 50,
  rssMb: 150,
};

/** What browsers send (Chromium, Firefox). */
export const BROWSER_ENCODINGS = 'gzip, deflate, br';

/** `count` public apps over a few categories (no logos: the page's size is the cards'). */
function writeCatalog(dir, count) {
  const categories = ['apps', 'Data', 'Pipelines', 'Resources'];
  const apps = Array.from({ length: count }, (_, i) => ({
    id: `page-app-${i}`,
    name: `Application ${String(i + 1).padStart(3, '0')}`,
    description: `Research application number ${i + 1}, with a description of realistic length.`,
    link: `https://app-${i}.bench.example.edu/`,
    doc: `https://docs.bench.example.edu/app-${i}/`,
    env: ['prod', 'stage', 'dev'][i % 3],
    category: categories[i % categories.length],
    isPublic: true,
  }));
  const file = join(dir, `catalog-${count}.json`);
  writeFileSync(file, JSON.stringify({ apps }));
  return file;
}

/**
 * After the load the server is left idle for SETTLE_MS, its RSS read every second; the last
 * reading is its memory at rest. V8's memory reducer gives the heap back some seconds into the
 * idle time, at a moment that varies from run to run (10-20 s here): the 20 s this used to wait
 * read either side of it, and RSS holds flat until then, so waiting for a steady reading does
 * not tell either.
 */
const SETTLE_MS = 60_000;

/** Resident and peak memory of a process, in MB (Linux /proc). */
function memoryOf(pid) {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = (field) => Number(new RegExp(`^${field}:\\s+(\\d+)`, 'm').exec(status)?.[1] ?? NaN);
    return { rssMb: kb('VmRSS') / 1024, peakMb: kb('VmHWM') / 1024 };
  } catch {
    return { rssMb: NaN, peakMb: NaN };
  }
}

/**
 * CPU time the process has used so far, in ms (user + system, /proc/<pid>/stat; Linux's clock
 * ticks are 10 ms). Read around a load, it tells the server's own cost per request, which the
 * rate does not when the load generator, on the same two cores, is the limit.
 */
function cpuMsOf(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return NaN;
  }
}

/** Reads the process's RSS every second for SETTLE_MS: the last reading, and one in five. */
async function rssAtRest(pid) {
  const readings = [];
  for (let second = 0; second <= SETTLE_MS / 1000; second += 1) {
    if (second > 0) await new Promise((resolve) => setTimeout(resolve, 1000));
    readings.push(memoryOf(pid).rssMb);
  }
  return {
    mb: readings.at(-1),
    trail: readings.filter((_, i) => i % 5 === 0).map((mb) => Math.round(mb)),
  };
}

/**
 * Measures one URL: a check request (its status, encoding and size are reported), then the
 * bounded load with health sampled meanwhile.
 */
async function measure(
  { url: baseUrl, pid },
  name,
  path,
  { checkHeaders = {}, requests, connections, duration },
) {
  const url = `${baseUrl}${path}`;
  const check = await fetch(url, {
    headers: { ...checkHeaders, 'accept-encoding': BROWSER_ENCODINGS },
  });
  const size = (await check.arrayBuffer()).byteLength;
  if (!check.ok) throw new Error(`${name}: GET ${path} answered ${check.status}`);
  const health = sampleHealth(baseUrl);
  await health.started;
  let outcome;
  let sampled;
  const cpuBefore = cpuMsOf(pid);
  const startedAt = performance.now();
  let cpuMs;
  let wallMs;
  try {
    outcome = await load({
      url,
      headers: { 'accept-encoding': BROWSER_ENCODINGS },
      requests,
      connections,
      duration,
      maxRequests: 200_000,
    });
    cpuMs = cpuMsOf(pid) - cpuBefore;
    wallMs = performance.now() - startedAt;
  } finally {
    sampled = await health.stop();
  }
  const { result } = outcome;
  return {
    name,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx,
    total: result.requests.total,
    encoding: check.headers.get('content-encoding') ?? 'identity',
    // fetch decodes: the decoded size, and what the server said it sent.
    decodedBytes: size,
    sentBytes: Number(check.headers.get('content-length') ?? NaN),
    health: sampled.latencies,
    healthFailures: sampled.failures,
    // The server's CPU per answer (µs) and its share of one core over the load.
    cpuUs: (cpuMs * 1000) / result.requests.total,
    busy: cpuMs / wallMs,
  };
}

/**
 * The pages scenario: a 13-app portal (anonymous page), then a 500-app portal (static file,
 * anonymous page, GET /api/apps?perPage=500; each of `users` bearer users' first view, timed one
 * at a time; then their signed-in pages under load, the users taking turns), then that server's
 * memory. `tokenFor(sub)` makes a bearer token for a user.
 */
export async function benchPages({
  dir,
  issuer,
  tokenFor,
  connections,
  duration,
  users = 50,
  root,
  key = 'now',
}) {
  const portalEnv = (count) => ({
    DATA_DIR: join(dir, `pages-${key}-${count}`),
    CATALOG_FILE: writeCatalog(dir, count),
    DEMO_CATALOG: 'false',
    OIDC_ISSUER: issuer,
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
  });
  const options = { connections, duration };
  const rows = [];

  const small = await startBuiltPortal(portalEnv(13), { root });
  try {
    rows.push(await measure(small, 'anonymous page, 13 apps', '/', options));
  } finally {
    small.stop();
  }
  await new Promise((resolve) => setTimeout(resolve, 500));

  const large = await startBuiltPortal(portalEnv(500), { root });
  let memory;
  let signedInFirst;
  try {
    const staticRow = await measure(large, 'static file (favicon.svg)', '/favicon.svg', options);
    staticRow.rssMb = memoryOf(large.pid).rssMb;
    const anonymous = await measure(large, 'anonymous page, 500 apps', '/', options);
    anonymous.rssMb = memoryOf(large.pid).rssMb;
    const apps = await measure(
      large,
      'GET /api/apps?perPage=500',
      '/api/apps?perPage=500',
      options,
    );
    apps.rssMb = memoryOf(large.pid).rssMb;
    const tokens = await Promise.all(
      Array.from({ length: users }, (_, i) => tokenFor(`bench-page-user-${i}`)),
    );
    // Each user's first view renders their page (nothing of it is shared): timed one at a
    // time, with health sampled meanwhile. Then the load: the same users reloading.
    const firstHealth = sampleHealth(large.url);
    await firstHealth.started;
    const firstViews = [];
    for (const token of tokens) {
      const started = performance.now();
      const response = await fetch(`${large.url}/`, {
        headers: { authorization: `Bearer ${token}`, 'accept-encoding': BROWSER_ENCODINGS },
      });
      await response.arrayBuffer();
      if (!response.ok) throw new Error(`signed-in first view answered ${response.status}`);
      firstViews.push(performance.now() - started);
    }
    const firstSampled = await firstHealth.stop();
    const rssAfterFirstViews = memoryOf(large.pid).rssMb;
    let turn = 0;
    const signedIn = await measure(large, `signed-in page, 500 apps, ${users} users`, '/', {
      ...options,
      checkHeaders: { authorization: `Bearer ${tokens[0]}` },
      requests: [
        {
          setupRequest: (request) => {
            const token = tokens[turn % tokens.length];
            turn += 1;
            return {
              ...request,
              headers: { ...request.headers, authorization: `Bearer ${token}` },
            };
          },
        },
      ],
    });
    firstViews.sort((a, b) => a - b);
    signedInFirst = {
      users,
      p50: percentile(firstViews, 0.5),
      max: firstViews.at(-1),
      health: firstSampled.latencies,
      healthFailures: firstSampled.failures,
      rssMb: rssAfterFirstViews,
    };
    memory = memoryOf(large.pid);
    signedIn.rssMb = memory.rssMb;
    // Right after the load V8 still holds the garbage it made; its memory reducer gives the old
    // generation back once the process has been idle for a while. Both are reported.
    const rest = await rssAtRest(large.pid);
    memory.settledMb = rest.mb;
    memory.trail = rest.trail;
    rows.push(staticRow, anonymous, apps, signedIn);
  } finally {
    large.stop();
  }
  return { rows, memory, signedInFirst };
}

/** How the RSS at rest was read: "60 s after the load; every 5 s: 246, 149, … MB". */
const atRest = (memory) =>
  `${SETTLE_MS / 1000} s after the load; every 5 s: ${memory.trail.join(', ')} MB`;

/** Prints the table and the targets; returns whether all were met. */
export function printPages({ rows, memory, signedInFirst }, { connections, duration, title = '' }) {
  console.log(
    `\n${title}Pages as browsers ask for them (Accept-Encoding: ${BROWSER_ENCODINGS}), ${connections} connections, ${duration} s each (at most 200,000 requests), log level ${process.env.LOG_LEVEL ?? 'warn'}, Node ${process.version}:`,
  );
  for (const r of rows) {
    const sent = Number.isFinite(r.sentBytes) ? `${r.sentBytes} B sent` : 'chunked';
    const rss = r.rssMb === undefined ? '' : `; RSS after ${r.rssMb.toFixed(0)} MB`;
    console.log(
      `  ${r.name.padEnd(36)} ${Math.round(r.rps).toString().padStart(6)} req/s   p50 ${r.p50} ms   p99 ${r.p99} ms   server CPU ${Math.round(r.cpuUs)} µs/request, ${Math.round(r.busy * 100)}% of a core   (${r.total} requests, ${r.errors} errors; ${r.encoding}, ${sent}, ${r.decodedBytes} B decoded${rss})`,
    );
  }
  const first = signedInFirst;
  console.log(
    `  signed-in first views (each user's page rendered; one at a time, before the load): p50 ${first.p50.toFixed(0)} ms, max ${first.max.toFixed(0)} ms; health meanwhile p99 ${percentile(first.health, 0.99).toFixed(1)} ms, max ${(first.health.at(-1) ?? NaN).toFixed(1)} ms; RSS after ${first.rssMb.toFixed(0)} MB`,
  );
  const health = rows.flatMap((r) => r.health).sort((a, b) => a - b);
  const healthFailures = rows.reduce((sum, r) => sum + r.healthFailures, 0);
  const healthP99 = percentile(health, 0.99);
  const healthMax = health.at(-1) ?? NaN;
  console.log(
    `  GET /api/health meanwhile (every 50 ms, ${health.length} samples): p50 ${percentile(health, 0.5).toFixed(1)} ms, p99 ${healthP99.toFixed(1)} ms, max ${healthMax.toFixed(1)} ms, ${healthFailures} failures`,
  );
  console.log(
    `  memory of the 500-app server after its load: RSS ${memory.rssMb.toFixed(1)} MB, peak ${memory.peakMb.toFixed(1)} MB; at rest: RSS ${memory.settledMb.toFixed(1)} MB (${atRest(memory)})`,
  );
  const byName = (prefix) => rows.find((r) => r.name.startsWith(prefix));
  const anonymous = byName('anonymous page, 500');
  const statics = byName('static file');
  const signedIn = byName('signed-in page');
  const t = PAGE_TARGETS;
  const checks = [
    [
      `anonymous page at 500 apps >= ${t.anonymousPageRps} pages/s`,
      anonymous.rps >= t.anonymousPageRps,
      `${Math.round(anonymous.rps)}/s`,
    ],
    [`its p99 < ${t.p99Ms} ms`, anonymous.p99 < t.p99Ms, `${anonymous.p99} ms`],
    [
      `its rate >= ${t.shareOfStatic} of the static file's`,
      anonymous.rps >= t.shareOfStatic * statics.rps,
      `${(anonymous.rps / statics.rps).toFixed(2)}`,
    ],
    [
      `signed-in page within ${t.signedInFactor}x of the anonymous rate`,
      signedIn.rps * t.signedInFactor >= anonymous.rps,
      `${(anonymous.rps / signedIn.rps).toFixed(2)}x`,
    ],
    [
      `health p99 < ${t.healthMs} ms meanwhile`,
      healthP99 < t.healthMs,
      `${healthP99.toFixed(1)} ms`,
    ],
    [
      `RSS after the load, idle ${SETTLE_MS / 1000} s, < ${t.rssMb} MB`,
      memory.settledMb < t.rssMb,
      `${memory.settledMb.toFixed(1)} MB, ${SETTLE_MS / 1000} s after it (${memory.rssMb.toFixed(1)} MB right after it)`,
    ],
    [
      `health p99 < ${t.healthMs} ms during the signed-in first views`,
      percentile(first.health, 0.99) < t.healthMs,
      `${percentile(first.health, 0.99).toFixed(1)} ms`,
    ],
    [
      'no errors',
      rows.every((r) => r.errors === 0) && healthFailures + first.healthFailures === 0,
      '',
    ],
  ];
  console.log('targets (docs/operations.md):');
  for (const [what, met, figure] of checks) {
    console.log(`  ${met ? 'met    ' : 'NOT met'}  ${what}${figure ? `: ${figure}` : ''}`);
  }
  return checks.every(([, met]) => met);
}

/** Before and after side by side (BENCH_BASELINE): the figures the targets are about. */
export function comparePages(before, after) {
  const health = (pages) =>
    percentile(
      pages.rows.flatMap((r) => r.health).sort((a, b) => a - b),
      0.99,
    );
  const row = (pages, prefix) => pages.rows.find((r) => r.name.startsWith(prefix));
  const figures = (pages) => {
    const anonymous = row(pages, 'anonymous page, 500');
    const statics = row(pages, 'static file');
    const signedIn = row(pages, 'signed-in page');
    return [
      `${Math.round(row(pages, 'anonymous page, 13').rps)}/s`,
      `${Math.round(anonymous.rps)}/s, p99 ${anonymous.p99} ms`,
      `${Math.round(anonymous.cpuUs)} µs (${Math.round(anonymous.busy * 100)}% of a core)`,
      `${Math.round(statics.rps)}/s`,
      (anonymous.rps / statics.rps).toFixed(2),
      `${Math.round(row(pages, 'GET /api/apps').rps)}/s`,
      `${Math.round(signedIn.rps)}/s (${(anonymous.rps / signedIn.rps).toFixed(2)}x)`,
      `${Math.round(signedIn.cpuUs)} µs`,
      `${pages.signedInFirst.p50.toFixed(0)} ms`,
      `${health(pages).toFixed(1)} ms`,
      `${percentile(pages.signedInFirst.health, 0.99).toFixed(1)} ms`,
      `${pages.memory.rssMb.toFixed(0)} MB`,
      `${pages.memory.settledMb.toFixed(0)} MB`,
    ];
  };
  const names = [
    'anonymous page, 13 apps',
    'anonymous page, 500 apps',
    '  server CPU per page',
    'static file, same server',
    'share of the static rate',
    'GET /api/apps?perPage=500',
    'signed-in page, 500 apps',
    '  server CPU per page',
    'signed-in first view, p50',
    'health p99 under load',
    'health p99, first views',
    'RSS after the load',
    `RSS ${SETTLE_MS / 1000} s later, idle`,
  ];
  const [b, a] = [figures(before), figures(after)];
  const width = Math.max(...names.map((n) => n.length));
  const colB = Math.max(6, ...b.map((v) => v.length));
  console.log('\nPages, before and after (same machine, one run):');
  console.log(`  ${''.padEnd(width)}  ${'before'.padEnd(colB)}  after`);
  names.forEach((name, i) => console.log(`  ${name.padEnd(width)}  ${b[i].padEnd(colB)}  ${a[i]}`));
}
