import { chmodSync, mkdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { buildPortal } from './app.js';
import { ConfigError, loadConfig } from './config/load-config.js';
import { CatalogError } from './catalog/catalog-file.js';
import { prepareCatalog } from './admin/catalog-startup.js';
import { purgeExpiredTrash } from './admin/admin.service.js';
import { createTrashPurge } from './admin/trash-purge.js';
import { startCatalogNotifier } from './catalog/catalog-notify.js';
import { withStartupLock } from './db/startup-lock.js';
import { createMonotonicClock } from './lib/clock.js';
import { createRepositories } from './repositories.js';
import {
  createMonitorLeadership,
  leaderOnlyHistory,
  shareNotices,
  shareSources,
} from './monitor/monitor-leader.js';
import {
  connectDatabase,
  DatabaseError,
  DataDirInUseError,
  lockDataDirFor,
  parseDatabaseUrl,
} from './db/database.js';
import { MigrationError, migrateToLatest } from './db/migrate.js';
import { createFileStorage } from './files/file-storage.js';
import { DevIdpRefusedError, resolveIdentityProvider } from './dev-idp/dev-idp.js';
import { loggerOptions } from './http/request-log.js';
import { monitoredApps } from './catalog/monitored-apps.js';
import { createMonitorFromConfig } from './monitor/monitor-setup.js';
import { demoStatusCatalog } from './admin/demo-status-catalog.js';
import { createGroupDirectoryFromConfig } from './directory/directory-setup.js';
import { createOutboxSenderFromConfig } from './outbox/outbox-setup.js';
import { createOutbox } from './outbox/outbox.js';
import { createNotifier } from './notifier/notifier.js';
import { ACCESS_JOBS_LOCK_KEY } from './access/access-expiry.js';
import { createAdvisoryLeadership } from './db/advisory-leader.js';
import { idleCollectorForProcess } from './system/idle-collector.js';

function version(): string {
  try {
    const pkg = JSON.parse(
      readFileSync(new URL('../../package.json', import.meta.url), 'utf8'),
    ) as { version?: string };
    return pkg.version ?? '0.0.0';
  } catch {
    return '0.0.0';
  }
}

/** Owns the process: configuration, database, catalog, listening and a graceful close. */
async function main(): Promise<void> {
  // Without OIDC_ISSUER nobody signs in, unless DEMO_IDP=true asks for the demo IdP (loopback,
  // development only; refused otherwise).
  const { config, devIdp } = resolveIdentityProvider(loadConfig(process.env));
  const dataDir = resolve(config.dataDir);
  // Data at rest is the owner's only: database, WAL, logos (files 0600, folders 0700).
  process.umask(0o077);
  // DATABASE_URL: the SQLite file under DATA_DIR by default, or PostgreSQL (docs/deploy.md).
  const target = parseDatabaseUrl(config.database.url, dataDir, config.database.poolSize);
  // One server per SQLite DATA_DIR: a second one is refused here, with a clear message. On
  // PostgreSQL several instances are the point: no lock (decision 0010, docs/deploy.md).
  lockDataDirFor(target, dataDir);
  const db = await connectDatabase(target);
  // Every repository of the database, once; the app and the start-up work share them.
  const repositories = createRepositories(db);
  // Several instances on PostgreSQL hear of each other's catalog writes at once (decision 0016).
  const notifier =
    target.kind === 'postgres'
      ? startCatalogNotifier(db, target.url, repositories.catalogChanges, {
          log: (message) => console.error(message),
        })
      : undefined;

  mkdirSync(join(dataDir, 'storage'), { recursive: true, mode: 0o700 });
  chmodSync(join(dataDir, 'storage'), 0o700);
  const storage = createFileStorage(join(dataDir, 'storage'));
  const { apps } = repositories;
  // Replicas started together on one PostgreSQL database take turns: the first migrates and
  // loads the catalog, the others find both done.
  await withStartupLock(target, async () => {
    await migrateToLatest(db);
    await prepareCatalog({
      config,
      db,
      storage,
      apps,
      admin: repositories.admin,
      branding: repositories.branding,
      networks: repositories.networks,
      // Before the app and its services exist: the admin service's purge, on this process's clock.
      purgeExpired: () =>
        purgeExpiredTrash({ admin: repositories.admin, apps, clock: createMonotonicClock() }),
      log: (message) => console.log(message),
    });
  });

  // Started after listen and stopped before the app closes; requests only read its cache.
  // On PostgreSQL one instance (the holder of an advisory lock) reads the sources for all.
  const leadership = target.kind === 'postgres' ? createMonitorLeadership(target.url) : undefined;
  // The untouched demo catalog gets simulated statuses (decision 0026).
  const demoCatalog = await demoStatusCatalog(config);
  const monitor = createMonitorFromConfig(config.monitor, {
    // Checked at their public links, else at their first address on a network.
    apps: monitoredApps(apps),
    history: repositories.statusHistory,
    demo: demoCatalog && { demoCatalog, apps },
    shared: leadership && {
      sources: (sources) =>
        shareSources(sources, {
          db,
          leadership,
          intervalMs: config.monitor.intervalSeconds * 1000,
        }),
      history: (recorder) =>
        leaderOnlyHistory(recorder, {
          leadership,
          repository: repositories.statusHistory,
        }),
      notices: (reader) =>
        shareNotices(reader, {
          db,
          leadership,
          intervalMs: config.monitor.intervalSeconds * 1000,
        }),
    },
  });
  // The first page already knows whether its statuses are simulated.
  await monitor.demo?.refresh();
  if (monitor.demo?.active) {
    console.log(
      'Demo catalog: its statuses are simulated (and say so). Adding or changing an app, ' +
        'CATALOG_FILE or DEMO_STATUS=false turns this off.',
    );
  }
  // Access notifications (docs/access-requests-delivery.md): the outbox is sent by one instance;
  // the group directory exists when the Keycloak service account is configured.
  const groupDirectory = createGroupDirectoryFromConfig(config);
  // The access jobs (expiry, membership retries): one instance, as the monitor.
  const accessLeadership = createAdvisoryLeadership(
    target.kind === 'postgres' ? target.url : undefined,
    ACCESS_JOBS_LOCK_KEY,
  );
  // The app and every service, built once (services.ts).
  const { app, services } = await buildPortal({
    accessLeadership,
    config,
    db,
    storage,
    repositories,
    devIdp,
    version: version(),
    logger: loggerOptions(config.logLevel),
    overrides: { monitor, groupDirectory },
  });
  // The trash is purged at start-up (above) and every hour while the server runs.
  const trashPurge = createTrashPurge({
    purgeExpired: () => services.admin.purgeExpired(),
    log: (message) => console.log(message),
  });

  // The memory of a busy while goes back once the server is quiet (decision 0046).
  const idleCollector = idleCollectorForProcess(({ beforeBytes, afterBytes, ms }) =>
    app.log.debug(
      {
        heapTotalBeforeMb: beforeBytes >> 20,
        heapTotalAfterMb: afterBytes >> 20,
        ms: Math.round(ms),
      },
      'idle: gave back the memory of the busy while',
    ),
  );
  if (idleCollector) {
    app.server.on('request', (request: { url?: string }) =>
      idleCollector.noteRequest(request.url ?? '/'),
    );
  }

  const outboxSender = createOutboxSenderFromConfig(config, {
    db,
    postgresUrl: target.kind === 'postgres' ? target.url : undefined,
    log: app.log.child({ module: 'outbox' }),
    // Group channels' webhooks: the channel is read when its message is sent.
    channels: services.groupChannels.lookup,
    // Notification mails sent or failed for good (portal_notifications_sent/failed_total).
    onSettled: (message, outcome) => {
      if (message.kind !== 'mail' || message.topic !== 'notification') return;
      const counters = services.operations.metrics.notifications;
      if (outcome === 'sent') counters.sent();
      else counters.failed();
    },
  });
  // Status-change messages to followers (docs/notifications.md, "Messages"): one instance.
  const statusNotifier = createNotifier({
    db,
    outbox: createOutbox(),
    confirmSeconds: config.notify.confirmSeconds,
    publicUrl: config.publicUrl,
    defaultLanguage: config.defaultLanguage,
    texts: services.serverTexts,
    postgresUrl: target.kind === 'postgres' ? target.url : undefined,
    groupChannels: services.groupChannelMessages,
    counters: services.operations.metrics.notifications,
    log: app.log.child({ module: 'notifier' }),
  });

  // Graceful shutdown: stop accepting, let requests in flight finish (idle keep-alive sockets
  // are closed, late requests on open ones get 503), stop the monitor, close the database; all
  // within SHUTDOWN_TIMEOUT. A second signal, or the time-out, exits at once with status 1.
  let closing = false;
  const close = async (signal: string) => {
    if (closing) {
      console.error(`${signal} received again: exiting now without finishing the shutdown.`);
      process.exit(1);
    }
    closing = true;
    idleCollector?.stop();
    const started = Date.now();
    app.log.info(`${signal} received, closing (at most ${config.server.shutdownTimeoutMs} ms)`);
    console.log(`${signal} received: shutting down (send it again to exit at once).`);
    setTimeout(() => {
      console.error(
        `Shutdown did not finish within SHUTDOWN_TIMEOUT (${config.server.shutdownTimeoutMs / 1000} s): exiting now.`,
      );
      process.exit(1);
    }, config.server.shutdownTimeoutMs);
    try {
      await Promise.all([
        monitor.stop(),
        trashPurge.stop(),
        app.close(),
        notifier?.stop(),
        outboxSender.stop(),
        statusNotifier.stop(),
      ]);
      await leadership?.stop();
      await accessLeadership.stop();
      await db.destroy();
      console.log(`Shut down in ${Date.now() - started} ms.`);
      process.exit(0);
    } catch (error) {
      console.error(error);
      process.exit(1);
    }
  };
  process.on('SIGINT', () => void close('SIGINT'));
  process.on('SIGTERM', () => void close('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  monitor.start({ log: app.log.child({ module: 'monitor' }) });
  trashPurge.start();
  outboxSender.start();
  statusNotifier.start();
  console.log(
    `\napp-portal is running at ${config.publicUrl}/ (listening on ${config.host}:${config.port})\n`,
  );
  if (devIdp) console.log(`${devIdp.banner()}\n`);
  else if (!config.oidc.issuer) {
    console.log(
      'Sign-in is not configured: OIDC_ISSUER is not set, so only the public apps are shown. ' +
        'Set OIDC_ISSUER (docs/auth.md), or DEMO_IDP=true for the local demo accounts.\n',
    );
  }
}

main().catch((error: unknown) => {
  if (
    error instanceof ConfigError ||
    error instanceof DevIdpRefusedError ||
    error instanceof CatalogError ||
    error instanceof MigrationError ||
    error instanceof DatabaseError ||
    error instanceof DataDirInUseError
  ) {
    console.error(`\n${error.message}\n`);
  } else {
    console.error('app-portal failed to start:', error);
  }
  process.exit(1);
});
