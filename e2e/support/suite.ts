import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import {
  sharedKeycloak,
  startKeycloak,
  type RunningKeycloak,
} from '../../scripts/keycloak/keycloak.mjs';
import { launchBrowser } from './browser.js';
import { freePort, startPortal, type PortalServer } from './server.js';

/**
 * One built portal (demo catalog, given environment) and one browser for the whole test file,
 * started before its tests and stopped after them.
 */
export function usePortalAndBrowser(
  env: Record<string, string> | ((port: number) => Record<string, string>) = {},
): {
  readonly portal: PortalServer;
  readonly browser: Browser;
} {
  let portal: PortalServer | undefined;
  let browser: Browser | undefined;
  beforeAll(async () => {
    // The environment may name the port (PUBLIC_URL on another host name, for instance).
    const port = await freePort();
    const settings = typeof env === 'function' ? env(port) : env;
    [portal, browser] = await Promise.all([startPortal(settings, { port }), launchBrowser()]);
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

/**
 * A real Keycloak (test realm), one built portal signing in through it with the given catalog
 * file, and one browser for the whole test file. The portal's port is chosen first so that the
 * realm allows exactly its callback. Keycloak gets 240 s to start: a busy two-core machine
 * needs more than the default.
 *
 * The Keycloak is the run's shared one (global-setup.ts), in a realm of this file's own, made
 * from the realm file: what one file changes (memberships, sessions) no other file sees. With
 * `ownKeycloak`, a Keycloak of the file's own, for a file that stops it.
 */
export function useKeycloakPortalAndBrowser(
  catalogYaml: string,
  env: Record<string, string> = {},
  { ownKeycloak = false }: { ownKeycloak?: boolean } = {},
): {
  readonly keycloak: RunningKeycloak;
  readonly portal: PortalServer;
  readonly browser: Browser;
} {
  let keycloak: RunningKeycloak | undefined;
  let portal: PortalServer | undefined;
  let browser: Browser | undefined;
  let catalogDir: string | undefined;
  beforeAll(async () => {
    const port = await freePort();
    keycloak = await (ownKeycloak ? startKeycloak : sharedKeycloak)({
      portalUrls: [`http://127.0.0.1:${port}`],
      timeoutMs: 240_000,
      log: (line) => console.log(line),
    });
    console.log(`Keycloak start: ${(keycloak.startupMs / 1000).toFixed(1)} s`);
    catalogDir = mkdtempSync(join(tmpdir(), 'portal-e2e-catalog-'));
    writeFileSync(join(catalogDir, 'catalog.yaml'), catalogYaml);
    [portal, browser] = await Promise.all([
      startPortal(
        { OIDC_ISSUER: keycloak.issuer, CATALOG_FILE: join(catalogDir, 'catalog.yaml'), ...env },
        { port },
      ),
      launchBrowser(),
    ]);
  }, 400_000);
  afterAll(async () => {
    await browser?.close();
    await portal?.stop();
    await keycloak?.stop();
    if (catalogDir) rmSync(catalogDir, { recursive: true, force: true });
  }, 60_000);
  const started = <T>(value: T | undefined, what: string): T => {
    if (value === undefined) throw new Error(`${what} is not started yet`);
    return value;
  };
  return {
    get keycloak() {
      return started(keycloak, 'Keycloak');
    },
    get portal() {
      return started(portal, 'the portal');
    },
    get browser() {
      return started(browser, 'the browser');
    },
  };
}
