#!/usr/bin/env node
// `npm run bench:web`: how fast the home page shows in a throttled mobile browser. Builds, starts
// the built portal with 13 and with 500 generated public apps, and loads its home page in
// Debian's Chromium (playwright-core) with Lighthouse's mobile conditions applied through the
// DevTools protocol (150 ms latency, 1.6 Mbps down, 750 kbps up, CPU slowed 4x or by
// BENCH_WEB_CPU_SLOWDOWN; a 412x823 phone screen), a fresh browser context (empty cache) per
// run, BENCH_WEB_RUNS runs (default 5) per theme (BENCH_WEB_THEMES, default light,dark: the
// `theme` cookie), and reports medians: when the last card of the first screen was painted (the
// browser's Element Timing of the card's text), LCP, the time the HTML document finished
// arriving, CLS, total blocking time, bytes on the wire and requests started before the cards
// were painted. A run ends once network and main thread
// have both been quiet for BENCH_WEB_QUIET_MS (default 2000: no request in flight or finished, no
// long task), at most BENCH_WEB_MAX_MS (default 30000) after the start. Then Lighthouse (mobile,
// simulated throttling, the default theme) scores performance, accessibility and best practices
// (BENCH_WEB_LIGHTHOUSE_RUNS runs at 13 apps, default 5, median; one at 500 apps). Prints one
// table with the targets of docs/web.md ("Measuring"). Its last column is the harness's floor: a static
// page of one card without style or script, from a loopback server of this script, measured in
// turns with the 13-app page (what the browser itself takes to show a page on this phone).
// Figures depend on the machine and its load.
// BENCH_BASELINE=<git ref> (e.g. a commit before a change) also builds that commit apart
// (scripts/lib/baseline.mjs) and measures it in turns with this tree: before and after, one run.
import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { baselineName, baselineRoot } from './lib/baseline.mjs';
import { listen, startBuiltPortal } from './lib/bench.mjs';
import { ensureBuild, ensureChromium, ensureDependencies, ROOT } from './lib/ensure.mjs';

ensureDependencies();
ensureBuild();
// Debian's Chromium, installed when missing (as for the browser tests).
const CHROME = process.env.CHROME_PATH ?? ensureChromium();

const { chromium } = await import('playwright-core');
const { default: lighthouse } = await import('lighthouse');
const chromeLauncher = await import('chrome-launcher');

const RUNS = Math.max(1, Number(process.env.BENCH_WEB_RUNS ?? 5));
const LIGHTHOUSE_RUNS = Math.max(1, Number(process.env.BENCH_WEB_LIGHTHOUSE_RUNS ?? 5));
const QUIET_MS = Math.max(100, Number(process.env.BENCH_WEB_QUIET_MS ?? 2000));
const MAX_MS = Math.max(QUIET_MS, Number(process.env.BENCH_WEB_MAX_MS ?? 30_000));
const THEMES = (process.env.BENCH_WEB_THEMES ?? 'light,dark')
  .split(',')
  .map((theme) => theme.trim())
  .filter(Boolean);
for (const theme of THEMES) {
  if (!['light', 'dark', 'system'].includes(theme)) {
    throw new Error(`BENCH_WEB_THEMES: unknown theme "${theme}" (light, dark, system)`);
  }
}
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
 * work on the throttled phone (a new page, a first frame), which no page can go under: the LCP /
 * HTML ratio of the portal's page is to be read against this one's.
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
 * text was painted. Element Timing reports the paint of an element's own text once it carries an
 * `elementtiming` attribute: every element of the first cards that holds text gets one as the
 * parser adds it (a mutation observer's callback runs before the next paint), so a card's paint
 * time is the browser's, not the bench's guess.
 */
function observe() {
  const bench = { lcp: 0, cls: 0, fcp: 0, longTasks: [], painted: new Map() };
  window.__bench = bench;
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
    const card = entry.element?.closest('article');
    const time = entry.renderTime || entry.loadTime;
    if (!card || !time) return;
    // A card is painted when its first text is: the earliest entry of its elements.
    const known = bench.painted.get(card);
    if (known === undefined || time < known) bench.painted.set(card, time);
  });
  // Each added node is looked at once (the parser adds elements one by one, and an element's
  // text after it), and only until MARKED_CARDS cards have come: more than a phone's first
  // screen holds (a first-screen card left unmarked would count as "not painted"). Watching
  // every card of 500 doubled the blocking time the bench read, its own work, not the page's.
  const MARKED_CARDS = 24;
  const cards = new Set();
  const hasOwnText = (element) =>
    [...element.childNodes].some(
      (node) => node.nodeType === Node.TEXT_NODE && node.textContent.trim() !== '',
    );
  const markElement = (element) => {
    if (element.hasAttribute('elementtiming')) return;
    const card = element.closest('article');
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
  const firstScreen = [...document.querySelectorAll('article')].filter((card) => {
    const box = card.getBoundingClientRect();
    return box.height > 0 && box.top < innerHeight && box.bottom > 0;
  });
  const times = firstScreen.map((card) => bench.painted.get(card));
  const unpainted = times.filter((t) => t === undefined).length;
  const lastCard = times.length && unpainted === 0 ? Math.max(...times) : NaN;
  const tbt = bench.longTasks
    .filter(([start]) => start >= bench.fcp)
    .reduce((sum, [, duration]) => sum + Math.max(0, duration - 50), 0);
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
    tbt,
    requestsBeforeCards,
    cards: firstScreen.length,
  };
}

/** When the page's last long task ended (evaluated in the page). */
function lastLongTaskEnd() {
  return Math.max(0, ...window.__bench.longTasks.map(([start, duration]) => start + duration));
}

async function measureOnce(browser, url, theme) {
  const context = await browser.newContext(PHONE);
  if (theme !== 'system') await context.addCookies([{ name: 'theme', value: theme, url }]);
  // The generated links lead nowhere: the page must not try them.
  await context.route(
    (target) => target.hostname.endsWith('.example.edu') || target.hostname === 'github.com',
    (route) => route.abort(),
  );
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

const progress = (text) => process.stderr.write(`  ${text}\n`);

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
async function lighthouseOnce(url) {
  for (let attempt = 1; ; attempt += 1) {
    const result = await lighthouseAttempt(url);
    if (!result.runtimeError || attempt === 3) return result;
    progress(`Lighthouse: ${result.runtimeError}; again`);
  }
}

async function lighthouseAttempt(url) {
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

/**
 * One catalog size: a portal per build on the same catalog, measured in turns (theme by theme,
 * build by build, run by run) so that a change in the machine's load touches all alike.
 */
async function scenario(count, lighthouseRuns, { withFloor = false } = {}) {
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
    // What is measured in each turn: every build in every theme, then the floor page (one theme:
    // it has no style).
    const targets = [];
    for (const theme of THEMES) {
      for (const build of BUILDS) {
        targets.push({ key: `${build.key}/${theme}`, url: portals.get(build.key).url, theme });
      }
    }
    if (withFloor) {
      floorPage = await startFloorPage();
      targets.push({ key: 'floor', url: floorPage.url, theme: 'system' });
    }
    const browser = await chromium.launch({
      executablePath: CHROME,
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
    });
    const runsOf = new Map(targets.map((target) => [target.key, []]));
    try {
      // One unmeasured load of each warms the servers (first rendering, snapshot).
      for (const target of targets) await measureOnce(browser, target.url, target.theme);
      for (let i = 0; i < RUNS; i += 1) {
        for (const target of targets) {
          runsOf.get(target.key).push(await measureOnce(browser, target.url, target.theme));
          progress(`${count} apps, ${target.key}, run ${i + 1}/${RUNS}`);
        }
      }
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
        tbt: pick('tbt'),
        bytes: pick('bytes'),
        requestsBeforeCards: pick('requestsBeforeCards'),
        cards: pick('cards'),
        unpaintedRuns: runs.filter((run) => run.unpainted > 0).length,
        unquietRuns: runs.filter((run) => !run.quiet).length,
      });
    }
    const lighthouseOf = new Map(BUILDS.map((build) => [build.key, []]));
    for (let i = 0; i < lighthouseRuns; i += 1) {
      for (const build of BUILDS) {
        lighthouseOf.get(build.key).push(await lighthouseOnce(portals.get(build.key).url));
        progress(`${count} apps, Lighthouse, ${build.key}, ${i + 1}/${lighthouseRuns}`);
      }
    }
    const scores = new Map(
      [...lighthouseOf].map(([key, results]) => [key, lighthouseMedians(results)]),
    );
    return { figures, scores };
  } finally {
    for (const portal of portals.values()) portal.stop();
    floorPage?.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

console.log(
  `bench:web: ${RUNS} runs per catalog and theme (${THEMES.join(', ')}), throttled (${THROTTLING.latencyMs} ms, ` +
    `${THROTTLING.downKbps / 1000} Mbps, CPU x${THROTTLING.cpuSlowdown}), quiet ${QUIET_MS} ms ` +
    `(at most ${MAX_MS} ms), ${CHROME}...`,
);
if (BASELINE) console.log(`before: ${BASELINE}; after: this working tree`);
const small = await scenario(13, LIGHTHOUSE_RUNS, { withFloor: true });
const large = await scenario(500, 1);

const ms = (v) => (Number.isFinite(v) ? `${Math.round(v).toLocaleString('en-US')} ms` : 'n/a');
const kb = (v) => `${(v / 1000).toFixed(0)} kB`;
const tag = (build) => (BUILDS.length > 1 ? `, ${build.key}` : '');
const columns = [];
for (const [count, result] of [
  [13, small],
  [500, large],
]) {
  for (const theme of THEMES) {
    for (const build of BUILDS) {
      columns.push({
        title: `${count} apps, ${theme}${tag(build)}`,
        ...result.figures.get(`${build.key}/${theme}`),
      });
    }
  }
}
const floor = small.figures.get('floor');
columns.push({ title: 'floor: 1-card static page', ...floor });
const each = (format) => columns.map(format);
// The targets are stated against the floor page, loaded in the same run: the machine's speed and
// load cancel out of the ratio.
const toFloor = (value, base) =>
  Number.isFinite(value) && Number.isFinite(base) && base > 0 ? (value / base).toFixed(2) : 'n/a';
const rows = [
  ['last first-screen card painted', ...each((c) => ms(c.lastCard)), '< 700 ms'],
  ['LCP', ...each((c) => ms(c.lcp)), '< 700 ms (500 apps: < 1,000 ms)'],
  ['HTML document arrived', ...each((c) => ms(c.htmlArrived)), ''],
  ['LCP / floor LCP', ...each((c) => toFloor(c.lcp, floor.lcp)), '<= 1.3 (500 apps: <= 1.6)'],
  ['LCP / HTML arrived', ...each((c) => c.lcpOverHtml.toFixed(2)), ''],
  ['FCP', ...each((c) => ms(c.fcp)), ''],
  ['CLS', ...each((c) => c.cls.toFixed(3)), '0'],
  ['total blocking time', ...each((c) => ms(c.tbt)), '< 50 ms (500 apps: < 200 ms)'],
  ['bytes on the wire', ...each((c) => kb(c.bytes)), ''],
  ['requests before the cards', ...each((c) => String(c.requestsBeforeCards)), ''],
  ['cards on the first screen', ...each((c) => String(c.cards)), ''],
  ['runs with a card not painted', ...each((c) => `${c.unpaintedRuns}/${RUNS}`), '0'],
  ['runs that never went quiet', ...each((c) => `${c.unquietRuns}/${RUNS}`), '0'],
];
const scoreColumns = [];
for (const [count, result] of [
  [13, small],
  [500, large],
]) {
  for (const build of BUILDS) {
    scoreColumns.push({ title: `${count} apps${tag(build)}`, ...result.scores.get(build.key) });
  }
}
const eachScore = (format) => scoreColumns.map(format);
const scoreRows = [
  ['Lighthouse FCP (simulated)', ...eachScore((c) => ms(c.lhFcp)), ''],
  ['Lighthouse LCP (simulated)', ...eachScore((c) => ms(c.lhLcp)), ''],
  ['Lighthouse TBT (simulated)', ...eachScore((c) => ms(c.lhTbt)), ''],
  ['Lighthouse performance', ...eachScore((c) => String(c.performance)), '100'],
  ['Lighthouse accessibility', ...eachScore((c) => String(c.accessibility)), '100'],
  ['Lighthouse best practices', ...eachScore((c) => String(c.bestPractices)), '100'],
];

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
table(['median, throttled mobile', ...columns.map((c) => c.title), 'target'], rows);
table(
  ['Lighthouse, default theme', ...scoreColumns.map((c) => c.title), 'target (13 apps)'],
  scoreRows,
);
for (const build of BUILDS) {
  const failing = [
    ...new Set([...small.scores.get(build.key).failing, ...large.scores.get(build.key).failing]),
  ];
  if (failing.length) {
    console.log(`\nLighthouse audits not passed${tag(build)}: ${failing.join(', ')}`);
  }
}
// Lighthouse's own CPU benchmark of this machine (higher is faster): its simulated times are the
// observed main-thread work times 4, so the scores move with the machine and its load.
console.log(
  `Lighthouse benchmarkIndex of this machine: ${Math.round(small.scores.get(BUILDS.at(-1).key).benchmarkIndex)}`,
);
