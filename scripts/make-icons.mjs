#!/usr/bin/env node
// Draws the portal's default app icons (public/icons/*.png) from one drawing made for this
// project (the favicon's four tiles), with the installed Chromium: run once, the PNGs are
// committed. `node scripts/make-icons.mjs` writes them again after a change of the drawing.
// Nothing leaves the machine: the page is set from a string.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { ensureChromium, ROOT } from './lib/ensure.mjs';

const OUT = join(ROOT, 'public', 'icons');
const INDIGO = '#4338ca';

/** The four tiles on a field; `inset` (0..1) is the part of each side left around the tiles. */
function drawing({ rounded, inset }) {
  const field = rounded
    ? `<rect width="100" height="100" rx="22" fill="${INDIGO}"/>`
    : `<rect width="100" height="100" fill="${INDIGO}"/>`;
  const size = 100 * (1 - 2 * inset);
  const scale = size / 18;
  const at = 100 * inset;
  // The favicon's tiles sit in 7..25 of its 32 units: drawn here in an 18-unit box.
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100">${field}` +
    `<g fill="#fff" transform="translate(${at} ${at}) scale(${scale})">` +
    '<rect x="0" y="0" width="8" height="8" rx="2"/>' +
    '<rect x="10" y="0" width="8" height="8" rx="2" opacity=".7"/>' +
    '<rect x="0" y="10" width="8" height="8" rx="2" opacity=".7"/>' +
    '<rect x="10" y="10" width="8" height="8" rx="4"/></g></svg>'
  );
}

const ICONS = [
  // "any" icons: rounded field, the tiles as in the favicon.
  {
    file: 'icon-192.png',
    size: 192,
    svg: drawing({ rounded: true, inset: 0.22 }),
    transparent: true,
  },
  {
    file: 'icon-512.png',
    size: 512,
    svg: drawing({ rounded: true, inset: 0.22 }),
    transparent: true,
  },
  // Maskable: a full-bleed field, the tiles inside the safe zone (the centre circle of 80 %).
  { file: 'icon-maskable-512.png', size: 512, svg: drawing({ rounded: false, inset: 0.3 }) },
  { file: 'icon-maskable-192.png', size: 192, svg: drawing({ rounded: false, inset: 0.3 }) },
  // iOS rounds the corners itself and shows transparency as black: full-bleed, opaque.
  { file: 'apple-touch-icon.png', size: 180, svg: drawing({ rounded: false, inset: 0.24 }) },
];

mkdirSync(OUT, { recursive: true });
const browser = await chromium.launch({
  executablePath: ensureChromium(),
  headless: true,
  args: ['--no-sandbox', '--disable-gpu'],
});
try {
  for (const icon of ICONS) {
    const page = await browser.newPage({
      viewport: { width: icon.size, height: icon.size },
      deviceScaleFactor: 1,
    });
    await page.setContent(
      `<!doctype html><html><body style="margin:0;background:transparent">` +
        `<img alt="" width="${icon.size}" height="${icon.size}" style="display:block" ` +
        `src="data:image/svg+xml,${encodeURIComponent(icon.svg)}"></body></html>`,
    );
    await page.locator('img').evaluate((img) => img.decode());
    const png = await page.screenshot({ omitBackground: icon.transparent === true, type: 'png' });
    writeFileSync(join(OUT, icon.file), png);
    await page.close();
    console.log(`${icon.file}: ${icon.size}x${icon.size}, ${png.length} bytes`);
  }
} finally {
  await browser.close();
}
