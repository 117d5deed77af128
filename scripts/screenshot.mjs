#!/usr/bin/env node
// `npm run screenshot`: the README's picture of the demo (docs/images/demo.png). Builds if
// needed, starts the built portal as a fresh `npm start` would (demo catalog, simulated
// statuses) on loopback with a temporary data folder, waits until the cards show all four
// states and their strips, then saves a screenshot of the whole page, 1280 px wide, in the light
// theme (every card, so every state, shows), and prints how many apps are in each state.
// Nothing leaves the machine: the demo's hosts are never requested.
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { chromium } from 'playwright-core';
import { SERVER_ENV, SERVER_NODE_FLAGS } from './lib/server-flags.mjs';
import { ensureBuild, ensureChromium, ROOT } from './lib/ensure.mjs';
import { freePort } from './lib/net.mjs';

const OUTPUT = join(ROOT, 'docs', 'images', 'demo.png');
const LABELS = ['Up & Running', 'Down', 'Pending', 'Maintenance'];
const WAIT_MS = 180_000;

ensureBuild();
const executablePath = ensureChromium();

const port = await freePort();
const url = `http://127.0.0.1:${port}`;
const dataDir = mkdtempSync(join(tmpdir(), 'portal-screenshot-'));
let output = '';
const server = spawn(
  process.execPath,
  [...SERVER_NODE_FLAGS, join(ROOT, 'dist', 'server', 'main.js')],
  {
    cwd: ROOT,
    // Only what the portal needs: no setting of this shell (CATALOG_FILE, ...) changes the picture.
    env: {
      ...SERVER_ENV,
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: url,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      DEMO_IDP: 'true',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  },
);
const stopServer = async () => {
  if (server.exitCode === null) {
    const exited = new Promise((resolve) => server.once('exit', resolve));
    server.kill('SIGTERM');
    await exited;
  }
  rmSync(dataDir, { recursive: true, force: true });
};

let browser;
try {
  await new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`the portal did not start:\n${output}`)),
      60_000,
    );
    const onData = (chunk) => {
      output += chunk.toString();
      if (output.includes('is running at')) {
        clearTimeout(timer);
        resolve();
      }
    };
    server.stdout.on('data', onData);
    server.stderr.on('data', onData);
    server.once('exit', (code) => reject(new Error(`the portal exited with ${code}:\n${output}`)));
  });
  const startedAt = Date.now();

  browser = await chromium.launch({
    executablePath,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
  const context = await browser.newContext({
    viewport: { width: 1280, height: 800 },
    colorScheme: 'light',
    reducedMotion: 'reduce',
  });
  await context.route(
    (address) => address.hostname.endsWith('.example.edu'),
    (route) => route.abort(),
  );
  const page = await context.newPage();
  await page.goto(url);
  await page.getByRole('note', { name: 'About these statuses' }).waitFor();

  // Wait for states, not for time: every card has its status and strip, and all four states
  // are on the page (the page polls the monitor every 30 s).
  const deadline = Date.now() + WAIT_MS;
  let counts;
  for (;;) {
    counts = Object.fromEntries(
      await Promise.all(
        LABELS.map(async (label) => [
          label,
          await page.getByRole('article').getByRole('img', { name: label, exact: true }).count(),
        ]),
      ),
    );
    const cards = await page.getByRole('article').count();
    const strips = await page.getByRole('button', { name: /^Status history of / }).count();
    const shown = Object.values(counts).reduce((sum, count) => sum + count, 0);
    if (shown === cards && strips === cards && Object.values(counts).every((n) => n > 0)) break;
    if (Date.now() > deadline) {
      throw new Error(
        `not every state showed within ${WAIT_MS / 1000} s: ${JSON.stringify(counts)}`,
      );
    }
    await page.waitForTimeout(1000);
  }
  // Hover nothing, focus nothing: the page as a visitor first sees it.
  await page.mouse.move(0, 0);
  mkdirSync(dirname(OUTPUT), { recursive: true });
  await page.screenshot({ path: OUTPUT, fullPage: true });

  const seconds = Math.round((Date.now() - startedAt) / 1000);
  console.log(
    `Saved ${OUTPUT.slice(ROOT.length)} (${Math.round(statSync(OUTPUT).size / 1024)} KB), ${seconds} s after the portal started.`,
  );
  console.log('Apps in each state (the public demo apps an anonymous visitor sees):');
  for (const label of LABELS) console.log(`  ${label.padEnd(13)} ${counts[label]}`);
} finally {
  await browser?.close();
  await stopServer();
}
