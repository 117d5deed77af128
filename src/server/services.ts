// The services of one process, built once (docs/architecture.md, "Layers of the server"): the app
// (app.ts) hands them to its routes, main.ts to its start-up work and timers.
import type { FastifyBaseLogger } from 'fastify';
import type { RenderPage } from '../shared/api/page-schemas.js';
import { createAccessRequestsRepository } from './access/access-requests.repository.js';
import { createAccessService } from './access/access.service.js';
import type { Outbox } from './access/ports.js';
import { createPortalBrandingService } from './branding/portal-branding.service.js';
import { createAdminService } from './admin/admin.service.js';
import { createNetworksAdminService } from './admin/admin-networks.service.js';
import { createCatalogReader } from './admin/catalog-reader.js';
import { createCatalogTransferService } from './admin/catalog-transfer.service.js';
import { createIdentity } from './auth/identity.js';
import type { OidcClient } from './auth/oidc-client.js';
import type { TokenVerifier } from './auth/token-verifier.js';
import { createBranding } from './branding/branding.service.js';
import { createAppsService } from './catalog/apps.service.js';
import { createCatalogSnapshot } from './catalog/catalog-snapshot.js';
import type { Config } from './config/config.js';
import type { Db } from './db/database.js';
import type { GroupDirectory } from './directory/keycloak-directory.js';
import { createLogoChecker } from './files/logo-checker.js';
import {
  createCompressedBodies,
  createPersonalBodies,
  type CompressedBodies,
  type PersonalBodies,
} from './http/compressed-bodies.js';
import { shippedCatalogs, type Catalogs } from './i18n/catalogs.js';
import { createTranslators } from './i18n/translator.js';
import {
  withDemoHistory,
  withDemoHistoryView,
  withDemoNotices,
  withDemoResults,
} from './monitor/demo/demo-overlay.js';
import { createUptimeService } from './monitor/history/uptime.service.js';
import type { Monitor } from './monitor/monitor.js';
import { createMonitorStatusService } from './monitor/monitor.service.js';
import { NO_NOTICES } from './monitor/notice-board.js';
import { NO_RESULTS } from './monitor/status-cache.js';
import { createNoticesService } from './notices/notices.service.js';
import {
  createActivePortalNotices,
  createPortalNoticesService,
} from './notices/portal-notices.service.js';
import { createOutbox, createOutboxAdmin } from './outbox/outbox.js';
import { createNotificationServices } from './notification-services.js';
import type { Repositories } from './repositories.js';
import { createMaintenanceCalendar } from './notices/maintenance-calendar.js';
import { createNoticeReceiptsRepository } from './notices/notice-receipts.repository.js';
import { createNoticeReceipts } from './notices/notice-receipts.service.js';
import { createReportLimiter } from './reports/report-limits.js';
import { createReportsService } from './reports/reports.service.js';
import { trustedProxyRanges } from './networks/trusted-proxies.js';
import { createVisitorNetworks } from './networks/visitor-network.js';
import { loadPages } from './spa/page.service.js';
import { DEFAULT_WEB_ROOT } from './spa/spa.routes.js';
import { createOperations } from './system/operations.js';
import { createUsersService } from './users/users.service.js';

/**
 * Bound of the shared compressed answers: the anonymous page at 500 apps is 1.5 MB with its
 * copies (brotli 29 KB, gzip 45 KB), times three themes, plus the catalog answers.
 */
export const SHARED_BODIES_BYTES = 16 * 1024 * 1024;
/** Bound of the signed-in users' kept pages (brotli 1: about 45 KB each at 500 apps). */
export const PERSONAL_BODIES_BYTES = 16 * 1024 * 1024;

/** What every service of the process works with. */
export interface ServiceContext {
  config: Config;
  db: Db;
  repositories: Repositories;
  /** The time of writes (ISO 8601), never going back (lib/clock.ts). */
  clock: () => string;
  /** Epoch milliseconds of sessions, notices and jobs (tests move it). */
  now: () => number;
  /** The app's logger, read when something is logged. */
  log: () => FastifyBaseLogger;
  /** DEFAULT_LANGUAGE: the language of texts nobody asked for in another. */
  defaultLanguage: Config['defaultLanguage'];
}

/** What a test or main.ts gives instead of a default; nothing given, the default is built. */
export interface ServiceOverrides {
  /** Bearer token verifier; by default one for config.oidc.issuer (none without an issuer). */
  verifier?: TokenVerifier;
  /** The status monitor whose cache GET /api/monitor-status reads; without one it answers []. */
  monitor?: Monitor;
  /** The OIDC client of the browser sign-in; by default one for config.oidc.issuer. */
  oidc?: OidcClient;
  /** The identity provider's groups, written with a service account; null or absent: none set. */
  groupDirectory?: GroupDirectory | null;
  /** Clock of sessions and sign-on state, in epoch milliseconds (tests move it). */
  now?: () => number;
  /** Folder of the built web app (default dist/web); false serves the API only. */
  webRoot?: string | false;
  /** Renders the home page on the server; by default dist/ssr's bundle (null: the browser does). */
  renderPage?: RenderPage | null;
  /** The message catalogs (tests may pass their own); default: locales/ (i18n/catalogs.ts). */
  catalogs?: Catalogs;
  /** The notifications outbox of access requests; by default the database's (src/server/outbox). */
  accessOutbox?: Outbox;
  /** Shared answers kept compressed (decision 0035); by default SHARED_BODIES_BYTES of them. */
  sharedBodies?: CompressedBodies;
  /** Signed-in users' last pages kept compressed; by default PERSONAL_BODIES_BYTES of them. */
  personalBodies?: PersonalBodies;
}

/** How many times createServices ran in this process (its test holds it to one per app). */
let built = 0;
export const servicesBuilt = () => built;

/**
 * Every service of the process, each built once, in the order they need each other. `close()`
 * stops what runs in worker threads (logo checks, catalog reading, page rendering).
 */
export async function createServices(context: ServiceContext, overrides: ServiceOverrides = {}) {
  built += 1;
  const { config, db, repositories: repos, clock, now, log, defaultLanguage } = context;
  const closers: (() => Promise<unknown>)[] = [];
  // The networks admins define and the one each request comes from (docs/networks.md).
  const visitorNetworks = createVisitorNetworks({
    repository: repos.networks,
    trustedProxies: trustedProxyRanges(config),
    now,
  });
  const snapshot = createCatalogSnapshot(repos.apps, {
    defaultLanguage,
    networks: () => visitorNetworks.list(),
  });
  const visibleApps = snapshot.visibleApps;
  // The monitor's readers; for the untouched demo catalog, its simulated statuses (decision 0026).
  const demo = overrides.monitor?.demo;
  const baseResults = overrides.monitor?.results ?? NO_RESULTS;
  const results = demo ? withDemoResults(baseResults, demo, now) : baseResults;
  const historyView = demo
    ? withDemoHistoryView(overrides.monitor?.history, demo, now)
    : overrides.monitor?.history;
  const appsService = createAppsService({ snapshot });
  // Answers compressed once and kept (decision 0035): shared ones, and each user's own.
  const sharedBodies =
    overrides.sharedBodies ?? createCompressedBodies({ maxBytes: SHARED_BODIES_BYTES });
  const personalBodies =
    overrides.personalBodies ?? createPersonalBodies({ maxBytes: PERSONAL_BODIES_BYTES });
  const monitorStatus = createMonitorStatusService({
    visibleApps,
    results,
    statusLink: snapshot.statusLink,
    history: historyView,
  });
  // Status history (docs/monitor.md): read here, written by the monitor.
  const uptime = createUptimeService({
    visibleApps,
    repository: demo ? withDemoHistory(repos.statusHistory, demo) : repos.statusHistory,
    history: historyView,
    now: overrides.now,
  });
  const receiptsRepository = createNoticeReceiptsRepository(db);
  const storedBoard = overrides.monitor?.notices ?? NO_NOTICES;
  const board = demo ? withDemoNotices(storedBoard, demo, now) : storedBoard;
  const notices = createNoticesService({
    visibleApps,
    results,
    statusLink: snapshot.statusLink,
    board,
    // Notices admins post, read from the database: every viewer (and instance) sees them at once.
    portal: createActivePortalNotices({
      notices: repos.portalNotices,
      receipts: receiptsRepository,
      now,
      defaultLanguage,
    }),
  });
  // The public maintenance calendar (GET /calendar.ics): posted notices and status-page windows.
  const calendar = createMaintenanceCalendar({
    notices: repos.portalNotices,
    publicApps: () => visibleApps(null),
    board: () => board.active(),
    now,
    publicUrl: config.publicUrl,
    defaultLanguage,
  });
  // The portal's texts in every language (locales/, docs/i18n.md): read and compiled once.
  const catalogs = overrides.catalogs ?? shippedCatalogs();
  const serverTexts = createTranslators(catalogs, ['server']);
  // Access requests (docs/access-requests.md): above the admin layer, wired here.
  const accessService = createAccessService({
    db,
    requests: createAccessRequestsRepository(db),
    apps: repos.apps,
    accessSettings: snapshot.accessSettings,
    sessions: repos.sessions,
    directory: overrides.groupDirectory ?? null,
    outbox: overrides.accessOutbox ?? createOutbox({ now: overrides.now }),
    adminRole: config.oidc.adminRole,
    publicUrl: config.publicUrl,
    // Mails in DEFAULT_LANGUAGE: the recipients' languages are not known (docs/i18n.md).
    mailTexts: { language: defaultLanguage, t: serverTexts(defaultLanguage) },
    reminderDays: config.access.reminderDays,
    now: overrides.now,
    log,
  });
  // Problem reports to an app's support contact (docs/networks.md), through the same outbox.
  const reports = createReportsService({
    db,
    outbox: createOutbox({ now: overrides.now }),
    visibleApps: snapshot.visibleApps,
    // The status the portal shows, checked where the monitor checks the app (its public link,
    // else its first address on a network).
    appStatus: (app) => results.lookup(snapshot.statusLink(app))?.status,
    limiter: createReportLimiter(db, { log }),
    mailTexts: { language: defaultLanguage, t: serverTexts(defaultLanguage) },
    publicUrl: config.publicUrl,
    clock,
  });
  const usersService = createUsersService({
    users: repos.users,
    apps: repos.apps,
    adminRole: config.oidc.adminRole,
    clock,
    isApprover: (principal) => accessService.isApprover(principal),
    defaultLanguage,
    seenFrom: snapshot.seenFrom,
  });
  // Logos are checked in worker threads, started on first use and stopped with the app.
  const logoChecker = createLogoChecker();
  closers.push(() => logoChecker.close());
  const adminService = createAdminService({
    admin: repos.admin,
    apps: repos.apps,
    clock,
    logoChecks: logoChecker.checks,
    defaultLanguage,
    networks: repos.networks,
  });
  const networksAdmin = createNetworksAdminService({
    networks: repos.networks,
    admin: repos.admin,
    apps: repos.apps,
    clock,
    changed: visitorNetworks.invalidate,
  });
  // Catalog imports are read (YAML, .zip, logos) in a worker thread, stopped with the app.
  const catalogReader = createCatalogReader();
  closers.push(() => catalogReader.close());
  // Notices mailed to their audience, groups' channels, what people follow (docs/notifications.md).
  const notifications = createNotificationServices({
    config,
    db,
    clock,
    now: overrides.now,
    snapshot,
    serverTexts,
    users: repos.users,
  });
  const portalNotices = createPortalNoticesService({
    notices: repos.portalNotices,
    admin: repos.admin,
    db,
    clock,
    defaultLanguage,
    mailing: notifications.noticeMailing,
  });
  // Operations: metrics, liveness and readiness (docs/operations.md).
  const operations = createOperations({
    config,
    db,
    apps: repos.apps,
    activeSessions: () => repos.sessions.countActive(Date.now()),
    loadCatalog: () => visibleApps(null),
    monitor: overrides.monitor,
    log,
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
    log,
    verifier: overrides.verifier,
    oidc: overrides.oidc,
    now: overrides.now,
  });

  // The portal's texts, and whether anyone can sign in here (no sign-in control without an IdP).
  const signInAvailable = identity.routes.signIn !== undefined;
  // Branding admins set over the configuration's texts (decision 0028), read by every instance.
  const branding = createBranding({
    repository: repos.branding,
    defaults: config.portal,
    signInAvailable,
    defaultLanguage,
    logoChecks: logoChecker.checks,
  });
  const portalBranding = createPortalBrandingService({
    repository: repos.branding,
    branding,
    db,
    clock,
    logoChecks: logoChecker.checks,
    defaultLanguage,
  });
  const transfer = createCatalogTransferService({
    admin: repos.admin,
    apps: repos.apps,
    clock,
    reader: catalogReader,
    branding: { repository: repos.branding, service: portalBranding },
    defaultLanguage,
    networks: repos.networks,
    networksChanged: visitorNetworks.invalidate,
  });
  // The home page rendered for each viewer, from the same services as the API (src/server/spa).
  const pages =
    overrides.webRoot === false
      ? null
      : await loadPages({
          root: overrides.webRoot ?? DEFAULT_WEB_ROOT,
          render: overrides.renderPage,
          visibleApps: snapshot.listedApps,
          me: (principal, user, language, network) =>
            usersService.me(principal, user, language, network),
          portal: branding.info,
          notices: (viewer, language) => notices.noticesFor(viewer, language),
          catalogs,
          signInAvailable,
          statusSimulated: () => demo?.active ?? false,
          log,
        });
  // Its render worker, if any, stops with the app.
  if (pages) closers.push(() => pages.close());

  return {
    repositories: repos,
    /** The identity provider's groups (null: no service account configured). */
    groupDirectory: overrides.groupDirectory ?? null,
    /** The deliveries of the access notifications, as admins see and retry them. */
    outboxAdmin: createOutboxAdmin(db, { now }),
    snapshot,
    appsService,
    sharedBodies,
    personalBodies,
    monitorStatus,
    uptime,
    notices,
    calendar,
    catalogs,
    serverTexts,
    access: accessService,
    reports,
    users: usersService,
    admin: adminService,
    visitorNetworks,
    networksAdmin,
    portalNotices,
    groupChannels: notifications.groupChannels,
    groupChannelMessages: notifications.groupChannels.messages,
    // Dismissals and acknowledgements of notices by signed-in people (docs/notifications.md).
    noticeReceipts: createNoticeReceipts({
      notices,
      portal: repos.portalNotices,
      receipts: receiptsRepository,
      clock,
    }),
    subscriptions: notifications.subscriptions,
    operations,
    identity,
    branding,
    portalBranding,
    transfer,
    pages,
    /** The monitor's results as the app shows them (simulated for the untouched demo catalog). */
    results,
    async close(): Promise<void> {
      await Promise.all(closers.map((close) => close()));
    },
  };
}

export type Services = Awaited<ReturnType<typeof createServices>>;
