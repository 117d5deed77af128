#!/usr/bin/env node
// `npm run bench:web`: how fast the home page shows in a throttled mobile browser. Builds, starts
// the built portal with 13 and with 500 generated public apps, and loads its home page in
// Debian's Chromium (playwright-core) with Lighthouse's mobile conditions applied through the
// DevTools protocol (150 ms latency, 1.6 Mbps down, 750 kbps up, CPU slowed 4x; a 412x823 phone
// screen), a fresh browser context (empty cache) per run, BENCH_WEB_RUNS runs (default 5), and
// reports medians: when the last card of the first screen is visible, LCP, CLS, total blocking
// time, bytes on the wire and requests started before the cards showed. Then Lighthouse (mobile,
// simulated throttling) scores performance, accessibility and best practices
// (BENCH_WEB_LIGHTHOUSE_RUNS runs at 13 apps, default 5, median; one at 500 apps). Prints one
// table with the targets of issue 12. Figures depend on the machine and its load.
import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startBuiltPortal } from './lib/bench.mjs';
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
const THROTTLING = { latencyMs: 150, downKbps: 1600, upKbps: 750, cpuSlowdown: 4 };
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

/* global window, document, getComputedStyle, innerHeight, requestAnimationFrame */

/** Runs in the page from its first byte: records paints, shifts, long tasks and card times. */
function observe() {
  const bench = { lcp: 0, cls: 0, fcp: 0, longTasks: [], seen: new Map() };
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
  // A card counts as visible from the first frame in which it is laid out by the stylesheet
  // (main is a flex box only then) and inside the screen. Each card is measured in one frame
  // only: the cards skip off-screen layout (content-visibility), and measuring every card in
  // every frame forced that layout again and again, adding the bench's own work to the page's
  // long tasks. (The layout does not shift, CLS is 0: a card's first box is where it stays.)
  const measured = new WeakSet();
  const frame = (now) => {
    const main = document.querySelector('main');
    if (main && getComputedStyle(main).display === 'flex') {
      for (const card of document.getElementsByTagName('article')) {
        if (measured.has(card)) continue;
        measured.add(card);
        const box = card.getBoundingClientRect();
        if (box.height > 0 && box.top < innerHeight && box.bottom > 0) bench.seen.set(card, now);
      }
    }
    if (performance.now() < 60_000) requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
}

/** The figures of one loaded page (evaluated in the page). */
function collect() {
  const bench = window.__bench;
  const firstScreen = [...document.querySelectorAll('article')].filter((card) => {
    const box = card.getBoundingClientRect();
    return box.height > 0 && box.top < innerHeight && box.bottom > 0;
  });
  const times = firstScreen.map((card) => bench.seen.get(card));
  const lastCard = times.length && times.every((t) => t !== undefined) ? Math.max(...times) : NaN;
  const tbt = bench.longTasks
    .filter(([start]) => start >= bench.fcp)
    .reduce((sum, [, duration]) => sum + Math.max(0, duration - 50), 0);
  const requestsBeforeCards =
    1 + performance.getEntriesByType('resource').filter((e) => e.startTime < lastCard).length;
  return {
    lastCard,
    lcp: bench.lcp,
    cls: bench.cls,
    tbt,
    requestsBeforeCards,
    cards: firstScreen.length,
  };
}

async function measureOnce(browser, url) {
  const context = await browser.newContext(PHONE);
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
  cdp.on('Network.loadingFinished', (event) => (bytes += event.encodedDataLength));
  await page.goto(url, { waitUntil: 'networkidle', timeout: 60_000 });
  // Late layout shifts (status, fonts) still count: give the page a moment after going idle.
  await page.waitForTimeout(1000);
  const figures = await page.evaluate(collect);
  await context.close();
  return { ...figures, bytes };
}

const progress = (text) => process.stderr.write(`  ${text}\n`);

const median = (values) => {
  const sorted = values.filter((v) => Number.isFinite(v)).sort((a, b) => a - b);
  if (sorted.length === 0) return NaN;
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

async function lighthouseScores(url, runs) {
  const results = [];
  for (let i = 0; i < runs; i += 1) {
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
      results.push({
        lhFcp: metric('first-contentful-paint'),
        lhLcp: metric('largest-contentful-paint'),
        lhTbt: metric('total-blocking-time'),
        benchmarkIndex: lhr.environment?.benchmarkIndex ?? NaN,
        performance: score('performance'),
        accessibility: score('accessibility'),
        bestPractices: score('best-practices'),
        failing,
      });
    } finally {
      chrome.kill();
    }
    progress(`Lighthouse ${i + 1}/${runs}`);
  }
  return {
    lhFcp: median(results.map((r) => r.lhFcp)),
    lhLcp: median(results.map((r) => r.lhLcp)),
    lhTbt: median(results.map((r) => r.lhTbt)),
    benchmarkIndex: median(results.map((r) => r.benchmarkIndex)),
    performance: median(results.map((r) => r.performance)),
    accessibility: median(results.map((r) => r.accessibility)),
    bestPractices: median(results.map((r) => r.bestPractices)),
    failing: [...new Set(results.flatMap((r) => r.failing))],
  };
}

async function scenario(count, lighthouseRuns) {
  const dir = mkdtempSync(join(tmpdir(), 'bench-web-'));
  const portal = await startBuiltPortal({
    DATA_DIR: join(dir, 'data'),
    CATALOG_FILE: writeCatalog(dir, count),
    DEMO_CATALOG: 'false',
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
  });
  try {
    const browser = await chromium.launch({
      executablePath: CHROME,
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
    });
    const runs = [];
    try {
      // One unmeasured load warms the server (first rendering, catalog snapshot).
      await measureOnce(browser, portal.url);
      for (let i = 0; i < RUNS; i += 1) {
        runs.push(await measureOnce(browser, portal.url));
        progress(`${count} apps, run ${i + 1}/${RUNS}`);
      }
    } finally {
      await browser.close();
    }
    const pick = (key) => median(runs.map((run) => run[key]));
    const scores = await lighthouseScores(portal.url, lighthouseRuns);
    return {
      lastCard: pick('lastCard'),
      lcp: pick('lcp'),
      cls: pick('cls'),
      tbt: pick('tbt'),
      bytes: pick('bytes'),
      requestsBeforeCards: pick('requestsBeforeCards'),
      cards: pick('cards'),
      ...scores,
    };
  } finally {
    portal.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

console.log(
  `bench:web: ${RUNS} runs per catalog, throttled (${THROTTLING.latencyMs} ms, ` +
    `${THROTTLING.downKbps / 1000} Mbps, CPU x${THROTTLING.cpuSlowdown}), ${CHROME}...`,
);
const small = await scenario(13, LIGHTHOUSE_RUNS);
const large = await scenario(500, 1);

const ms = (v) => (Number.isFinite(v) ? `${Math.round(v).toLocaleString('en-US')} ms` : 'n/a');
const kb = (v) => `${(v / 1000).toFixed(0)} kB`;
const rows = [
  ['last first-screen card visible', ms(small.lastCard), ms(large.lastCard), '< 700 ms'],
  ['LCP', ms(small.lcp), ms(large.lcp), '< 700 ms (500 apps: < 1,000 ms)'],
  ['CLS', small.cls.toFixed(3), large.cls.toFixed(3), '0'],
  ['total blocking time', ms(small.tbt), ms(large.tbt), '< 100 ms'],
  ['bytes on the wire', kb(small.bytes), kb(large.bytes), ''],
  [
    'requests before the cards',
    String(small.requestsBeforeCards),
    String(large.requestsBeforeCards),
    '',
  ],
  ['cards on the first screen', String(small.cards), String(large.cards), ''],
  ['Lighthouse FCP (simulated)', ms(small.lhFcp), ms(large.lhFcp), ''],
  ['Lighthouse LCP (simulated)', ms(small.lhLcp), ms(large.lhLcp), ''],
  ['Lighthouse TBT (simulated)', ms(small.lhTbt), ms(large.lhTbt), ''],
  ['Lighthouse performance', String(small.performance), String(large.performance), '>= 98'],
  ['Lighthouse accessibility', String(small.accessibility), String(large.accessibility), '100'],
  ['Lighthouse best practices', String(small.bestPractices), String(large.bestPractices), '100'],
];
const header = ['median, throttled mobile', '13 apps', '500 apps', 'target (13 apps)'];
const widths = header.map((title, i) =>
  Math.max(title.length, ...rows.map((row) => row[i].length)),
);
const line = (cells) => `| ${cells.map((cell, i) => cell.padEnd(widths[i])).join(' | ')} |`;
console.log();
console.log(line(header));
console.log(line(widths.map((w) => '-'.repeat(w))));
for (const row of rows) console.log(line(row));
const failing = [...new Set([...small.failing, ...large.failing])];
if (failing.length) console.log(`\nLighthouse audits not passed: ${failing.join(', ')}`);
// Lighthouse's own CPU benchmark of this machine (higher is faster): its simulated times are the
// observed main-thread work times 4, so the scores move with the machine and its load.
console.log(`Lighthouse benchmarkIndex of this machine: ${Math.round(small.benchmarkIndex)}`);
