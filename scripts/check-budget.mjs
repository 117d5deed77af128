#!/usr/bin/env node
/**
 * Checks the home page's size budget on the production build in dist/web (run
 * `npm run build:web` first; `npm run check:budget` does both). Counts what the browser must
 * load before the home page runs: the entry chunk of index.html and every chunk it imports
 * statically, the chunks index.html preloads (the app's entry, which start.ts imports once the
 * page is painted, and its chunks), plus their CSS; lazily loaded chunks
 * (other dynamic imports) are not counted. Sizes are
 * gzip level 9 of the built files, in KB of 1000 bytes (as Vite reports them), so the figures
 * are the same on every run. Exits 1 when a budget is exceeded or the build is missing.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { compileMessage } from '@lingui/message-utils/compileMessage';

// Lowered (decision 0012) to what the build reaches with the status strips, notices and the Admin
// link, plus a little room: JS 84.9 KB (the app 19.2 KB, React DOM with its scheduler 65.0 KB in
// a chunk of its own since decision 0020, the entry and the chunk runtime 0.6 KB; the portal
// page's icons come from a sprite, decision 0019), CSS 11.6 KB (only the daisyUI parts the page
// uses). The search engine, the history panel, the sign-in helpers and the admin console load
// later. The theme choice (decision 0027) adds the theme choice to the header and its menu (cookie,
// <html data-theme>, the form without JavaScript) and the favorites' Reorder button: the app
// chunk went from 19.84 to 20.73 KB (85.52 to 86.40 KB in all), hence 86.5; the order editor
// itself is a chunk loaded on demand. Together with the branding kept current on
// open pages, the service worker's registration and the access requests (locked cards and their states,
// the Requests link, the access store; the dialog and the inbox load on demand) the app chunk is
// 23.08 KB and the page 88.76 KB, hence 89. Hydrating only what is interactive (decision 0039) is the
// place to win it back. The narrow no-JS theme disclosure (0.14 KB) is paid for by loading the
// /admin route with its account gate on demand, like /requests: 88.56 KB. The languages (
// decision 0037) moved the texts into per-language messages inline in the page (reported below,
// not counted: they are data, and only the visitor's language is sent) and added the language
// menu and the message formatter; room came from the search query parser and the branding's live
// update loading on demand and the session store persisting itself: 88.19 KB. Then (decision
// 0038) runs the app on Preact under React's API: React DOM's 65 KB leave, the page loads 29.5 KB
// (the start, the entry and the app with Preact), hence 35. The page's messages then became a
// file the page preloads (decision 0060): 4.5 KB brotli off every page's first response, and
// 0.2 KB of fetching (a retry, the failure said once) in the app: 35.06 KB, hence 35.5.
export const BUDGET = { jsKb: 35.5, cssKb: 12 };
/** The admin console's lazily loaded chunks (what /admin loads on top of the home page). */
export const ADMIN_BUDGET = { jsKb: 40, cssKb: 20 };
/** The route with its account gate, then the console itself. */
const ADMIN_ENTRIES = ['src/web/app/admin-route.tsx', 'src/web/app/admin-page.tsx'];

const root = resolve(fileURLToPath(new URL('..', import.meta.url)));
const outDir = join(root, 'dist', 'web');
const manifestPath = join(outDir, '.vite', 'manifest.json');

function fail(message) {
  console.error(`check-budget: ${message}`);
  process.exit(1);
}

if (!existsSync(manifestPath)) {
  fail(`${manifestPath} not found; build the web app first (npm run build:web).`);
}
const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
const entry = manifest['index.html'];
if (!entry?.isEntry) fail('the manifest has no index.html entry.');

/** The entry and its static imports, each once. */
const js = new Set();
const css = new Set();
const visit = (key) => {
  const chunk = manifest[key];
  if (!chunk || js.has(chunk.file)) return;
  js.add(chunk.file);
  for (const file of chunk.css ?? []) css.add(file);
  for (const next of chunk.imports ?? []) visit(next);
};
visit('index.html');
// And what index.html preloads besides: the app's entry, which start.ts imports dynamically once
// the page is painted (decision 0038), is part of the start all the same.
const html = readFileSync(join(outDir, 'index.html'), 'utf8');
for (const [link] of html.matchAll(/<link [^>]*rel="modulepreload"[^>]*>/g)) {
  const href = /href="\/([^"]+)"/.exec(link)?.[1];
  if (!href) fail(`index.html has a modulepreload link without a local href: ${link}`);
  const key = Object.keys(manifest).find((name) => manifest[name].file === href);
  if (!key) fail(`index.html preloads ${href}, which the manifest does not list.`);
  visit(key);
}

const gzipKb = (file) => gzipSync(readFileSync(join(outDir, file)), { level: 9 }).length / 1000;
const measure = (files) => [...files].map((file) => ({ file, kb: gzipKb(file) }));
const jsFiles = measure(js);
const total = (files) => files.reduce((sum, { kb }) => sum + kb, 0);

const report = (label, files, budget) => {
  const sum = total(files);
  console.log(`${label}: ${sum.toFixed(2)} KB gzip (budget ${budget} KB)`);
  for (const { file, kb } of files) console.log(`  ${file}  ${kb.toFixed(2)} KB`);
  return sum <= budget;
};

console.log('Home page initial load, production build (dist/web):');
const jsOk = report('JavaScript', jsFiles, BUDGET.jsKb);
// The stylesheet every page inlines is the first screen's (index.html's head links it; the
// server inlines it): the budget is on it. The rules of the parts only an interaction shows,
// linked at the end of the body, load after the first paint and are reported
// (vite.config.ts, `firstScreenStylesheet`).
const stylesheets = [...html.matchAll(/<link rel="stylesheet"[^>]*>/g)].map(([link]) => ({
  file: /href="\/([^"]+)"/.exec(link)?.[1],
  afterPaint: link.includes('data-after-paint'),
}));
const firstScreen = stylesheets.filter((s) => !s.afterPaint && s.file).map((s) => s.file);
const afterPaint = stylesheets.filter((s) => s.afterPaint && s.file).map((s) => s.file);
if (firstScreen.length === 0) fail('index.html links no first-screen stylesheet in its head.');
const cssOk = report('CSS inlined, the first screen', measure(firstScreen), BUDGET.cssKb);
console.log(
  `CSS after the first paint (menus, toasts): ${total(measure(afterPaint)).toFixed(2)} KB gzip`,
);

// The admin console: its dynamic entries and what they import beyond the home page's chunks.
const admin = new Set();
const adminCss = new Set();
const visitAdmin = (key) => {
  const chunk = manifest[key];
  if (!chunk || js.has(chunk.file) || admin.has(chunk.file)) return;
  admin.add(chunk.file);
  // Its stylesheet is an asset the chunk links itself (app/admin-console/admin.css).
  for (const file of [...(chunk.css ?? []), ...(chunk.assets ?? [])]) {
    if (file.endsWith('.css') && !css.has(file)) adminCss.add(file);
  }
  for (const next of chunk.imports ?? []) visitAdmin(next);
};
for (const key of ADMIN_ENTRIES) {
  if (!manifest[key]?.isDynamicEntry) fail(`${key} is not a lazily loaded chunk.`);
  visitAdmin(key);
}
console.log('Admin console (/admin), loaded on demand:');
const adminJsOk = report('JavaScript', measure(admin), ADMIN_BUDGET.jsKb);
const adminCssOk = report('CSS', measure(adminCss), ADMIN_BUDGET.cssKb);
const adminOk = adminJsOk && adminCssOk;

// Each language's messages: a page preloads its own language's page namespaces as one cached file
// (data, not script; decisions 0037, 0060), the console fetches its namespace. Compiled as the
// server compiles them. Reported, not budgeted: only the visitor's language is ever sent.
const PAGE_NAMESPACES = ['portal', 'access', 'errors'];
const localesDir = join(root, 'locales');
const compiledKb = (language, namespaces) => {
  const messages = {};
  for (const namespace of namespaces) {
    const source = JSON.parse(
      readFileSync(join(localesDir, language, `${namespace}.json`), 'utf8'),
    );
    for (const [id, text] of Object.entries(source)) messages[id] = compileMessage(text);
  }
  return gzipSync(JSON.stringify(messages), { level: 9 }).length / 1000;
};
console.log("Messages per language (gzip; only the visitor's language is sent):");
for (const language of readdirSync(localesDir).sort()) {
  const page = compiledKb(language, PAGE_NAMESPACES).toFixed(2);
  const console_ = compiledKb(language, ['admin']).toFixed(2);
  console.log(`  ${language}: page ${page} KB (a cached file), admin ${console_} KB`);
}
if (!jsOk || !cssOk || !adminOk) fail('over budget.');
console.log('Within budget.');
