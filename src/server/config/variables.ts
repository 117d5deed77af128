// Longer than 400 lines: the one table of every environment variable, each with its parser,
// default and documentation (docs/configuration.md is checked against it). One entry per
// variable in one place reads better than the table split in parts.
import {
  addressList,
  autoBool,
  bool,
  databaseUrl,
  httpUrl,
  issuerUrl,
  kumaSlug,
  language,
  logLevel,
  mailFrom,
  nonEmpty,
  port,
  seconds,
  secondsAsMs,
  smtpUrl,
  text,
  proxyRanges,
  trustProxy,
  wholeNumber,
  type Env,
} from './parsers.js';
import { defineVariables } from './variable.js';

const DEFAULT_PORT = 8080;

function safePort(raw: string | undefined): number {
  try {
    return raw === undefined || raw === '' ? DEFAULT_PORT : port(raw, {});
  } catch {
    return DEFAULT_PORT;
  }
}

/** MONITOR_PROBE=auto: probes run when no other status source is configured. */
const noMonitorSource = (env: Env) => !env.UPTIME_KUMA_URL && !env.MONITOR_PROXY_URL;

/**
 * Every environment variable the server reads, in the order the docs list them: where its value
 * lands in Config, its meaning, its default and its parser (variable.ts says how to read an
 * entry). docs/configuration.md and .env.example are kept in step with it by variables.test.ts.
 */
export const VARIABLES = defineVariables({
  PORT: {
    at: 'port',
    description: 'TCP port the server listens on.',
    defaultText: String(DEFAULT_PORT),
    parse: port,
  },
  HOST: {
    at: 'host',
    description:
      'Address the server listens on. The default accepts local connections only; set `0.0.0.0` (or `::`) to serve other machines.',
    defaultText: '127.0.0.1',
    parse: nonEmpty,
  },
  PUBLIC_URL: {
    at: 'publicUrl',
    description:
      'The address people use to reach the portal (scheme, host, port, no path). The identity provider sends people back to `{PUBLIC_URL}/auth/callback` and, after sign-out, to `PUBLIC_URL`; with https, cookies are `Secure` and HSTS is sent.',
    defaultText: 'http://localhost:{PORT}',
    parse: httpUrl,
    fallback: (env) => `http://localhost:${safePort(env.PORT)}`,
  },
  DATA_DIR: {
    at: 'dataDir',
    description:
      'Folder for the SQLite database (`portal.db`) and its lock file; logos live in the database (files found in `{DATA_DIR}/storage` from older versions are imported at start-up). Created when missing.',
    defaultText: './data',
    parse: nonEmpty,
  },
  DATABASE_URL: {
    at: 'database.url',
    description:
      'Where the data lives. Unset or `sqlite:` is the SQLite file `{DATA_DIR}/portal.db` (one process); `sqlite:PATH` another file; `postgres://user:password@host:5432/db` a PostgreSQL server, which several instances can share (docs/deploy.md). An unreachable database stops the start-up with a message.',
    defaultText: 'sqlite:',
    secret: true,
    parse: databaseUrl,
    // Unset stays undefined: db/database.ts reads it as the SQLite file under DATA_DIR.
    fallback: () => undefined,
  },
  DATABASE_POOL_SIZE: {
    at: 'database.poolSize',
    description: 'PostgreSQL only: most connections each instance keeps open to the server.',
    defaultText: '10',
    parse: wholeNumber(1, 1000),
  },
  CATALOG_FILE: {
    at: 'catalogFile',
    description:
      'A YAML or JSON file `{ apps: [...], portal: {...} }` applied at start-up when its content changed since it was last applied: new apps are added and the fields (and branding) the file changed are updated, audited as `catalog-file` (nothing is deleted; console edits are kept). See docs/catalog.md.',
    parse: nonEmpty,
  },
  DEFAULT_LANGUAGE: {
    at: 'defaultLanguage',
    description:
      'The language of pages for visitors who chose none, whose identity provider sends no `locale` and whose browser asks for none the portal speaks: `en`, `de`, `fr`, `es` or `ar`. Catalog texts given per language fall back to it. See docs/i18n.md.',
    defaultText: 'en',
    parse: language,
  },
  DEMO_CATALOG: {
    at: 'demoCatalog',
    description:
      'Load the demo catalog into an empty database when no `CATALOG_FILE` is set. `false` starts with an empty catalog.',
    defaultText: 'true',
    parse: bool,
  },
  OIDC_ISSUER: {
    at: 'oidc.issuer',
    description:
      'Issuer URL of the OpenID Connect provider, e.g. `https://sso.example.edu/realms/app-portal` for Keycloak (found by OpenID discovery). Unset: nobody can sign in (the public catalog is served and sign-in says it is not configured), unless `DEMO_IDP=true`. See docs/auth.md.',
    parse: issuerUrl,
  },
  DEMO_IDP: {
    at: 'demoIdp',
    description:
      'Development only: `true` runs the built-in demo identity provider at `{PUBLIC_URL}/dev-idp` (demo accounts with well-known passwords, `admin/admin` is an admin) when `OIDC_ISSUER` is unset. Refused at start-up with `NODE_ENV=production`, or when `HOST` or `PUBLIC_URL` is not a loopback address. `npm start` sets it on a fresh clone (no `OIDC_ISSUER`, loopback `HOST`) and says so.',
    defaultText: 'false',
    parse: bool,
  },
  OIDC_CLIENT_ID: {
    at: 'oidc.clientId',
    description:
      "The portal's client id at the provider. Bearer tokens must name it in `azp` or `aud`.",
    defaultText: 'app-portal',
    parse: nonEmpty,
  },
  OIDC_CLIENT_SECRET: {
    at: 'oidc.clientSecret',
    description: 'Client secret when the client is confidential; unset for a public client.',
    secret: true,
    parse: nonEmpty,
  },
  OIDC_GROUPS_CLAIM: {
    at: 'oidc.groupsClaim',
    description:
      "Token claim holding the user's groups: a list of names or Keycloak full paths (one leading `/` removed; `/a/b` is the group `a/b`). A claim that is not a list, or an entry with white space around it, empty segments or control characters, grants nothing (docs/decisions/0023-group-claims.md).",
    defaultText: 'user_groups',
    parse: nonEmpty,
  },
  OIDC_ADMIN_ROLE: {
    at: 'oidc.adminRole',
    description: 'Realm role (`realm_access.roles`) that makes a user a portal admin.',
    defaultText: 'portal-admin',
    parse: nonEmpty,
  },
  OIDC_CLOCK_TOLERANCE: {
    at: 'oidc.clockToleranceSeconds',
    description:
      'Clock leeway, in seconds, allowed when checking token times (`exp`, `nbf`, `iat`).',
    defaultText: '30',
    parse: seconds(300),
  },
  OIDC_REQUIRE_AT_JWT: {
    at: 'oidc.requireAtJwt',
    description:
      'Accept only bearer tokens whose header `typ` is `at+jwt` (RFC 9068). Set `true` when the provider marks its access tokens so (Keycloak: the client\'s advanced setting _Use "at+jwt" as access token header type_). Otherwise a header `typ` of `JWT`, or none, is accepted too. ID, refresh and logout tokens are refused either way (docs/auth.md). On with the demo identity provider.',
    defaultText: 'false',
    parse: bool,
  },
  PORTAL_TITLE: {
    at: 'portal.title',
    description: 'Title shown in the header and the browser tab.',
    defaultText: 'App Portal',
    parse: nonEmpty,
  },
  PORTAL_SUBTITLE: {
    at: 'portal.subtitle',
    description: 'Sub-title shown under the title in the header.',
    defaultText: 'MMGE App Portal',
    parse: text,
  },
  PORTAL_FOOTER: {
    at: 'portal.footer',
    description: 'The footer line.',
    defaultText: '© 2023 Indiana University',
    parse: text,
  },
  MONITOR_INTERVAL: {
    at: 'monitor.intervalSeconds',
    description:
      'Seconds between two status monitor cycles. Each cycle reads every source once, however many browsers are open.',
    defaultText: '30',
    parse: wholeNumber(1, 3600, ' of seconds'),
  },
  MONITOR_TIMEOUT: {
    at: 'monitor.timeoutSeconds',
    description:
      'Seconds the monitor waits for one answer (Uptime Kuma, the proxy, or one probe with its redirects) before counting it as failed.',
    defaultText: '10',
    parse: wholeNumber(1, 300, ' of seconds'),
  },
  MONITOR_DROP_AFTER: {
    at: 'monitor.dropAfterSeconds',
    description:
      "While a source fails, its last good statuses are kept (stale); they are dropped once older than this many seconds, and the apps' status becomes unknown.",
    defaultText: '600',
    parse: wholeNumber(0, 604800, ' of seconds'),
  },
  UPTIME_KUMA_URL: {
    at: 'monitor.uptimeKuma?.url',
    description:
      'Base address of an Uptime Kuma server, e.g. `https://status.example.edu`; the monitor reads its `/metrics` (gauge `monitor_status`, matched to apps by `monitor_url`).',
    parse: httpUrl,
  },
  UPTIME_KUMA_API_KEY: {
    at: 'monitor.uptimeKuma.apiKey',
    description:
      "An Uptime Kuma API key, sent as the basic-auth password of `/metrics` as Kuma expects. Unset when Kuma's metrics need no authentication.",
    secret: true,
    parse: nonEmpty,
  },
  MONITOR_PROXY_URL: {
    at: 'monitor.proxyUrl',
    description:
      'Base address of an external monitor proxy; the monitor reads `{MONITOR_PROXY_URL}/monitor-status`, which answers `[{url, status}]`.',
    parse: httpUrl,
  },
  MONITOR_PROBE: {
    at: 'monitor.probe.enabled',
    description:
      "Built-in HTTP probes of the apps' http(s) links: `true`, `false`, or `auto` (on when neither `UPTIME_KUMA_URL` nor `MONITOR_PROXY_URL` is set).",
    defaultText: 'auto',
    parse: autoBool(noMonitorSource),
  },
  DEMO_STATUS: {
    at: 'monitor.demo',
    description:
      'Simulated statuses for the demo catalog: while the catalog is exactly the demo catalog as loaded, its apps get their statuses, history and notices from a built-in story, labelled as simulated, instead of probes (which can only find them down). Never with `CATALOG_FILE` or `DEMO_CATALOG=false`, nor once an app is added or changed (docs/decisions/0026-demo-status.md). `true`, `false`, or `auto` (on when neither `UPTIME_KUMA_URL` nor `MONITOR_PROXY_URL` is set).',
    defaultText: 'auto',
    parse: autoBool(noMonitorSource),
  },
  MONITOR_PROBE_AUTH_OK: {
    at: 'monitor.probe.authOk',
    description:
      'Count a probe answered 401 or 403 as Up, for apps behind a sign-in wall. Otherwise only 2xx and 3xx answers are Up.',
    defaultText: 'false',
    parse: bool,
  },
  MONITOR_PROBE_CONCURRENCY: {
    at: 'monitor.probe.concurrency',
    description: 'Probes in flight at once.',
    defaultText: '8',
    parse: wholeNumber(1, 64),
  },
  UPTIME_KUMA_STATUS_PAGE: {
    at: 'monitor.kumaStatusPage',
    description:
      'Slug of a public Uptime Kuma status page (needs `UPTIME_KUMA_URL`); its incident and active maintenance windows are shown as notices above the sections. See docs/monitor.md.',
    parse: kumaSlug,
  },
  STATUS_HISTORY_DAYS: {
    at: 'monitor.historyDays',
    description:
      "Days of status history (each app's state changes) kept for the cards' strips and `GET /api/apps/{id}/uptime`; older changes are deleted once an hour.",
    defaultText: '30',
    parse: wholeNumber(1, 366, ' of days'),
  },
  SMTP_URL: {
    at: 'mail?.smtpUrl',
    description:
      'The mail server for access-request e-mail: `smtp://user:password@host:587` (STARTTLS when the server offers it) or `smtps://user:password@host:465` (TLS); user and password URL-encoded. Unset: no e-mail is sent (such messages are marked skipped in the deliveries list). See docs/access-requests-delivery.md.',
    secret: true,
    parse: smtpUrl,
  },
  MAIL_FROM: {
    at: 'mail.from',
    description:
      "Sender of the portal's e-mail, e.g. `App Portal <portal@example.edu>`. Required with `SMTP_URL`.",
    parse: mailFrom,
  },
  ACCESS_WEBHOOK_URL: {
    at: 'accessWebhook?.url',
    description:
      'An http(s) address that receives every access event (request, withdrawal, decision, expiry) as a signed JSON POST, e.g. for a ticket system; retried like e-mail. Unset: no webhook. See docs/access-requests-delivery.md, "Webhook".',
    secret: true,
    parse: httpUrl,
  },
  ACCESS_WEBHOOK_SECRET: {
    at: 'accessWebhook.secret',
    description:
      "Shared secret of the webhook's HMAC-SHA256 signature (`X-App-Portal-Signature`); at least 16 characters. Required with `ACCESS_WEBHOOK_URL`.",
    secret: true,
    parse: nonEmpty,
  },
  KEYCLOAK_ADMIN_CLIENT_ID: {
    at: 'keycloakAdmin?.clientId',
    description:
      "Client id of a confidential Keycloak client with a service account, in the realm of `OIDC_ISSUER`, allowed to read groups and change group membership (docs/access-requests-delivery.md, least privilege). Set: approving an access request adds the user to the app's group, expiry removes them, and the admin console's group picker offers the realm's groups. Unset: approvers add members by hand.",
    parse: nonEmpty,
  },
  KEYCLOAK_ADMIN_CLIENT_SECRET: {
    at: 'keycloakAdmin.clientSecret',
    description: 'Secret of the `KEYCLOAK_ADMIN_CLIENT_ID` client. Required with it.',
    secret: true,
    parse: nonEmpty,
  },
  KEYCLOAK_ADMIN_URL: {
    at: 'keycloakAdmin.adminUrl',
    description:
      "The realm's Admin REST address, when it differs from the one derived from `OIDC_ISSUER` (`https://sso/realms/R` → `https://sso/admin/realms/R`), e.g. when the admin API is served on another host.",
    parse: httpUrl,
  },
  LOG_LEVEL: {
    at: 'logLevel',
    description: 'Log level: fatal, error, warn, info, debug, trace or silent.',
    defaultText: 'info',
    parse: logLevel,
  },
  TRUST_PROXY: {
    at: 'trustProxy',
    description:
      'Set when a reverse proxy forwards requests: which peers may set `X-Forwarded-For`/`-Proto`/`-Host`. `false` (off), `true` (any peer: only when nothing else can reach the port), a number of proxy hops, or comma-separated addresses/CIDR ranges such as `127.0.0.1,::1`. Decides the client address used by rate limits and logs. Cookies are `Secure` from `PUBLIC_URL`, not from headers.',
    defaultText: 'false',
    parse: trustProxy,
  },
  TRUSTED_PROXIES: {
    at: 'trustedProxies',
    description:
      "Comma-separated addresses or CIDR ranges of the reverse proxies whose `X-Forwarded-For` and `Forwarded` headers are believed, for the visitor's network (docs/networks.md) and, like `TRUST_PROXY`, the client address of rate limits and logs; headers from other peers are ignored. Replaces `TRUST_PROXY` (set only one); without it, a `TRUST_PROXY` address list counts for the network too, `true` or a hop count does not (decision 0058).",
    parse: proxyRanges,
    fallback: (): string[] => [],
  },
  RATE_LIMIT: {
    at: 'limits.rateLimit',
    description:
      'Rate limits per client address (answers 429 with `Retry-After`). `false` turns every limit off (not for production).',
    defaultText: 'true',
    parse: bool,
  },
  RATE_LIMIT_GLOBAL: {
    at: 'limits.globalPerMinute',
    description:
      'Global ceiling: requests per minute per client address over all routes (health and metrics are never counted).',
    defaultText: '1200',
    parse: wholeNumber(1, 10_000_000),
  },
  RATE_LIMIT_GLOBAL_ALLOW: {
    at: 'limits.globalAllowList',
    description:
      'Comma-separated client addresses the global ceiling does not count (the `/auth` and write limits still do), so that local benchmarks and health checkers are not cut. Behind a proxy on the same machine set `TRUST_PROXY`, or every client is `127.0.0.1`; `none` exempts nobody.',
    defaultText: '127.0.0.1,::1',
    parse: addressList,
  },
  RATE_LIMIT_AUTH: {
    at: 'limits.authPerMinute',
    description:
      'Requests per minute per client address to `/auth/*` (sign-in starts, callbacks, silent checks, sign-out).',
    defaultText: '60',
    parse: wholeNumber(1, 1_000_000),
  },
  RATE_LIMIT_WRITE: {
    at: 'limits.writePerMinute',
    description:
      'State-changing API requests (`POST`, `PUT`, `PATCH`, `DELETE` on `/api/*`) per minute per client address.',
    defaultText: '120',
    parse: wholeNumber(1, 1_000_000),
  },
  ACCESS_EXPIRY_REMINDER_DAYS: {
    at: 'access.reminderDays',
    description:
      "Days before time-boxed access ends (an app's `access.days`) that the user gets a reminder by e-mail (docs/access-requests.md).",
    defaultText: '7',
    parse: wholeNumber(1, 365),
  },
  ACCESS_JOBS_INTERVAL: {
    at: 'access.jobsIntervalMs',
    description:
      'Seconds between two runs of the access jobs (docs/access-requests.md): ending time-boxed access that has expired, its reminders, and retrying memberships the identity provider refused. One instance runs them (on PostgreSQL the holder of an advisory lock).',
    defaultText: '60',
    parse: secondsAsMs(1, 3600),
  },
  OUTBOX_SENT_RETENTION_DAYS: {
    at: 'outbox.sentRetentionDays',
    description:
      'Days a delivered notification (outbox row `sent`) is kept for the deliveries list before the outbox sender deletes it (docs/access-requests-delivery.md).',
    defaultText: '30',
    parse: wholeNumber(1, 3650),
  },
  OUTBOX_FAILED_RETENTION_DAYS: {
    at: 'outbox.failedRetentionDays',
    description:
      'Days a notification that failed for good or was skipped is kept, so that an admin can retry it, before the outbox sender deletes it. At least `OUTBOX_SENT_RETENTION_DAYS`.',
    defaultText: '365',
    parse: wholeNumber(1, 36500),
  },
  NOTIFY_CONFIRM_SECONDS: {
    at: 'notify.confirmSeconds',
    description:
      'Seconds a new app state must hold before followers are told (docs/notifications.md, "Messages"); a flapping app sends nothing.',
    defaultText: '120',
    parse: wholeNumber(0, 86400),
  },
  SIGN_ON_PENDING_PER_CLIENT: {
    at: 'limits.signOnPendingPerClient',
    description:
      "Sign-ins under way (sign-on state rows) kept per client address; a newer one replaces the client's oldest.",
    defaultText: '10',
    parse: wholeNumber(1, 1000),
  },
  SIGN_ON_PENDING_MAX: {
    at: 'limits.signOnPendingMax',
    description:
      'Sign-ins under way kept in total; beyond it the oldest are dropped. Expired ones (60 minutes) are pruned.',
    defaultText: '10000',
    parse: wholeNumber(10, 10_000_000),
  },
  HEADERS_TIMEOUT: {
    at: 'server.headersTimeoutMs',
    description:
      "Seconds a client may take to send a request's headers; slower connections are cut (408).",
    defaultText: '10',
    parse: secondsAsMs(1, 600),
  },
  REQUEST_TIMEOUT: {
    at: 'server.requestTimeoutMs',
    description:
      'Seconds a client may take to send a whole request (headers and body); slower ones are cut (408). At least `HEADERS_TIMEOUT`.',
    defaultText: '30',
    parse: secondsAsMs(1, 3600),
  },
  KEEP_ALIVE_TIMEOUT: {
    at: 'server.keepAliveTimeoutMs',
    description:
      "Seconds an idle keep-alive connection stays open. Behind a reverse proxy, keep it above the proxy's own upstream keep-alive time-out.",
    defaultText: '5',
    parse: secondsAsMs(1, 600),
  },
  IDLE_TIMEOUT: {
    at: 'server.idleTimeoutMs',
    description:
      'Seconds of silence (nothing sent or received) after which a connection is closed, even in the middle of a request.',
    defaultText: '60',
    parse: secondsAsMs(1, 3600),
  },
  MAX_CONNECTIONS: {
    at: 'server.maxConnections',
    description:
      "Open connections accepted at once; further ones are closed at once. Keep it below the process's open-file limit (`ulimit -n`).",
    defaultText: '1000',
    parse: wholeNumber(1, 1_000_000),
  },
  SHUTDOWN_TIMEOUT: {
    at: 'server.shutdownTimeoutMs',
    description:
      'Seconds a graceful shutdown (SIGTERM, SIGINT) may take: new connections are refused, requests in flight finish, then the monitor and database close. Past it, or on a second signal, the process exits at once with status 1.',
    defaultText: '10',
    parse: secondsAsMs(1, 3600),
  },
  SLOW_REQUEST_MS: {
    at: 'server.slowRequestMs',
    description:
      'Requests are logged at `debug`; those slower than this many milliseconds at `warn`, and 5xx answers at `error`.',
    defaultText: '1000',
    parse: wholeNumber(1, 600_000),
  },
  METRICS_TOKEN: {
    at: 'metricsToken',
    description:
      'When set, `GET /metrics` also answers any address that sends `Authorization: Bearer <this token>`. Unset: only requests made directly on this machine (loopback, not forwarded by a proxy); others get 404.',
    secret: true,
    parse: nonEmpty,
  },
  NODE_ENV: {
    at: 'nodeEnv',
    description:
      '`production` marks a production deployment (development-only helpers refuse to run).',
    defaultText: 'development',
    parse: nonEmpty,
  },
});
