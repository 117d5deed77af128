import { existsSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { fileURLToPath } from 'node:url';
import type { RenderPage } from '../../shared/api/page-schemas.js';

/**
 * dist/ssr/entry-server.js (built by `vite build --ssr`, see package.json's build:web), found
 * from this file in both src/server/spa (tests) and dist/server/spa (built).
 */
export const DEFAULT_SSR_ENTRY = fileURLToPath(
  new URL('../../../dist/ssr/entry-server.js', import.meta.url),
);

/**
 * Loads the server-rendering bundle's `render` once, at start. Null when it has not been built:
 * the page is then sent without rendered markup and the browser renders it (as before SSR).
 */
export async function loadRenderer(path = DEFAULT_SSR_ENTRY): Promise<RenderPage | null> {
  if (!existsSync(path)) return null;
  const bundle = (await import(pathToFileURL(path).href)) as { render?: unknown };
  if (typeof bundle.render !== 'function') {
    throw new Error(`${path} does not export a render function`);
  }
  return bundle.render as RenderPage;
}
