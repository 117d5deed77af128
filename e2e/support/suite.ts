import type { Browser } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { launchBrowser } from './browser.js';
import { startPortal, type PortalServer } from './server.js';

/**
 * One built portal (demo catalog, given environment) and one browser for the whole test file,
 * started before its tests and stopped after them.
 */
export function usePortalAndBrowser(env: Record<string, string> = {}): {
  readonly portal: PortalServer;
  readonly browser: Browser;
} {
  let portal: PortalServer | undefined;
  let browser: Browser | undefined;
  beforeAll(async () => {
    [portal, browser] = await Promise.all([startPortal(env), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await portal?.stop();
  });
  return {
    get portal() {
      if (!portal) throw new Error('the portal is not started yet');
      return portal;
    },
    get browser() {
      if (!browser) throw new Error('the browser is not started yet');
      return browser;
    },
  };
}
