#!/usr/bin/env node
// `npm run bench:web`: how fast and how densely the home page shows, in each of its views, against
// a floor page measured in the same turns. Builds, starts the built portal with 13 and with 500
// generated public apps (four categories), and:
// - loads its home page in Debian's Chromium (playwright-core) with Lighthouse's mobile
//   conditions applied through the DevTools protocol (150 ms latency, 1.6 Mbps down, 750 kbps
//   up, CPU slowed 4x or by BENCH_WEB_CPU_SLOWDOWN; a 412x823 phone screen), a fresh browser
//   context (empty cache) per run. Each view (build x theme x density: BENCH_WEB_THEMES, default
//   light,dark, the `theme` cookie; BENCH_WEB_DENSITIES, default comfortable,compact, the
//   `density` cookie) and the harness's floor (a static page of one card without style or
//   script, from a loopback server of this script: what the browser itself takes to show a page
//   on this phone) take turns, BENCH_WEB_RUNS turns (default 7) per catalog after one unmeasured
//   turn. Medians: when the last card of the phone's first screen was painted (Element Timing of
//   the card's text), LCP, FCP, the time the HTML document finished arriving, each also as a
//   ratio to the floor's; CLS; blocking time of all long tasks (before and after the first
//   paint), the longest task; bytes and requests. A run ends once network and main thread have
//   both been quiet for BENCH_WEB_QUIET_MS (default 2000), at most BENCH_WEB_MAX_MS (default
//   30000) after the start.
// - counts each view's cards whose top is on the first screen of an unthrottled 1280x800 desktop
//   window, and the bytes of `/`: the whole response as the browser asks for it (its request's
//   headers replayed: status line, headers and compressed body) and the page as brotli.
// - runs Lighthouse (mobile, simulated throttling, default theme) per build and density, the
//   density sent as a cookie: performance, accessibility, best practices, simulated FCP, LCP,
//   TBT (BENCH_WEB_LIGHTHOUSE_RUNS runs at 13 apps, default 5; BENCH_WEB_LIGHTHOUSE_RUNS_500 at
//   500 apps, default 1; medians; 0 skips).
// Prints a table per catalog with the targets of docs/web.md ("Measuring"), pass or FAIL in each
// target's cell, the Lighthouse tables, then every target with its verdict, and the time taken.
// The defaults (2 themes x 2 densities, 7 turns, 5 + 1 Lighthouse runs per density) take about
// 20 minutes on two busy cores (18 in one run); `BENCH_WEB_THEMES=light BENCH_WEB_RUNS=2
// BENCH_WEB_LIGHTHOUSE_RUNS=1` about 7 (too few runs for the targets, enough to try a change).
// Figures depend on the machine and its load: read the ratios to the floor.
// BENCH_BASELINE=<git ref> (e.g. a commit before a change) also builds that commit apart
// (scripts/lib/baseline.mjs) and measures it in turns with this tree: before and after, one run.
import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  brotliCompressSync,
  brotliDecompressSync,
  constants as zlib,
  gunzipSync,
  inflateSync,
} from 'node:zlib';
import { baselineName, baselineRoot } from './lib/baseline.mjs';
import { listen, startBuiltPortal } from './lib/bench.mjs';
import { ensureBuild, ensureChromium, ensureDependencies, ROOT } from './lib/ensure.mjs';

const STARTED = Date.now();

ensureDependencies();
ensureBuild();
// Debian's Chromium, installed when missing (as for the browser tests).
const CHROME = process.env.CHROME_PATH ?? ensureChromium();

const { chromium } = await import('playwright-core');
const { default: lighthouse } = await import('lighthouse');
const chromeLauncher = await import('chrome-launcher');

/** A whole number from the environment, at least `min`; an error for anything else. */
function wholeNumber(name, fallback, min) {
  const raw = process.env[name];
  const value = raw === undefined || raw === '' ? fallback : Number(raw);
  if (!Number.isInteger(value) || value < min) {
    throw new Error(`${name}: "${raw}" is not a whole number of ${min} or more`);
  }
  return value;
}

/** A comma-separated list from the environment, each value one of `allowed`. */
function listOf(name, fallback, allowed) {
  const values = (process.env[name] ?? fallback)
    .split(',')
    .map((value) => value.trim())
    .filter(Boolean);
  for (const value of values) {
    if (!allowed.includes(value)) {
      throw new Error(`${name}: unknown value "${value}" (${allowed.join(', ')})`);
    }
  }
  if (values.length === 0) throw new Error(`${name}: no value`);
  return values;
}

const RUNS = wholeNumber('BENCH_WEB_RUNS', 7, 1);
const LIGHTHOUSE_RUNS = wholeNumber('BENCH_WEB_LIGHTHOUSE_RUNS', 5, 0);
const LIGHTHOUSE_RUNS_500 = wholeNumber(
  'BENCH_WEB_LIGHTHOUSE_RUNS_500',
  Math.min(1, LIGHTHOUSE_RUNS),
  0,
);
const QUIET_MS = wholeNumber('BENCH_WEB_QUIET_MS', 2000, 100);
const MAX_MS = Math.max(QUIET_MS, wholeNumber('BENCH_WEB_MAX_MS', 30_000, 1));
const THEMES = listOf('BENCH_WEB_THEMES', 'light,dark', ['light', 'dark', 'system']);
// The views of src/shared/density/density.ts, chosen with its cookie as the theme is.
const DENSITIES = listOf('BENCH_WEB_DENSITIES', 'comfortable,compact', ['comfortable', 'compact']);
// BENCH_BASELINE=<git ref>: that commit is built apart and measured too ("before"), in turns
// with this working tree ("after").
const BASELINE = baselineName();
const BUILDS = [
  ...(BASELINE ? [{ key: 'before', root: baselineRoot() }] : []),
  { key: BASELINE ? 'after' : 'now', root: ROOT },
];
// BENCH_WEB_CPU_SLOWDOWN (default 4, Lighthouse's phone): how much slower the page's CPU is made.
// At 1 the network stays throttled and the CPU is the machine's: what remains of the LCP / HTML
// ratio is then the network's part, which the floor page shows too.
const CPU_SLOWDOWN = Number(process.env.BENCH_WEB_CPU_SLOWDOWN ?? 4);
if (!Number.isFinite(CPU_SLOWDOWN) || CPU_SLOWDOWN < 1) {
  throw new Error(
    `BENCH_WEB_CPU_SLOWDOWN: "${process.env.BENCH_WEB_CPU_SLOWDOWN}" is not a number of 1 or more`,
  );
}
const THROTTLING = { latencyMs: 150, downKbps: 1600, upKbps: 750, cpuSlowdown: CPU_SLOWDOWN };
/** Lighthouse's mobile screen (a Moto G Power). */
const PHONE = {
  viewport: { width: 412, height: 823 },
  deviceScaleFactor: 1.75,
  isMobile: true,
  hasTouch: true,
};
/** The desktop window whose first screen is counted (no throttling). */
const DESKTOP = { viewport: { width: 1280, height: 800 }, deviceScaleFactor: 1 };

/**
 * The targets for each catalog (docs/web.md, "Measuring"; bytes in KB of 1000). The first
 * screen's counts cannot exceed the catalog: at 13 apps the compact view passes with all 13.
 */
const TARGETS = {
  13: { lcpRatio: 1.3, blockingMs: 50, firstResponseBytes: 14_000 },
  500: { lcpRatio: 1.6, blockingMs: 200, longestTaskMs: 100, brotliBytes: 40_000 },
};
const FIRST_SCREEN_TARGET = { compact: 16, comfortable: 6 };
const LIGHTHOUSE_TARGET = 100;

/** A catalog of `count` public apps over a few categories; the first ten have the demo logos. */
function writeCatalog(dir, count) {
  cpSync(join(ROOT, 'catalog', 'demo', 'logos'), join(dir, 'logos'), { recursive: true });
  const logos = ['galaxy', 'jupyterhub', 'rstudio', 'igv', 'multiqc', 'nextflow', 'omero'];
  const categories = ['apps', 'Data', 'Pipelines', 'Resources'];
  const apps = Array.from({ length: count }, (_, i) => ({
    name: `Application ${String(i + 1).padStart(3, '0')}`,
    description: `Research application number ${i + 1}, with a description of realistic length.`,
    ...(i < logos.length ? { image: `logos/${logos[i]}.svg` } : {}),
    link: `https://app-${i}.bench.example.edu/`,
    doc: `https://docs.bench.example.edu/app-${i}/`,
    github: `https://github.com/example/app-${i}`,
    env: ['prod', 'stage', 'dev'][i % 3],
    category: categories[i % categories.length],
    isPublic: true,
  }));
  const file = join(dir, 'catalog.json');
  writeFileSync(file, JSON.stringify({ apps }));
  return file;
}

/**
 * The harness's floor: a page with one card and nothing else (no style sheet, no script, no
 * image), served from a loopback server of this script and loaded like the portal's page, in
 * turns with it. What it takes from the HTML's arrival to the card's paint is the browser's own
 * work on the throttled phone (a new page, a first frame), which no page can go under: the
 * targets are ratios to its figures.
 */
const FLOOR_PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>Floor</title></head>
<body><h1>App Portal</h1><main><article><h3>Application 001</h3>
<p>Research application number 1, with a description of realistic length.</p></article></main>
</body></html>`;

async function startFloorPage() {
  const server = createServer((request, response) => {
    response.writeHead(200, {
      'content-type': 'text/html; charset=utf-8',
      'cache-control': 'no-store',
    });
    response.end(FLOOR_PAGE);
  });
  const port = await listen(server);
  return { url: `http://127.0.0.1:${port}`, stop: () => server.close() };
}

/* global window, document, innerHeight, MutationObserver, Node */

/**
 * Runs in the page from its first byte: records paints, shifts, long tasks and when each card's
 * text was painted. A card is an app's element (`data-app-id`, in both views), or an `<article>`
 * on a page without any (the floor page, builds from before the attribute). Element Timing
 * reports the paint of an element's own text once it carries an `elementtiming` attribute: every
 * element of the first cards that holds text gets one as the parser adds it (a mutation
 * observer's callback runs before the next paint), so a card's paint time is the browser's, not
 * the bench's guess.
 */
function observe() {
  const bench = { lcp: 0, cls: 0, fcp: 0, longTasks: [], painted: new Map() };
  window.__bench = bench;
  let appIds = false;
  const cardOf = (element) => {
    const app = element.closest('[data-app-id]');
    if (app) appIds = true;
    return app ?? (appIds ? null : element.closest('article'));
  };
  const watch = (type, onEntry) => {
    try {
      new PerformanceObserver((list) => list.getEntries().forEach(onEntry)).observe({
        type,
        buffered: true,
      });
    } catch {
      // Not supported: the figure stays 0.
    }
  };
  watch('largest-contentful-paint', (entry) => {
    bench.lcp = entry.renderTime || entry.startTime;
  });
  watch('layout-shift', (entry) => {
    if (!entry.hadRecentInput) bench.cls += entry.value;
  });
  watch('longtask', (entry) => bench.longTasks.push([entry.startTime, entry.duration]));
  watch('paint', (entry) => {
    if (entry.name === 'first-contentful-paint') bench.fcp = entry.startTime;
  });
  watch('element', (entry) => {
    const card = entry.element ? cardOf(entry.element) : null;
    const time = entry.renderTime || entry.loadTime;
    if (!card || !time) return;
    // A card is painted when its first text is: the earliest entry of its elements.
    const known = bench.painted.get(card);
    if (known === undefined || time < known) bench.painted.set(card, time);
  });
  // Each added node is looked at once (the parser adds elements one by one, and an element's
  // text after it), and only until MARKED_CARDS cards have come: more than a phone's first
  // screen holds in the compact view (a first-screen card left unmarked would count as "not
  // painted"). Watching every card of 500 doubled the blocking time the bench read, its own
  // work, not the page's.
  const MARKED_CARDS = 40;
  const cards = new Set();
  const hasOwnText = (element) =>
    [...element.childNodes].some(
      (node) => node.nodeType === Node.TEXT_NODE && node.textContent.trim() !== '',
    );
  const markElement = (element) => {
    if (element.hasAttribute('elementtiming')) return;
    const card = cardOf(element);
    if (!card) return;
    cards.add(card);
    if (cards.size > MARKED_CARDS) return;
    if (element.nodeName === 'IMG' || hasOwnText(element)) {
      element.setAttribute('elementtiming', 'card');
    }
  };
  const mark = (node) => {
    if (node.nodeType === Node.TEXT_NODE) {
      if (node.parentElement && node.textContent.trim() !== '') markElement(node.parentElement);
      return;
    }
    if (node.nodeType !== Node.ELEMENT_NODE) return;
    markElement(node);
    // A subtree added at once (the app rendering a card): its elements too.
    if (node.firstElementChild)
      for (const element of node.querySelectorAll('*')) markElement(element);
  };
  const observer = new MutationObserver((records) => {
    for (const record of records) {
      for (const node of record.addedNodes) mark(node);
    }
    if (cards.size > MARKED_CARDS) observer.disconnect();
  });
  observer.observe(document, { childList: true, subtree: true });
}

/** The figures of one loaded page (evaluated in the page). */
function collect() {
  const bench = window.__bench;
  let all = [...document.querySelectorAll('[data-app-id]')];
  if (all.length === 0) all = [...document.querySelectorAll('article')];
  const firstScreen = all.filter((card) => {
    const box = card.getBoundingClientRect();
    return box.height > 0 && box.top < innerHeight && box.bottom > 0;
  });
  const times = firstScreen.map((card) => bench.painted.get(card));
  const unpainted = times.filter((t) => t === undefined).length;
  const lastCard = times.length && unpainted === 0 ? Math.max(...times) : NaN;
  const blocking = (tasks) =>
    tasks.reduce((sum, [, duration]) => sum + Math.max(0, duration - 50), 0);
  const requestsBeforeCards =
    1 + performance.getEntriesByType('resource').filter((e) => e.startTime < lastCard).length;
  const [navigation] = performance.getEntriesByType('navigation');
  return {
    lastCard,
    unpainted,
    lcp: bench.lcp,
    fcp: bench.fcp,
    htmlArrived: navigation?.responseEnd ?? NaN,
    cls: bench.cls,
    // Every long task's part over 50 ms, from the navigation on (the targets' blocking time)...
    blockingAll: blocking(bench.longTasks),
    // ... and only those after the first paint (Lighthouse's TBT, up to the run's end).
    tbt: blocking(bench.longTasks.filter(([start]) => start >= bench.fcp)),
    longestTask: Math.max(0, ...bench.longTasks.map(([, duration]) => duration)),
    requestsBeforeCards,
    cards: firstScreen.length,
  };
}

/** When the page's last long task ended (evaluated in the page). */
function lastLongTaskEnd() {
  return Math.max(0, ...window.__bench.longTasks.map(([start, duration]) => start + duration));
}

/** The cards whose top is on the first screen, and all cards (evaluated in the page). */
function countFirstScreen() {
  let all = [...document.querySelectorAll('[data-app-id]')];
  if (all.length === 0) all = [...document.querySelectorAll('article')];
  const onScreen = all.filter((card) => {
    const box = card.getBoundingClientRect();
    return box.width > 0 && box.height > 0 && box.top >= 0 && box.top < innerHeight;
  });
  return { onScreen: onScreen.length, total: all.length };
}

/** A browser context for one view: its cookies, and the generated links blocked. */
async function contextFor(browser, url, view, options) {
  const context = await browser.newContext(options);
  const cookies = [];
  if (view.theme && view.theme !== 'system')
    cookies.push({ name: 'theme', value: view.theme, url });
  if (view.density) cookies.push({ name: 'density', value: view.density, url });
  if (cookies.length) await context.addCookies(cookies);
  // The generated links lead nowhere: the page must not try them.
  await context.route(
    (target) => target.hostname.endsWith('.example.edu') || target.hostname === 'github.com',
    (route) => route.abort(),
  );
  return context;
}

async function measureOnce(browser, view) {
  const { url } = view;
  const context = await contextFor(browser, url, view, PHONE);
  await context.addInitScript(observe);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: THROTTLING.latencyMs,
    downloadThroughput: (THROTTLING.downKbps * 1000) / 8,
    uploadThroughput: (THROTTLING.upKbps * 1000) / 8,
  });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: THROTTLING.cpuSlowdown });
  let bytes = 0;
  const inFlight = new Set();
  let lastNetwork = Date.now();
  cdp.on('Network.requestWillBeSent', (event) => {
    inFlight.add(event.requestId);
    lastNetwork = Date.now();
  });
  const settled = (event) => {
    inFlight.delete(event.requestId);
    lastNetwork = Date.now();
  };
  cdp.on('Network.loadingFinished', (event) => {
    bytes += event.encodedDataLength;
    settled(event);
  });
  cdp.on('Network.loadingFailed', settled);
  const started = Date.now();
  await page.goto(url, { waitUntil: 'commit', timeout: MAX_MS });
  // Quiet: nothing in flight and nothing finished for QUIET_MS, and no long task in that time
  // (times in the page are from its navigation start, about `started`). Bounded by MAX_MS.
  let quiet = false;
  while (Date.now() - started < MAX_MS) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    const now = Date.now();
    if (inFlight.size > 0 || now - lastNetwork < QUIET_MS) continue;
    const longTaskEnd = await page.evaluate(lastLongTaskEnd).catch(() => Infinity);
    if (now - started - longTaskEnd >= QUIET_MS) {
      quiet = true;
      break;
    }
  }
  const figures = await page.evaluate(collect);
  await context.close();
  return { ...figures, bytes, quiet };
}

/**
 * One view at 1280x800 without throttling: the cards whose top is on the first screen once the
 * page has loaded and its requests have settled, and the headers the browser sent for `/`.
 */
async function desktopLook(browser, view) {
  const context = await contextFor(browser, view.url, view, DESKTOP);
  try {
    const page = await context.newPage();
    // The headers as they went out (with a route set, Playwright's request shows only those
    // given before the network stack adds Accept-Encoding and the cookies).
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    let documentId;
    const sent = new Map();
    cdp.on('Network.requestWillBeSent', (event) => {
      if (event.type === 'Document') documentId ??= event.requestId;
    });
    cdp.on('Network.requestWillBeSentExtraInfo', (event) => {
      if (!sent.has(event.requestId)) sent.set(event.requestId, event.headers);
    });
    await page.goto(view.url, { waitUntil: 'load', timeout: MAX_MS });
    await page.waitForLoadState('networkidle', { timeout: 10_000 }).catch(() => {});
    await page.waitForTimeout(300);
    const counted = await page.evaluate(countFirstScreen);
    const headers = sent.get(documentId);
    if (!headers) throw new Error(`${view.url}: the browser's request headers were not seen`);
    return { ...counted, headers };
  } finally {
    await context.close();
  }
}

/** GET `url` on a connection of its own: the bytes read from it (status line, headers, body). */
function getRaw(url, headers) {
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest(url, { headers, agent: false }, (response) => {
      const { socket } = response;
      const chunks = [];
      response.on('data', (chunk) => chunks.push(chunk));
      response.on('error', reject);
      response.on('end', () =>
        resolve({
          status: response.statusCode,
          encoding: response.headers['content-encoding'] ?? 'identity',
          body: Buffer.concat(chunks),
          wire: socket.bytesRead,
        }),
      );
    });
    outgoing.setTimeout(MAX_MS, () => outgoing.destroy(new Error(`GET ${url}: no answer`)));
    outgoing.on('error', reject);
    outgoing.end();
  });
}

const DECODERS = {
  identity: (body) => body,
  br: brotliDecompressSync,
  gzip: gunzipSync,
  deflate: inflateSync,
};
const decode = ({ encoding, body }) => DECODERS[encoding]?.(body);

/**
 * The bytes of `/` for one view: the browser's request replayed (its cookies, languages and
 * Accept-Encoding), all that came back on the connection; and the same asking for brotli only,
 * the compressed body (compressed here, at quality 11, if the server sent it otherwise).
 */
async function pageBytes(url, browserHeaders) {
  const headers = Object.fromEntries(
    Object.entries(browserHeaders)
      .map(([name, value]) => [name.toLowerCase(), value])
      .filter(([name]) => !name.startsWith(':') && !['host', 'connection'].includes(name)),
  );
  headers.connection = 'close';
  const asked = await getRaw(url, headers);
  const br = await getRaw(url, { ...headers, 'accept-encoding': 'br' });
  if (asked.status !== 200 || br.status !== 200) {
    throw new Error(`GET ${url}: ${asked.status}, ${br.status}`);
  }
  const plain = decode(br);
  const brotli =
    br.encoding === 'br'
      ? br.body.length
      : plain
        ? brotliCompressSync(plain, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } }).length
        : NaN;
  return {
    firstResponse: asked.wire,
    firstEncoding: asked.encoding,
    brotli,
    brotliByBench: br.encoding !== 'br',
    uncompressed: plain ? plain.length : NaN,
    // The view the server rendered (none before the density existed).
    rendered: plain
      ? (/<html[^>]*\sdata-density="([^"]*)"/.exec(plain.toString())?.[1] ?? 'none')
      : 'n/a',
  };
}

const progress = (text) => {
  const seconds = Math.round((Date.now() - STARTED) / 1000);
  const clock = `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
  process.stderr.write(`  [${clock}] ${text}\n`);
};

const median = (values) => {
  const sorted = values.filter((v) => Number.isFinite(v)).sort((a, b) => a - b);
  if (sorted.length === 0) return NaN;
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

/**
 * One Lighthouse run; a run that Lighthouse itself reports as failed (`runtimeError`, such as
 * NO_NAVSTART: the trace lost the navigation's start, now and then here) is run again, at most
 * twice, so that the medians are of as many runs as asked for.
 */
async function lighthouseOnce(url, density) {
  for (let attempt = 1; ; attempt += 1) {
    const result = await lighthouseAttempt(url, density);
    if (!result.runtimeError || attempt === 3) return result;
    progress(`Lighthouse: ${result.runtimeError}; again`);
  }
}

async function lighthouseAttempt(url, density) {
  const chrome = await chromeLauncher.launch({
    chromePath: CHROME,
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--no-first-run'],
  });
  try {
    const { lhr } = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility', 'best-practices'],
      // The view, as a visitor's cookie (the default theme: no theme cookie).
      extraHeaders: { Cookie: `density=${density}` },
    });
    const score = (id) => Math.round((lhr.categories[id]?.score ?? NaN) * 100);
    const failing = Object.values(lhr.audits)
      .filter(
        (audit) =>
          audit.score !== null && audit.score < 1 && audit.scoreDisplayMode !== 'informative',
      )
      .filter((audit) => ['binary', 'numeric'].includes(audit.scoreDisplayMode))
      .map((audit) => audit.id);
    const metric = (id) => lhr.audits[id]?.numericValue ?? NaN;
    return {
      lhFcp: metric('first-contentful-paint'),
      lhLcp: metric('largest-contentful-paint'),
      lhTbt: metric('total-blocking-time'),
      benchmarkIndex: lhr.environment?.benchmarkIndex ?? NaN,
      runtimeError: lhr.runtimeError?.code,
      performance: score('performance'),
      accessibility: score('accessibility'),
      bestPractices: score('best-practices'),
      failing,
    };
  } finally {
    chrome.kill();
  }
}

/** Medians of Lighthouse runs. */
function lighthouseMedians(results) {
  const pick = (key) => median(results.map((r) => r[key]));
  return {
    lhFcp: pick('lhFcp'),
    lhLcp: pick('lhLcp'),
    lhTbt: pick('lhTbt'),
    benchmarkIndex: pick('benchmarkIndex'),
    performance: pick('performance'),
    accessibility: pick('accessibility'),
    bestPractices: pick('bestPractices'),
    failing: [...new Set(results.flatMap((r) => r.failing))],
  };
}

const tag = (build) => (BUILDS.length > 1 ? `, ${build.key}` : '');

/**
 * One catalog size: a portal per build on the same catalog, every view and the floor page
 * measured in turns (view by view, then the floor, turn by turn) so that a change in the
 * machine's load touches all alike; then each view's desktop first screen and bytes, then
 * Lighthouse per build and density.
 */
async function scenario(count, lighthouseRuns) {
  const dir = mkdtempSync(join(tmpdir(), 'bench-web-'));
  const catalog = writeCatalog(dir, count);
  const portals = new Map();
  let floorPage;
  try {
    for (const build of BUILDS) {
      const env = {
        DATA_DIR: join(dir, `data-${build.key}`),
        CATALOG_FILE: catalog,
        DEMO_CATALOG: 'false',
        LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
      };
      portals.set(build.key, await startBuiltPortal(env, { root: build.root }));
    }
    // The views: every build in every theme and density (builds side by side).
    const views = [];
    for (const theme of THEMES) {
      for (const density of DENSITIES) {
        for (const build of BUILDS) {
          views.push({
            key: `${build.key}/${theme}/${density}`,
            title: `${theme}, ${density}${tag(build)}`,
            build,
            theme,
            density,
            url: portals.get(build.key).url,
          });
        }
      }
    }
    floorPage = await startFloorPage();
    // The floor page has one look: no theme, no density.
    const floor = { key: 'floor', title: 'floor', url: floorPage.url };
    const targets = [...views, floor];
    const browser = await chromium.launch({
      executablePath: CHROME,
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
    });
    const runsOf = new Map(targets.map((target) => [target.key, []]));
    const looks = new Map();
    try {
      // One unmeasured load of each warms the servers (first rendering, snapshot).
      for (const target of targets) await measureOnce(browser, target);
      for (let i = 0; i < RUNS; i += 1) {
        for (const target of targets) {
          runsOf.get(target.key).push(await measureOnce(browser, target));
        }
        progress(`${count} apps, turn ${i + 1}/${RUNS} (${targets.length} pages)`);
      }
      for (const view of views) {
        const look = await desktopLook(browser, view);
        looks.set(view.key, { ...look, ...(await pageBytes(view.url, look.headers)) });
      }
      progress(`${count} apps, desktop first screen and bytes`);
    } finally {
      await browser.close();
    }
    const figures = new Map();
    for (const [key, runs] of runsOf) {
      const pick = (name) => median(runs.map((run) => run[name]));
      figures.set(key, {
        lastCard: pick('lastCard'),
        lcp: pick('lcp'),
        fcp: pick('fcp'),
        htmlArrived: pick('htmlArrived'),
        lcpOverHtml: median(runs.map((run) => run.lcp / run.htmlArrived)),
        cls: pick('cls'),
        blockingAll: pick('blockingAll'),
        tbt: pick('tbt'),
        longestTask: pick('longestTask'),
        bytes: pick('bytes'),
        requestsBeforeCards: pick('requestsBeforeCards'),
        cards: pick('cards'),
        unpaintedRuns: runs.filter((run) => run.unpainted > 0).length,
        unquietRuns: runs.filter((run) => !run.quiet).length,
        ...looks.get(key),
      });
    }
    // Lighthouse: per build and density, in turns.
    const lighthouseViews = [];
    for (const density of DENSITIES) {
      for (const build of BUILDS) {
        lighthouseViews.push({
          key: `${build.key}/${density}`,
          title: `${density}${tag(build)}`,
          build,
          density,
        });
      }
    }
    const lighthouseOf = new Map(lighthouseViews.map((view) => [view.key, []]));
    for (let i = 0; i < lighthouseRuns; i += 1) {
      for (const view of lighthouseViews) {
        lighthouseOf
          .get(view.key)
          .push(await lighthouseOnce(portals.get(view.build.key).url, view.density));
        progress(`${count} apps, Lighthouse, ${view.title}, ${i + 1}/${lighthouseRuns}`);
      }
    }
    const scores = lighthouseRuns
      ? lighthouseViews.map((view) => ({
          ...view,
          ...lighthouseMedians(lighthouseOf.get(view.key)),
        }))
      : [];
    return { count, views, figures, floor: figures.get('floor'), scores };
  } finally {
    for (const portal of portals.values()) portal.stop();
    floorPage?.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

console.log(
  `bench:web: ${RUNS} turns per catalog of every view (themes ${THEMES.join(', ')}; densities ` +
    `${DENSITIES.join(', ')}) and the floor page, throttled (${THROTTLING.latencyMs} ms, ` +
    `${THROTTLING.downKbps / 1000} Mbps, CPU x${THROTTLING.cpuSlowdown}), quiet ${QUIET_MS} ms ` +
    `(at most ${MAX_MS} ms); Lighthouse ${LIGHTHOUSE_RUNS} runs at 13 apps, ` +
    `${LIGHTHOUSE_RUNS_500} at 500, per density; ${CHROME}...`,
);
if (BASELINE) console.log(`before: ${BASELINE}; after: this working tree`);
const results = [await scenario(13, LIGHTHOUSE_RUNS), await scenario(500, LIGHTHOUSE_RUNS_500)];

const ms = (v) => (Number.isFinite(v) ? `${Math.round(v).toLocaleString('en-US')} ms` : 'n/a');
const kb = (v) => (Number.isFinite(v) ? `${(v / 1000).toFixed(1)} KB` : 'n/a');
const ratio = (value, base) =>
  Number.isFinite(value) && Number.isFinite(base) && base > 0 ? value / base : NaN;
const times = (r) => (Number.isFinite(r) ? `${r.toFixed(2)}x` : 'n/a');
/** A figure and its ratio to the floor's. */
const withRatio = (value, base) => `${ms(value)} (${times(ratio(value, base))})`;

/** Every target's verdicts, printed again at the end. */
const summary = [];
/**
 * A target row: each view's cell says pass or FAIL (n/a when the figure is missing); the
 * target's verdicts are kept for the summary.
 */
function targetRow(label, target, views, value, format, passes, { floorCell } = {}) {
  const verdicts = views.map((view) => {
    const v = value(view);
    const ok = Number.isFinite(v) ? passes(v, view) : undefined;
    return { view, text: format(v, view), ok };
  });
  summary.push({ label, target, verdicts });
  const word = (ok) => (ok === undefined ? 'n/a' : ok ? 'pass' : 'FAIL');
  const cells = verdicts.map((v) => `${v.text} ${word(v.ok)}`);
  return [label, ...cells, ...(floorCell === undefined ? [] : [floorCell]), target];
}

/** Prints a Markdown table. */
function table(header, body) {
  const widths = header.map((title, i) =>
    Math.max(title.length, ...body.map((row) => row[i].length)),
  );
  const line = (cells) => `| ${cells.map((cell, i) => cell.padEnd(widths[i])).join(' | ')} |`;
  console.log();
  console.log(line(header));
  console.log(line(widths.map((w) => '-'.repeat(w))));
  for (const row of body) console.log(line(row));
}

for (const result of results) {
  const { count, views, figures, floor } = result;
  const target = TARGETS[count];
  const of = (view) => figures.get(view.key);
  const info = (label, format, floorCell = '') => [
    label,
    ...views.map((v) => format(of(v))),
    floorCell,
    '',
  ];
  const firstScreenTarget = (density) => Math.min(FIRST_SCREEN_TARGET[density], count);
  const rows = [
    info(
      'last first-screen card painted (phone)',
      (c) => withRatio(c.lastCard, floor.lastCard),
      ms(floor.lastCard),
    ),
    info('LCP', (c) => withRatio(c.lcp, floor.lcp), ms(floor.lcp)),
    targetRow(
      `${count} apps: LCP / floor LCP`,
      `<= ${target.lcpRatio}`,
      views,
      (view) => ratio(of(view).lcp, floor.lcp),
      (r) => (Number.isFinite(r) ? r.toFixed(2) : 'n/a'),
      (r) => r <= target.lcpRatio,
      { floorCell: '1.00' },
    ),
    info('FCP', (c) => withRatio(c.fcp, floor.fcp), ms(floor.fcp)),
    info(
      'HTML document arrived',
      (c) => withRatio(c.htmlArrived, floor.htmlArrived),
      ms(floor.htmlArrived),
    ),
    info('LCP / HTML arrived', (c) => c.lcpOverHtml.toFixed(2), floor.lcpOverHtml.toFixed(2)),
    targetRow(
      `${count} apps: CLS`,
      '0',
      views,
      (view) => of(view).cls,
      (v) => v.toFixed(3),
      (v) => v.toFixed(3) === '0.000',
      { floorCell: floor.cls.toFixed(3) },
    ),
    targetRow(
      `${count} apps: blocking time, all long tasks`,
      `< ${target.blockingMs} ms`,
      views,
      (view) => of(view).blockingAll,
      ms,
      (v) => v < target.blockingMs,
      { floorCell: ms(floor.blockingAll) },
    ),
    info('blocking time after FCP (TBT)', (c) => ms(c.tbt), ms(floor.tbt)),
    target.longestTaskMs
      ? targetRow(
          `${count} apps: longest task`,
          `<= ${target.longestTaskMs} ms`,
          views,
          (view) => of(view).longestTask,
          ms,
          (v) => v <= target.longestTaskMs,
          { floorCell: ms(floor.longestTask) },
        )
      : info('longest task', (c) => ms(c.longestTask), ms(floor.longestTask)),
    info('bytes on the wire, whole load', (c) => kb(c.bytes), kb(floor.bytes)),
    info(
      'requests before the cards',
      (c) => String(c.requestsBeforeCards),
      String(floor.requestsBeforeCards),
    ),
    info('cards on the first screen (phone)', (c) => String(c.cards), String(floor.cards)),
    targetRow(
      `${count} apps: runs with a card not painted`,
      '0',
      [...views, { key: 'floor' }],
      (view) => of(view).unpaintedRuns,
      (v) => `${v}/${RUNS}`,
      (v) => v === 0,
    ),
    targetRow(
      `${count} apps: runs that never went quiet`,
      '0',
      [...views, { key: 'floor' }],
      (view) => of(view).unquietRuns,
      (v) => `${v}/${RUNS}`,
      (v) => v === 0,
    ),
    targetRow(
      `${count} apps: cards on the first screen, 1280x800`,
      `compact >= ${FIRST_SCREEN_TARGET.compact}` +
        (count < FIRST_SCREEN_TARGET.compact ? ` (here all ${count})` : '') +
        `, comfortable >= ${FIRST_SCREEN_TARGET.comfortable}`,
      views,
      (view) => of(view).onScreen,
      (v) => String(v),
      (v, view) => v >= firstScreenTarget(view.density),
      { floorCell: '' },
    ),
    target.firstResponseBytes
      ? targetRow(
          `${count} apps: first response for /, as the browser asks`,
          `< ${kb(target.firstResponseBytes)}`,
          views,
          (view) => of(view).firstResponse,
          (v, view) => `${kb(v)} ${of(view).firstEncoding}`,
          (v) => v < target.firstResponseBytes,
          { floorCell: '' },
        )
      : info(
          'first response for /, as the browser asks',
          (c) => `${kb(c.firstResponse)} ${c.firstEncoding}`,
        ),
    target.brotliBytes
      ? targetRow(
          `${count} apps: page, brotli`,
          `< ${kb(target.brotliBytes)}`,
          views,
          (view) => of(view).brotli,
          (v, view) => `${kb(v)}${of(view).brotliByBench ? '*' : ''}`,
          (v) => v < target.brotliBytes,
          { floorCell: '' },
        )
      : info('page, brotli', (c) => `${kb(c.brotli)}${c.brotliByBench ? '*' : ''}`),
    info('page, uncompressed', (c) => kb(c.uncompressed)),
    info('<html data-density> sent', (c) => c.rendered),
  ];
  table(
    [
      `${count} apps: median of ${RUNS}, throttled phone`,
      ...views.map((v) => v.title),
      'floor',
      'target',
    ],
    rows,
  );
  if (views.some((view) => of(view).brotliByBench)) {
    console.log('* the server did not answer in brotli: compressed by the bench (quality 11)');
  }
}

for (const result of results) {
  const { count, scores } = result;
  if (scores.length === 0) continue;
  const runs = count === 13 ? LIGHTHOUSE_RUNS : LIGHTHOUSE_RUNS_500;
  const info = (label, format) => [label, ...scores.map(format), ''];
  const scoreTarget = (label, key) =>
    targetRow(
      `${count} apps: Lighthouse ${label}`,
      String(LIGHTHOUSE_TARGET),
      scores,
      (view) => view[key],
      (v) => String(v),
      (v) => v >= LIGHTHOUSE_TARGET,
    );
  const body = [
    info('FCP (simulated)', (c) => ms(c.lhFcp)),
    info('LCP (simulated)', (c) => ms(c.lhLcp)),
    info('TBT (simulated)', (c) => ms(c.lhTbt)),
    scoreTarget('performance', 'performance'),
    scoreTarget('accessibility', 'accessibility'),
    info('best practices', (c) => String(c.bestPractices)),
  ];
  table(
    [
      `${count} apps: Lighthouse, default theme, median of ${runs}`,
      ...scores.map((c) => c.title),
      'target',
    ],
    body,
  );
  for (const view of scores) {
    if (view.failing.length) {
      console.log(
        `Lighthouse audits not passed at ${count} apps, ${view.title}: ${view.failing.join(', ')}`,
      );
    }
  }
}
const indexes = results.flatMap((result) => result.scores.map((view) => view.benchmarkIndex));
if (indexes.length) {
  // Lighthouse's own CPU benchmark of this machine (higher is faster): its simulated times are
  // the observed main-thread work times 4, so the scores move with the machine and its load.
  console.log(`\nLighthouse benchmarkIndex of this machine: ${Math.round(median(indexes))}`);
}

console.log('\nTargets (docs/web.md, "Measuring"), per view:');
for (const { label, target, verdicts } of summary) {
  const failed = verdicts.some((v) => v.ok === false);
  const unknown = verdicts.some((v) => v.ok === undefined);
  const word = failed ? 'FAIL' : unknown ? 'n/a ' : 'pass';
  const cells = verdicts
    .map((v) => `${v.view.title ?? v.view.key} ${v.text}${v.ok === false ? ' (FAIL)' : ''}`)
    .join('; ');
  console.log(`  ${word}  ${label} ${target}: ${cells}`);
}
console.log(`\nbench:web took ${((Date.now() - STARTED) / 60_000).toFixed(1)} min`);
