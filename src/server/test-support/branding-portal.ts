import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { LightMyRequestResponse } from 'fastify';
import type { AppDeps } from '../app.js';
import { APPLE_TOUCH_ICON, DEFAULT_ICONS } from '../spa/web-manifest.js';
import { bearer, createTestContext, type TestAppSpec, type TestContext } from './test-app.js';

/**
 * The set-up the branding tests share (branding/, spa/pwa.routes): a portal on an in-memory
 * database with an admin's and a user's token, optionally a built web app (the page template and
 * its stylesheet, the PWA icons and service worker), and the calls they make.
 */

/** The built page as far as the branding cares: a favicon link, a title, one stylesheet. */
export const PAGE_TEMPLATE = `<!doctype html>
<html lang="en">
  <head>
    <link rel="icon" type="image/svg+xml" href="/favicon.svg" />
    <title>App Portal</title>
    <link rel="stylesheet" crossorigin href="/assets/index-Ef56Gh78.css">
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>
`;
export const PAGE_STYLESHEET = ':root{--color-primary:red}';
/** The service worker a built web app serves at /sw.js. */
export const SERVICE_WORKER = "const VERSION = 'abc';\nself.addEventListener('fetch', () => {});\n";
/** The committed icons (public/icons) the manifest names by default. */
export const PUBLIC_DIR = fileURLToPath(new URL('../../../public', import.meta.url));

/** The texts of `GET /api/portal` with nothing set and no PORTAL_* configuration. */
export const DEFAULT_PORTAL = {
  title: 'App Portal',
  subtitle: 'MMGE App Portal',
  footer: '© 2023 Indiana University',
  footerLink: '',
  accentColor: '',
  logoUrl: null,
  faviconUrl: null,
  version: 0,
  signInAvailable: true,
};

export type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

export interface BrandingAuditEntry {
  action: string;
  appId: string | null;
  actor: { username: string };
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
}

export interface BrandingPortal {
  ctx: TestContext;
  /** Tokens of an admin (role portal-admin) and of alice (group genomics). */
  admin: string;
  alice: string;
  /** A request as `token` ('' for anonymous); objects are sent as JSON, bytes as `contentType`. */
  call(
    method: Method,
    url: string,
    token: string,
    body?: unknown,
    contentType?: string,
  ): Promise<LightMyRequestResponse>;
  /** A request as the admin, with extra headers. */
  asAdmin(
    method: Method,
    url: string,
    body?: unknown,
    headers?: Record<string, string>,
  ): Promise<LightMyRequestResponse>;
  /** `GET /api/portal`'s answer. */
  portal(): Promise<Record<string, unknown>>;
  /** The audit log's `branding` entries, newest first. */
  brandingAudit(): Promise<BrandingAuditEntry[]>;
  close(): Promise<void>;
}

/** A built web app in a temporary folder: the page and its stylesheet, and with `pwa` the icons and the worker. */
function makeWebRoot(pwa: boolean): string {
  const root = mkdtempSync(join(tmpdir(), 'branding-web-'));
  writeFileSync(join(root, 'index.html'), PAGE_TEMPLATE);
  mkdirSync(join(root, 'assets'));
  writeFileSync(join(root, 'assets', 'index-Ef56Gh78.css'), PAGE_STYLESHEET);
  if (pwa) {
    mkdirSync(join(root, 'icons'));
    for (const icon of [...DEFAULT_ICONS.map((i) => i.src), APPLE_TOUCH_ICON]) {
      copyFileSync(join(PUBLIC_DIR, icon), join(root, icon));
    }
    writeFileSync(join(root, 'sw.js'), SERVICE_WORKER);
  }
  return root;
}

export async function startBrandingPortal(
  options: {
    /** Serve a built page (server-rendered with the branding). */
    pages?: boolean;
    /** Also the PWA's files (icons, service worker). */
    pwa?: boolean;
    env?: Record<string, string>;
    apps?: TestAppSpec[];
    deps?: Partial<AppDeps>;
  } = {},
): Promise<BrandingPortal> {
  const webRoot = options.pages || options.pwa ? makeWebRoot(options.pwa ?? false) : undefined;
  const ctx = await createTestContext({
    apps: options.apps,
    env: options.env,
    deps: { ...(webRoot ? { webRoot, renderPage: null } : {}), ...options.deps },
  });
  const admin = await ctx.issuer.tokenFor('admin', [], {
    realm_access: { roles: ['portal-admin'] },
  });
  const alice = await ctx.issuer.tokenFor('alice', ['genomics']);

  const send = (
    method: Method,
    url: string,
    headers: Record<string, string>,
    body: unknown,
    contentType: string | undefined,
  ) =>
    ctx.app.inject({
      method,
      url,
      headers: {
        ...(body === undefined || contentType === undefined ? {} : { 'content-type': contentType }),
        ...headers,
      },
      ...(body === undefined
        ? {}
        : {
            payload:
              Buffer.isBuffer(body) || typeof body === 'string' ? body : JSON.stringify(body),
          }),
    });

  const call: BrandingPortal['call'] = (method, url, token, body, contentType) =>
    send(method, url, token ? bearer(token) : {}, body, contentType ?? 'application/json');

  const asAdmin: BrandingPortal['asAdmin'] = (method, url, body, headers = {}) =>
    send(
      method,
      url,
      { ...bearer(admin), ...headers },
      body,
      Buffer.isBuffer(body) || typeof body === 'string' ? undefined : 'application/json',
    );

  return {
    ctx,
    admin,
    alice,
    call,
    asAdmin,
    async portal() {
      const response = await call('GET', '/api/portal', '');
      if (response.statusCode !== 200) throw new Error(`GET /api/portal: ${response.statusCode}`);
      return response.json();
    },
    async brandingAudit() {
      const items = (await call('GET', '/api/admin/audit', admin)).json()
        .items as BrandingAuditEntry[];
      return items.filter((entry) => entry.action === 'branding');
    },
    async close() {
      await ctx.close();
      if (webRoot) rmSync(webRoot, { recursive: true, force: true });
    },
  };
}
