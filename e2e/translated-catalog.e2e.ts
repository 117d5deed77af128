import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BrowserContext } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { expectCleanAndClose, watch } from './support/browser.js';
import { usePortalAndBrowser } from './support/suite.js';

// Catalog texts per language (docs/catalog.md): a catalog file gives IGV's description in
// English and German. A German browser reads the German one, on the server's page and after the
// app hydrated; a French browser (no French text) reads the default language's, English.

const CATALOG = `apps:
  - { id: galaxy, name: Galaxy, description: Workflows for data analysis., link: https://galaxy.example.edu/, isPublic: true }
  - id: igv
    name: { en: IGV, de: IGV }
    description:
      en: Genome browser for sequencing data.
      de: Genombrowser für Sequenzierdaten.
    link: https://igv.example.edu/
    isPublic: true
`;
const catalogDir = mkdtempSync(join(tmpdir(), 'portal-e2e-translated-'));
writeFileSync(join(catalogDir, 'catalog.yaml'), CATALOG);
afterAll(() => rmSync(catalogDir, { recursive: true, force: true }));

const suite = usePortalAndBrowser({ CATALOG_FILE: join(catalogDir, 'catalog.yaml') });

const GERMAN = 'Genombrowser für Sequenzierdaten.';
const ENGLISH = 'Genome browser for sequencing data.';

async function browserIn(locale: string, js: boolean): Promise<BrowserContext> {
  const context = await suite.browser.newContext({ locale, javaScriptEnabled: js });
  await context.route(
    (url) => url.hostname.endsWith('.example.edu'),
    (route) => route.abort(),
  );
  return context;
}

const igvCard = (page: Awaited<ReturnType<BrowserContext['newPage']>>) =>
  page.getByRole('article').filter({ hasText: 'IGV' });

describe('an app description given per language', () => {
  it('is German on the server-rendered page of a German browser (no JavaScript)', async () => {
    const context = await browserIn('de-DE', false);
    const page = await context.newPage();
    await page.goto(suite.portal.url);
    expect(await page.getAttribute('html', 'lang')).toBe('de');
    expect(await igvCard(page).textContent()).toContain(GERMAN);
    expect(await page.getByText(ENGLISH).count()).toBe(0);
    await context.close();
  });

  it('stays German after hydration, the other card keeps its one text, search reads German', async () => {
    const context = await browserIn('de-DE', true);
    const watched = await watch(context);
    const page = await context.newPage();
    const answers: Promise<unknown>[] = [];
    page.on('response', (response) => {
      if (new URL(response.url()).pathname === '/api/apps') answers.push(response.json());
    });
    await page.goto(suite.portal.url);
    await page.waitForLoadState('networkidle');
    // Whatever the app asks GET /api/apps after hydrating is answered in German too.
    for (const answer of await Promise.all(answers)) {
      const { items } = answer as { items: { id: string; description: string }[] };
      expect(items.find((app) => app.id === 'igv')?.description).toBe(GERMAN);
    }
    await igvCard(page).getByText(GERMAN).waitFor();
    expect(await page.getByText('Workflows for data analysis.').count()).toBe(1);
    expect(await page.getByText(ENGLISH).count()).toBe(0);
    // The search matches the texts of the page's language.
    // Hydrated: the search box (named in German here) works only with JavaScript.
    const search = page.getByRole('searchbox');
    await expect.poll(() => search.isEnabled(), { timeout: 20_000 }).toBe(true);
    await search.fill('Genombrowser');
    await expect
      .poll(() => page.getByRole('article').locator('h3').allTextContents())
      .toEqual(['IGV']);
    await expectCleanAndClose(context, watched);
  });

  it('falls back to the default language (English) for a French browser', async () => {
    for (const js of [false, true]) {
      const context = await browserIn('fr-FR', js);
      const page = await context.newPage();
      await page.goto(suite.portal.url);
      if (js) await page.waitForLoadState('networkidle');
      expect(await page.getAttribute('html', 'lang')).toBe('fr');
      await igvCard(page).getByText(ENGLISH).waitFor();
      expect(await page.getByText(GERMAN).count()).toBe(0);
      await context.close();
    }
  });
});
