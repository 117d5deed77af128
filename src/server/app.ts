import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Config } from './config/config.js';
import type { Db } from './db/database.js';
import { startAccessJobs } from './access/access-expiry.js';
import { accessRoutes } from './access/access.routes.js';
import { adminRoutes } from './admin/admin.routes.js';
import { authRoutes } from './auth/auth.routes.js';
import { authentication } from './auth/authenticate.js';
import { brandingFilesRoutes } from './branding/branding-files.routes.js';
import { appsRoutes } from './catalog/apps.routes.js';
import type { DevIdp } from './dev-idp/dev-idp.js';
import type { AdvisoryLeadership } from './db/advisory-leader.js';
import type { FileStorage } from './files/file-storage.js';
import { filesRoutes } from './files/files.routes.js';
import { groupChannelsRoutes } from './group-channels/group-channels.routes.js';
import { compression } from './http/compression.js';
import { createHttpApp, registerInfrastructure } from './http/http-app.js';
import { messagesRoutes } from './i18n/messages.routes.js';
import { visitorLanguage } from './i18n/request-language.js';
import { createMonotonicClock } from './lib/clock.js';
import { monitorRoutes } from './monitor/monitor.routes.js';
import { networkRoutes } from './networks/network.routes.js';
import { visitorNetwork } from './networks/visitor-network.js';
import { historyRoutes } from './monitor/history/history.routes.js';
import { calendarRoutes } from './notices/calendar.routes.js';
import { noticesRoutes } from './notices/notices.routes.js';
import { unsubscribeRoutes } from './notifier/unsubscribe.routes.js';
import { noticeReceiptsRoutes } from './notices/notice-receipts.routes.js';
import { portalNoticesRoutes } from './notices/portal-notices.routes.js';
import { createRepositories, type Repositories } from './repositories.js';
import { reportsRoutes } from './reports/reports.routes.js';
import { createServices, type ServiceOverrides, type Services } from './services.js';
import { settingsRoutes } from './subscriptions/settings.routes.js';
import { subscriptionsRoutes } from './subscriptions/subscriptions.routes.js';
import { createManifestBranding } from './spa/manifest-icons.js';
import { pageRoutes } from './spa/page.routes.js';
import { preferenceRoutes } from './spa/preference.routes.js';
import { pwaRoutes } from './spa/pwa.routes.js';
import { webAppRoutes } from './spa/spa.routes.js';
import { portalInfoRoutes } from './system/system.routes.js';
import { meRoutes } from './users/me.routes.js';

export { PERSONAL_BODIES_BYTES, SHARED_BODIES_BYTES } from './services.js';

export interface AppDeps {
  config: Config;
  db: Db;
  storage: FileStorage;
  /** The database's repositories (main.ts makes them once); by default made here from `db`. */
  repositories?: Repositories;
  /** The embedded demo IdP, mounted on this app (main.ts creates it when OIDC_ISSUER is unset). */
  devIdp?: DevIdp;
  logger?: boolean | object;
  version?: string;
  /** Run the access jobs on a timer (default true; tests call runExpiry themselves). */
  accessExpiryTimer?: boolean;
  /** On PostgreSQL, who runs the access jobs (main.ts passes the advisory lock); absent: this process. */
  accessLeadership?: AdvisoryLeadership;
  /** What tests and main.ts give instead of the services' defaults (services.ts). */
  overrides?: ServiceOverrides;
}

/** Builds the whole HTTP app; never listens (main.ts does, tests use inject). */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  return (await buildPortal(deps)).app;
}

/** The app and the services it was built on (main.ts runs its timers on the same ones). */
export async function buildPortal(
  deps: AppDeps,
): Promise<{ app: FastifyInstance; services: Services }> {
  const { config, db } = deps;
  const overrides = deps.overrides ?? {};
  const app = createHttpApp(config, deps.logger);

  const log = (): FastifyBaseLogger => app.log;
  const services = await createServices(
    {
      config,
      db,
      repositories: deps.repositories ?? createRepositories(db),
      clock: createMonotonicClock(),
      now: overrides.now ?? Date.now,
      log,
      defaultLanguage: config.defaultLanguage,
    },
    overrides,
  );
  app.addHook('onClose', () => services.close());
  if (deps.accessExpiryTimer !== false) {
    const expiry = startAccessJobs(services.access, {
      leadership: deps.accessLeadership,
      intervalMs: config.access.jobsIntervalMs,
      log,
    });
    app.addHook('onClose', async () => expiry.stop());
  }

  // Infrastructure and cross-cutting concerns, then the visitor's language and operations.
  await registerInfrastructure(app, {
    config,
    db,
    version: deps.version,
    onRateLimited: services.operations.metrics.rateLimited,
  });
  await app.register(visitorLanguage, { defaultLanguage: config.defaultLanguage });
  await app.register(visitorNetwork, { networks: services.visitorNetworks });
  await app.register(services.operations.plugin);

  // The portal's own routes, in one scope with the authenticators: only they resolve who is
  // calling. The demo IdP and the built web app (static files) never need to.
  await app.register(async (portal) => {
    for (const register of portalRoutes(services, config)) await register(portal);
  });
  // One-click unsubscribe (RFC 8058), outside the portal scope on purpose: its session check
  // refuses cross-site POSTs, and a mail client posts from elsewhere (unsubscribe.routes.ts).
  await app.register(unsubscribeRoutes, {
    db,
    texts: services.serverTexts,
    now: overrides.now ?? Date.now,
    clock: createMonotonicClock(),
  });
  if (deps.devIdp) await app.register(deps.devIdp.plugin);
  if (overrides.webRoot !== false) await app.register(webAppRoutes, { root: overrides.webRoot });
  // The web app manifest and the offline page, from the branding (docs/web.md, "Installing").
  await app.register(pwaRoutes, {
    branding: createManifestBranding(services.branding),
    texts: services.serverTexts,
  });

  return { app, services };
}

type Register = (scope: FastifyInstance) => PromiseLike<unknown>;

/** The portal scope's routes, in order: one line a feature (docs/architecture.md). */
function portalRoutes(s: Services, config: Config): Register[] {
  return [
    // Large API answers and rendered pages go out compressed (static files are pre-compressed).
    (scope) => scope.register(compression),
    (scope) => scope.register(authentication, { authenticators: s.identity.authenticators }),
    (scope) => scope.register(portalInfoRoutes, { portal: s.branding.info }),
    (scope) => scope.register(messagesRoutes, { catalogs: s.catalogs, bodies: s.sharedBodies }),
    (scope) => scope.register(brandingFilesRoutes, { branding: s.branding }),
    (scope) => scope.register(appsRoutes, { apps: s.appsService, bodies: s.sharedBodies }),
    (scope) => scope.register(meRoutes, { users: s.users }),
    (scope) => scope.register(networkRoutes),
    (scope) => scope.register(accessRoutes, { access: s.access }),
    (scope) => scope.register(reportsRoutes, { reports: s.reports }),
    // Group channels: admins and a group's approvers, so outside the admin scope.
    (scope) => scope.register(groupChannelsRoutes, { channels: s.groupChannels }),
    (scope) => scope.register(filesRoutes, { apps: s.repositories.apps }),
    (scope) => scope.register(monitorRoutes, { statuses: s.monitorStatus }),
    (scope) => scope.register(historyRoutes, { uptime: s.uptime }),
    (scope) => scope.register(noticesRoutes, { notices: s.notices }),
    (scope) => scope.register(noticeReceiptsRoutes, { receipts: s.noticeReceipts }),
    (scope) =>
      scope.register(calendarRoutes, {
        calendar: s.calendar,
        portal: s.branding.info,
        texts: s.serverTexts,
      }),
    // Status subscriptions: the API, the settings page and the personal calendar.
    (scope) => scope.register(subscriptionsRoutes, { subscriptions: s.subscriptions }),
    (scope) =>
      scope.register(settingsRoutes, {
        subscriptions: s.subscriptions,
        texts: s.serverTexts,
        calendar: s.calendar,
        portal: s.branding.info,
        visibleApps: (viewer, language) => s.snapshot.visibleApps(viewer, language),
        signInAvailable: s.identity.routes.signIn !== undefined,
        publicUrl: config.publicUrl,
      }),
    (scope) => scope.register(authRoutes, { ...s.identity.routes, texts: s.serverTexts }),
    // The admin API (docs/admin.md): its own scope, guard and body parsers.
    (scope) =>
      scope.register(adminRoutes, {
        adminRole: config.oidc.adminRole,
        admin: s.admin,
        transfer: s.transfer,
        above: [
          (admin) =>
            admin.register(portalNoticesRoutes, {
              notices: s.portalNotices,
              receipts: s.noticeReceipts,
            }),
        ],
        branding: s.portalBranding,
        appsService: s.appsService,
        statusOf: (link) => s.results.lookup(link)?.status,
        directory: s.groupDirectory,
        outbox: s.outboxAdmin,
        networks: s.networksAdmin,
      }),
    async (scope) => {
      if (s.pages) {
        await scope.register(pageRoutes, {
          pages: s.pages,
          bodies: s.sharedBodies,
          personal: s.personalBodies,
        });
      }
    },
    // The theme and language menus' forms (docs/web.md, "Themes"; docs/i18n.md).
    (scope) => scope.register(preferenceRoutes, { publicUrl: config.publicUrl }),
  ];
}
