// Longer than 400 lines: the composition root builds every service and registers every route of
// the app in one place. The way to shorten it is one createServices() shared with main.ts and the
// CLI, and the routes as a short table (docs/architecture.md, "Layers of the server").
import cookie from '@fastify/cookie';
import Fastify, { type FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Config } from './config/config.js';
import type { Db } from './db/database.js';
import { startAccessJobs } from './access/access-expiry.js';
import { createAccessRequestsRepository } from './access/access-requests.repository.js';
import { accessRoutes } from './access/access.routes.js';
import { createAccessService } from './access/access.service.js';
import type { Outbox } from './access/ports.js';
import { adminRoutes } from './admin/admin.routes.js';
import { createAdminService } from './admin/admin.service.js';
import { createCatalogReader } from './admin/catalog-reader.js';
import { createCatalogTransferService } from './admin/catalog-transfer.service.js';
import {
  createActivePortalNotices,
  createPortalNoticesService,
} from './notices/portal-notices.service.js';
import { createPortalBrandingService } from './admin/branding/portal-branding.service.js';
import { authRoutes } from './auth/auth.routes.js';
import { authentication } from './auth/authenticate.js';
import { createIdentity } from './auth/identity.js';
import { brandingFilesRoutes } from './branding/branding-files.routes.js';
import { createBranding } from './branding/branding.service.js';
import type { OidcClient } from './auth/oidc-client.js';
import type { TokenVerifier } from './auth/token-verifier.js';
import { appsRoutes } from './catalog/apps.routes.js';
import { createAppsService } from './catalog/apps.service.js';
import { createCatalogSnapshot } from './catalog/catalog-snapshot.js';
import type { DevIdp } from './dev-idp/dev-idp.js';
import type { GroupDirectory } from './directory/keycloak-directory.js';
import { createOutbox, createOutboxAdmin } from './outbox/outbox.js';
import type { AdvisoryLeadership } from './db/advisory-leader.js';
import type { FileStorage } from './files/file-storage.js';
import { filesRoutes } from './files/files.routes.js';
import { createLogoChecker } from './files/logo-checker.js';
import { compression } from './http/compression.js';
import {
  createCompressedBodies,
  createPersonalBodies,
  type CompressedBodies,
  type PersonalBodies,
} from './http/compressed-bodies.js';
import { refuseControlCharacters } from './http/control-characters.js';
import { registerErrorHandling } from './http/error-handler.js';
import { openapi } from './http/openapi.js';
import { rateLimits } from './http/rate-limits.js';
import { requestLog } from './http/request-log.js';
import { closingGuard, limitConnections, serverOptions } from './http/server-options.js';
import { securityHeaders } from './http/security-headers.js';
import { AJV_OPTIONS, buildSerializer, buildValidator } from './http/validation.js';
import { createMonotonicClock } from './lib/clock.js';
import type { Monitor } from './monitor/monitor.js';
import { monitorRoutes } from './monitor/monitor.routes.js';
import { createMonitorStatusService } from './monitor/monitor.service.js';
import { NO_RESULTS } from './monitor/status-cache.js';
import {
  withDemoHistory,
  withDemoHistoryView,
  withDemoNotices,
  withDemoResults,
} from './monitor/demo/demo-overlay.js';
import { historyRoutes } from './monitor/history/history.routes.js';
import { createUptimeService } from './monitor/history/uptime.service.js';
import { NO_NOTICES } from './monitor/notice-board.js';
import { noticesRoutes } from './notices/notices.routes.js';
import { portalNoticesRoutes } from './notices/portal-notices.routes.js';
import { createNoticesService } from './notices/notices.service.js';
import { createRepositories, type Repositories } from './repositories.js';
import { createOperations } from './system/operations.js';
import { portalInfoRoutes } from './system/system.routes.js';
import { canonicalOrigin } from './http/canonical-origin.js';
import { meRoutes } from './users/me.routes.js';
import { createUsersService } from './users/users.service.js';
import type { RenderPage } from '../shared/api/page-schemas.js';
import { pageRoutes } from './spa/page.routes.js';
import { preferenceRoutes } from './spa/preference.routes.js';
import { shippedCatalogs, type Catalogs } from './i18n/catalogs.js';
import { createTranslators } from './i18n/translator.js';
import { messagesRoutes } from './i18n/messages.routes.js';
import { loadPages } from './spa/page.service.js';
import { DEFAULT_WEB_ROOT, webAppRoutes } from './spa/spa.routes.js';
import { pwaRoutes } from './spa/pwa.routes.js';
import { createManifestBranding } from './spa/manifest-icons.js';

export interface AppDeps {
  config: Config;
  db: Db;
  storage: FileStorage;
  /** The database's repositories (main.ts makes them once); by default made here from `db`. */
  repositories?: Repositories;
  /** Bearer token verifier; by default one for config.oidc.issuer (none without an issuer). */
  verifier?: TokenVerifier;
  /** The status monitor whose cache GET /api/monitor-status reads; without one it answers []. */
  monitor?: Monitor;
  /** The embedded demo IdP, mounted on this app (main.ts creates it when OIDC_ISSUER is unset). */
  devIdp?: DevIdp;
  /** The OIDC client of the browser sign-in; by default one for config.oidc.issuer. */
  oidc?: OidcClient;
  /** The identity provider's groups, written with a service account; null or absent: none set. */
  groupDirectory?: GroupDirectory | null;
  /** Clock of sessions and sign-on state, in epoch milliseconds (tests move it). */
  now?: () => number;
  logger?: boolean | object;
  version?: string;
  /** Folder of the built web app (default dist/web); false serves the API only. */
  webRoot?: string | false;
  /** Renders the home page on the server; by default dist/ssr's bundle (null: the browser does). */
  renderPage?: RenderPage | null;
  /** The message catalogs (tests may pass their own); default: locales/ (i18n/catalogs.ts). */
  catalogs?: Catalogs;
  /** The notifications outbox of access requests; by default the database's (src/server/outbox). */
  accessOutbox?: Outbox;
  /** Run the access jobs on a timer (default true; tests call runExpiry themselves). */
  accessExpiryTimer?: boolean;
  /** Shared answers kept compressed (decision 0035); by default SHARED_BODIES_BYTES of them. */
  sharedBodies?: CompressedBodies;
  /** Signed-in users' last pages kept compressed; by default PERSONAL_BODIES_BYTES of them. */
  personalBodies?: PersonalBodies;
  /** On PostgreSQL, who runs the access jobs (main.ts passes the advisory lock); absent: this process. */
  accessLeadership?: AdvisoryLeadership;
}

/**
 * Bound of the shared compressed answers: the anonymous page at 500 apps is 1.5 MB with its
 * copies (brotli 29 KB, gzip 45 KB), times three themes, plus the catalog answers.
 */
export const SHARED_BODIES_BYTES = 16 * 1024 * 1024;
/** Bound of the signed-in users' kept pages (brotli 1: about 45 KB each at 500 apps). */
export const PERSONAL_BODIES_BYTES = 16 * 1024 * 1024;

/** Builds the whole HTTP app; never listens (main.ts does, tests use inject). */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, db } = deps;
  const app = Fastify({
    logger: deps.logger ?? false,
    bodyLimit: 64 * 1024,
    // Production hardening (docs/operations.md): proxies, time-outs, connection caps.
    ...serverOptions(config),
    // Bodies validated as sent, query strings and params coerced from text (http/validation.ts).
    ajv: { customOptions: AJV_OPTIONS },
    schemaController: { compilersFactory: { buildValidator, buildSerializer } },
  }).withTypeProvider<TypeBoxTypeProvider>();
  limitConnections(app, config);

  // Data access and services: built once here, handed to the routes.
  const repos = deps.repositories ?? createRepositories(db);
  const snapshot = createCatalogSnapshot(repos.apps, { defaultLanguage: config.defaultLanguage });
  const visibleApps = snapshot.visibleApps;
  const clock = createMonotonicClock();
  const now = deps.now ?? Date.now;
  // The monitor's readers; for the untouched demo catalog, its simulated statuses (decision 0026).
  const demo = deps.monitor?.demo;
  const baseResults = deps.monitor?.results ?? NO_RESULTS;
  const results = demo ? withDemoResults(baseResults, demo, now) : baseResults;
  const historyView = demo
    ? withDemoHistoryView(deps.monitor?.history, demo, now)
    : deps.monitor?.history;
  const appsService = createAppsService({ snapshot });
  // Answers compressed once and kept (decision 0035): shared ones, and each user's own.
  const sharedBodies =
    deps.sharedBodies ?? createCompressedBodies({ maxBytes: SHARED_BODIES_BYTES });
  const personalBodies =
    deps.personalBodies ?? createPersonalBodies({ maxBytes: PERSONAL_BODIES_BYTES });
  const monitorStatus = createMonitorStatusService({
    visibleApps,
    results,
    history: historyView,
  });
  // Status history (docs/monitor.md): read here, written by the monitor.
  const uptime = createUptimeService({
    visibleApps,
    repository: demo ? withDemoHistory(repos.statusHistory, demo) : repos.statusHistory,
    history: historyView,
    now: deps.now,
  });
  const board = deps.monitor?.notices ?? NO_NOTICES;
  const notices = createNoticesService({
    visibleApps,
    results,
    board: demo ? withDemoNotices(board, demo, now) : board,
    // Notices admins post, read from the database: every viewer (and instance) sees them at once.
    portal: createActivePortalNotices({
      notices: repos.portalNotices,
      now,
      defaultLanguage: config.defaultLanguage,
    }),
  });
  // The portal's texts in every language (locales/, docs/i18n.md): read and compiled once.
  const catalogs = deps.catalogs ?? shippedCatalogs();
  const serverTexts = createTranslators(catalogs, ['server']);
  // Access requests (docs/access-requests.md): above the admin layer, wired here.
  const accessService = createAccessService({
    db,
    requests: createAccessRequestsRepository(db),
    apps: repos.apps,
    accessSettings: snapshot.accessSettings,
    sessions: repos.sessions,
    directory: deps.groupDirectory ?? null,
    outbox: deps.accessOutbox ?? createOutbox({ now: deps.now }),
    adminRole: config.oidc.adminRole,
    publicUrl: config.publicUrl,
    // Mails in DEFAULT_LANGUAGE: the recipients' languages are not known (docs/i18n.md).
    mailTexts: { language: config.defaultLanguage, t: serverTexts(config.defaultLanguage) },
    reminderDays: config.access.reminderDays,
    now: deps.now,
    log: () => app.log,
  });
  if (deps.accessExpiryTimer !== false) {
    const expiry = startAccessJobs(accessService, {
      leadership: deps.accessLeadership,
      intervalMs: config.access.jobsIntervalMs,
      log: () => app.log,
    });
    app.addHook('onClose', async () => expiry.stop());
  }
  const usersService = createUsersService({
    users: repos.users,
    apps: repos.apps,
    adminRole: config.oidc.adminRole,
    clock,
    isApprover: (principal) => accessService.isApprover(principal),
    defaultLanguage: config.defaultLanguage,
  });
  // Logos are checked in worker threads, started on first use and stopped with the app.
  const logoChecker = createLogoChecker();
  app.addHook('onClose', () => logoChecker.close());
  const adminService = createAdminService({
    admin: repos.admin,
    apps: repos.apps,
    clock,
    logoChecks: logoChecker.checks,
    defaultLanguage: config.defaultLanguage,
  });
  // Catalog imports are read (YAML, .zip, logos) in a worker thread, stopped with the app.
  const catalogReader = createCatalogReader();
  app.addHook('onClose', () => catalogReader.close());
  const portalNotices = createPortalNoticesService({
    notices: repos.portalNotices,
    admin: repos.admin,
    db,
    clock,
    defaultLanguage: config.defaultLanguage,
  });
  // Operations: metrics, liveness and readiness (docs/operations.md).
  const operations = createOperations({
    config,
    db,
    apps: repos.apps,
    activeSessions: () => repos.sessions.countActive(Date.now()),
    loadCatalog: () => visibleApps(null),
    monitor: deps.monitor,
    log: () => app.log,
  });
  const identity = createIdentity({
    config,
    sessions: repos.sessions,
    onSignIn: operations.metrics.signIn,
    syncUser: async (principal) => {
      await usersService.sync(principal);
      // A group that arrived with this sign-in or refresh confirms an approved request.
      await accessService.noteMembership(principal);
    },
    log: () => app.log,
    verifier: deps.verifier,
    oidc: deps.oidc,
    now: deps.now,
  });

  // The portal's texts, and whether anyone can sign in here (no sign-in control without an IdP).
  const signInAvailable = identity.routes.signIn !== undefined;
  // Branding admins set over the configuration's texts (decision 0028), read by every instance.
  const branding = createBranding({
    repository: repos.branding,
    defaults: config.portal,
    signInAvailable,
    defaultLanguage: config.defaultLanguage,
    logoChecks: logoChecker.checks,
  });
  const portalBranding = createPortalBrandingService({
    repository: repos.branding,
    branding,
    db,
    clock,
    logoChecks: logoChecker.checks,
    defaultLanguage: config.defaultLanguage,
  });
  const transfer = createCatalogTransferService({
    admin: repos.admin,
    apps: repos.apps,
    clock,
    reader: catalogReader,
    branding: { repository: repos.branding, service: portalBranding },
    defaultLanguage: config.defaultLanguage,
  });
  // The home page rendered for each viewer, from the same services as the API (src/server/spa).
  const pages =
    deps.webRoot === false
      ? null
      : await loadPages({
          root: deps.webRoot ?? DEFAULT_WEB_ROOT,
          render: deps.renderPage,
          visibleApps: snapshot.listedApps,
          me: (principal, user, language) => usersService.me(principal, user, language),
          portal: branding.info,
          catalogs,
          signInAvailable,
          statusSimulated: () => demo?.active ?? false,
          log: () => app.log,
        });
  // Its render worker, if any, stops with the app.
  if (pages) app.addHook('onClose', () => pages.close());

  // Infrastructure and cross-cutting concerns.
  registerErrorHandling(app);
  refuseControlCharacters(app);
  await app.register(securityHeaders, { publicUrl: config.publicUrl, issuer: config.oidc.issuer });
  // 127.0.0.1 and localhost are one portal for people: pages and sign-in move to PUBLIC_URL.
  await app.register(canonicalOrigin, { publicUrl: config.publicUrl });
  await app.register(requestLog, { slowMs: config.server.slowRequestMs });
  // Shutdown answers and rate limits (after the security headers, so 503/429 carry them too).
  await app.register(closingGuard);
  await app.register(rateLimits, {
    limits: config.limits,
    onRejected: operations.metrics.rateLimited,
    db,
  });
  await app.register(cookie);
  await app.register(openapi, { version: deps.version ?? '0.0.0', publicUrl: config.publicUrl });
  await app.register(operations.plugin);
  app.addHook('onSend', async (request, reply) => {
    // API answers depend on who asks: never stored by shared caches or the browser.
    if (request.url.startsWith('/api/') && !reply.hasHeader('cache-control')) {
      void reply.header('cache-control', 'no-store');
    }
  });

  // The portal's own routes, in one scope with the authenticators: only they resolve who is
  // calling. The demo IdP and the built web app (static files) never need to.
  await app.register(async (portal) => {
    // Large API answers and rendered pages go out compressed (static files are pre-compressed).
    await portal.register(compression);
    await portal.register(authentication, { authenticators: identity.authenticators });
    await portal.register(portalInfoRoutes, {
      portal: branding.info,
      defaultLanguage: config.defaultLanguage,
    });
    await portal.register(messagesRoutes, { catalogs, bodies: sharedBodies });
    await portal.register(brandingFilesRoutes, { branding });
    await portal.register(appsRoutes, {
      apps: appsService,
      bodies: sharedBodies,
      defaultLanguage: config.defaultLanguage,
    });
    await portal.register(meRoutes, {
      users: usersService,
      defaultLanguage: config.defaultLanguage,
    });
    await portal.register(accessRoutes, { access: accessService });
    await portal.register(filesRoutes, { apps: repos.apps });
    await portal.register(monitorRoutes, { statuses: monitorStatus });
    await portal.register(historyRoutes, { uptime });
    await portal.register(noticesRoutes, { notices, defaultLanguage: config.defaultLanguage });
    await portal.register(authRoutes, {
      ...identity.routes,
      texts: serverTexts,
      defaultLanguage: config.defaultLanguage,
    });
    // The admin API (docs/admin.md): its own scope, guard and body parsers.
    await portal.register(adminRoutes, {
      adminRole: config.oidc.adminRole,
      admin: adminService,
      transfer,
      above: [(scope) => scope.register(portalNoticesRoutes, { notices: portalNotices })],
      branding: portalBranding,
      appsService,
      statusOf: (link) => results.lookup(link)?.status,
      directory: deps.groupDirectory ?? null,
      outbox: createOutboxAdmin(db, { now }),
    });
    if (pages) {
      await portal.register(pageRoutes, {
        pages,
        bodies: sharedBodies,
        personal: personalBodies,
        defaultLanguage: config.defaultLanguage,
      });
    }
    // The theme and language menus' forms (docs/web.md, "Themes"; docs/i18n.md).
    await portal.register(preferenceRoutes, { publicUrl: config.publicUrl });
  });
  if (deps.devIdp) await app.register(deps.devIdp.plugin);
  if (deps.webRoot !== false) await app.register(webAppRoutes, { root: deps.webRoot });
  // The web app manifest and the offline page, from the branding (docs/web.md, "Installing").
  await app.register(pwaRoutes, {
    branding: createManifestBranding(branding),
    texts: serverTexts,
    defaultLanguage: config.defaultLanguage,
  });

  return app;
}
