#!/usr/bin/env node
// `npm run bench:status`: load-tests GET /api/monitor-status on the built server, on loopback,
// with a 100-app catalog and a fake Uptime Kuma (also on loopback) whose /metrics requests are
// counted. Bounded: 50 connections, a 2-second warm-up and a 10-second run for full answers, the
// same for ETag revalidations (304), and for GET /api/health as a baseline of what the machine
// gives at that moment. Prints req/s, p99 and the upstream requests made meanwhile.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { listen, load, startBuiltPortal } from './lib/bench.mjs';
import { ensureBuild, ensureDependencies } from './lib/ensure.mjs';

const APPS = 100;
const CONNECTIONS = 50;
const DURATION_S = 10;
const INTERVAL_S = 5;
const API_KEY = 'uk1_bench-key';
const TARGETS = { rps: 5000, p99Ms: 25 };

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
process.exitCode = ok ? 0 : 1;
