import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { servicesBuilt } from './services.js';
import { createTestContext } from './test-support/test-app.js';

const SERVER = fileURLToPath(new URL('.', import.meta.url));

/** The production files of src/server, by path from it. */
function productionFiles(dir = SERVER): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'test-support' ? [] : productionFiles(path);
    return /\.ts$/.test(entry.name) && !/\.test\.ts$/.test(entry.name)
      ? [relative(SERVER, path)]
      : [];
  });
}

/** Factories of what a process needs one of: its services and its worker pools. */
const FACTORY =
  /\bcreate(?:\w+Service|Identity|Branding|Operations|LogoChecker|CatalogReader|CatalogSnapshot)\(/;
/**
 * Where a factory may run outside services.ts: a process of its own (the CLI), the start-up's
 * reader (closed before the app serves), a service made of parts it builds itself, and the
 * notification services' part of the composition (each called once, from services.ts).
 */
const ALLOWED = new Set([
  'notification-services.ts',
  'cli/catalog.ts',
  'admin/catalog-startup.ts',
  'auth/identity.ts',
  'spa/page.service.ts',
]);

describe('createServices', () => {
  it('runs once for an app: every service of the app is built once', async () => {
    const before = servicesBuilt();
    const context = await createTestContext();
    try {
      expect(servicesBuilt() - before).toBe(1);
    } finally {
      await context.close();
    }
  });

  it('is the only production file that builds services or worker pools', () => {
    const builders = productionFiles().filter((file) => {
      if (file === 'services.ts' || ALLOWED.has(file)) return false;
      // A factory's own declaration is not a call of it.
      const text = readFileSync(join(SERVER, file), 'utf8').replace(/function create\w+\(/g, '');
      return FACTORY.test(text);
    });
    expect(builders).toEqual([]);
  });
});
