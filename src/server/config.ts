import { readFileSync } from 'node:fs';

/**
 * The server's configuration: read from environment variables once, in main.ts, validated, and
 * passed in. Every variable is declared here with its default and meaning; docs/configuration.md
 * and .env.example are kept in step with this table by config.test.ts.
 */
export interface Config {
  port: number;
  host: string;
  publicUrl: string;
  dataDir: string;
  /** Where the data lives (docs/deploy.md): `sqlite:` (default) or `postgres://` with a pool. */
  database: { url: string | undefined; poolSize: number };
  catalogFile: string | undefined;
  demoCatalog: boolean;
  /** Explicit opt-in to the built-in demo IdP (development only, loopback only). */
  demoIdp: boolean;
  oidc: {
    issuer: string | undefined;
    clientId: string;
    clientSecret: string | undefined;
    groupsClaim: string;
    adminRole: string;
    clockToleranceSeconds: number;
  };
  portal: { title: string; subtitle: string; footer: string };
  monitor: MonitorConfig;
  logLevel: string;
  nodeEnv: string;
  /** Fastify's trustProxy: false, true, a hop count, or addresses/CIDR ranges (comma-separated). */
  trustProxy: boolean | number | string;
  limits: LimitsConfig;
  server: ServerConfig;
  /** Bearer token that lets any address read /metrics; loopback only when unset. */
  metricsToken: string | undefined;
}

/** Time-outs and caps of the HTTP server, in milliseconds (docs/operations.md). */
export interface ServerConfig {
  headersTimeoutMs: number;
  requestTimeoutMs: number;
  keepAliveTimeoutMs: number;
  idleTimeoutMs: number;
  maxConnections: number;
  shutdownTimeoutMs: number;
  slowRequestMs: number;
}

/** Abuse limits (docs/operations.md). Rates are requests per minute per client address. */
export interface LimitsConfig {
  rateLimit: boolean;
  globalPerMinute: number;
  authPerMinute: number;
  writePerMinute: number;
  /** Client addresses the global ceiling does not count (the other limits still apply). */
  globalAllowList: string[];
  signOnPendingPerClient: number;
  signOnPendingMax: number;
}

/** The status monitor's sources and timing (docs/monitor.md). */
export interface MonitorConfig {
  intervalSeconds: number;
  timeoutSeconds: number;
  dropAfterSeconds: number;
  uptimeKuma: { url: string; apiKey: string | undefined } | undefined;
  proxyUrl: string | undefined;
  probe: { enabled: boolean; authOk: boolean; concurrency: number };
  /** Days of status history kept (docs/monitor.md). */
  historyDays: number;
  /** Slug of an Uptime Kuma status page whose incidents and maintenance become notices. */
  kumaStatusPage: string | undefined;
}

type Parser<T> = (raw: string) => T;

interface Variable<T> {
  name: string;
  description: string;
  /** A secret: may also be read from the file named by `{name}_FILE`. */
  secret?: boolean;
  /** Text shown as the default in docs; undefined means "no default". */
  defaultText?: string;
  parse: Parser<T>;
  fallback: (env: Partial<Record<string, string>>) => T;
}

class InvalidValue extends Error {}

const text: Parser<string> = (raw) => raw;

const nonEmpty: Parser<string> = (raw) => {
  if (raw.trim() === '') throw new InvalidValue('must not be empty');
  return raw;
};

const port: Parser<number> = (raw) => {
  const value = Number(raw);
  if (!/^\d+$/.test(raw.trim()) || value < 1 || value > 65535) {
    throw new InvalidValue('must be a whole number from 1 to 65535');
  }
  return value;
};

const seconds =
  (max: number): Parser<number> =>
  (raw) => {
    const value = Number(raw);
    if (!/^\d+$/.test(raw.trim()) || value > max) {
      throw new InvalidValue(`must be a whole number of seconds from 0 to ${max}`);
    }
    return value;
  };

const wholeNumber =
  (min: number, max: number, unit = ''): Parser<number> =>
  (raw) => {
    const value = Number(raw);
    if (!/^\d+$/.test(raw.trim()) || value < min || value > max) {
      throw new InvalidValue(`must be a whole number${unit} from ${min} to ${max}`);
    }
    return value;
  };

const bool: Parser<boolean> = (raw) => {
  const value = raw.trim().toLowerCase();
  if (['true', '1', 'yes', 'on'].includes(value)) return true;
  if (['false', '0', 'no', 'off'].includes(value)) return false;
  throw new InvalidValue('must be true or false');
};

const httpUrl: Parser<string> = (raw) => {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    throw new InvalidValue('must be an absolute http(s) URL');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new InvalidValue('must be an absolute http(s) URL');
  }
  return url.href.replace(/\/+$/, '');
};

/** Fastify's `trustProxy`: off, on (any peer), a hop count, or trusted addresses/ranges. */
const trustProxy: Parser<boolean | number | string> = (raw) => {
  const value = raw.trim();
  if (/^\d+$/.test(value)) return Number(value);
  const lower = value.toLowerCase();
  if (['true', 'false', '1', '0', 'yes', 'no', 'on', 'off'].includes(lower)) return bool(lower);
  const parts = value.split(',').map((part) => part.trim());
  if (parts.some((part) => !/^[0-9a-fA-F.:]+(\/\d{1,3})?$/.test(part))) {
    throw new InvalidValue(
      'must be false, true, a number of proxies, or comma-separated addresses/CIDR ranges',
    );
  }
  return parts.join(',');
};

const addressList: Parser<string[]> = (raw) => {
  const parts = raw
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '');
  if (parts.some((part) => !/^[0-9a-fA-F.:]+$/.test(part))) {
    throw new InvalidValue('must be comma-separated IP addresses');
  }
  return parts;
};

/** `auto` (undefined: decided from the other sources) or a boolean. */
const autoBool: Parser<boolean | undefined> = (raw) =>
  raw.trim().toLowerCase() === 'auto' ? undefined : bool(raw);

/**
 * An issuer identifier: an absolute http(s) URL kept exactly as given (a trailing slash
 * included), because tokens' `iss` and the discovery document must match it to the letter.
 */
const issuerUrl: Parser<string> = (raw) => {
  httpUrl(raw);
  const value = raw.trim();
  if (/[?#]/.test(value)) throw new InvalidValue('must not have a query or fragment');
  return value;
};

const logLevel: Parser<string> = (raw) => {
  const levels = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];
  const value = raw.trim().toLowerCase();
  if (!levels.includes(value)) throw new InvalidValue(`must be one of ${levels.join(', ')}`);
  return value;
};

/** A status page slug as Kuma allows it: letters, digits and dashes. */
const kumaSlug: Parser<string> = (raw) => {
  const value = raw.trim();
  if (!/^[A-Za-z0-9-]{1,100}$/.test(value)) {
    throw new InvalidValue('must be a status page slug (letters, digits and dashes)');
  }
  return value;
};

const databaseUrl: Parser<string> = (raw) => {
  const value = raw.trim();
  if (!/^(sqlite:|postgres(ql)?:\/\/)/i.test(value)) {
    throw new InvalidValue('must start with sqlite: or postgres://');
  }
  return value;
};

function variable<T>(spec: Variable<T>): Variable<T> {
  return spec;
}

const DEFAULT_PORT = 8080;

/** Every environment variable the server reads, in the order the docs list them. */
export const VARIABLES = {
  port: variable({
    name: 'PORT',
    description: 'TCP port the server listens on.',
    defaultText: String(DEFAULT_PORT),
    parse: port,
    fallback: () => DEFAULT_PORT,
  }),
  host: variable({
    name: 'HOST',
    description:
      'Address the server listens on. The default accepts local connections only; set `0.0.0.0` (or `::`) to serve other machines.',
    defaultText: '127.0.0.1',
    parse: nonEmpty,
    fallback: () => '127.0.0.1',
  }),
  publicUrl: variable({
    name: 'PUBLIC_URL',
    description:
      'The address people use to reach the portal (scheme, host, port, no path). The identity provider sends people back to `{PUBLIC_URL}/auth/callback` and, after sign-out, to `PUBLIC_URL`; with https, cookies are `Secure` and HSTS is sent.',
    defaultText: 'http://localhost:{PORT}',
    parse: httpUrl,
    fallback: (env) => `http://localhost:${safePort(env.PORT)}`,
  }),
  dataDir: variable({
    name: 'DATA_DIR',
    description:
      'Folder for the SQLite database (`portal.db`) and its lock file; logos live in the database (files found in `{DATA_DIR}/storage` from older versions are imported at start-up). Created when missing.',
    defaultText: './data',
    parse: nonEmpty,
    fallback: () => './data',
  }),
  databaseUrl: variable<string | undefined>({
    name: 'DATABASE_URL',
    description:
      'Where the data lives. Unset or `sqlite:` is the SQLite file `{DATA_DIR}/portal.db` (one process); `sqlite:PATH` another file; `postgres://user:password@host:5432/db` a PostgreSQL server, which several instances can share (docs/deploy.md). An unreachable database stops the start-up with a message.',
    defaultText: 'sqlite:',
    secret: true,
    parse: databaseUrl,
    fallback: () => undefined,
  }),
  databasePoolSize: variable({
    name: 'DATABASE_POOL_SIZE',
    description: 'PostgreSQL only: most connections each instance keeps open to the server.',
    defaultText: '10',
    parse: wholeNumber(1, 1000),
    fallback: () => 10,
  }),
  catalogFile: variable<string | undefined>({
    name: 'CATALOG_FILE',
    description:
      'A YAML or JSON file `{ apps: [...] }` applied at start-up when its content changed since it was last applied: new apps are added and the fields the file changed are updated, audited as `catalog-file` (nothing is deleted; console edits are kept). See docs/catalog.md.',
    parse: nonEmpty,
    fallback: () => undefined,
  }),
  demoCatalog: variable({
    name: 'DEMO_CATALOG',
    description:
      'Load the demo catalog into an empty database when no `CATALOG_FILE` is set. `false` starts with an empty catalog.',
    defaultText: 'true',
    parse: bool,
    fallback: () => true,
  }),
  oidcIssuer: variable<string | undefined>({
    name: 'OIDC_ISSUER',
    description:
      'Issuer URL of the OpenID Connect provider, e.g. `https://sso.example.edu/realms/app-portal` for Keycloak (found by OpenID discovery). Unset: nobody can sign in (the public catalog is served and sign-in says it is not configured), unless `DEMO_IDP=true`. See docs/auth.md.',
    parse: issuerUrl,
    fallback: () => undefined,
  }),
  demoIdp: variable({
    name: 'DEMO_IDP',
    description:
      'Development only: `true` runs the built-in demo identity provider at `{PUBLIC_URL}/dev-idp` (demo accounts with well-known passwords, `admin/admin` is an admin) when `OIDC_ISSUER` is unset. Refused at start-up with `NODE_ENV=production`, or when `HOST` or `PUBLIC_URL` is not a loopback address. `npm start` sets it on a fresh clone (no `OIDC_ISSUER`, loopback `HOST`) and says so.',
    defaultText: 'false',
    parse: bool,
    fallback: () => false,
  }),
  oidcClientId: variable({
    name: 'OIDC_CLIENT_ID',
    description:
      "The portal's client id at the provider. Bearer tokens must name it in `azp` or `aud`.",
    defaultText: 'app-portal',
    parse: nonEmpty,
    fallback: () => 'app-portal',
  }),
  oidcClientSecret: variable<string | undefined>({
    name: 'OIDC_CLIENT_SECRET',
    description: 'Client secret when the client is confidential; unset for a public client.',
    secret: true,
    parse: nonEmpty,
    fallback: () => undefined,
  }),
  oidcGroupsClaim: variable({
    name: 'OIDC_GROUPS_CLAIM',
    description:
      "Token claim holding the user's groups (a list; leading `/` removed, names trimmed).",
    defaultText: 'user_groups',
    parse: nonEmpty,
    fallback: () => 'user_groups',
  }),
  oidcAdminRole: variable({
    name: 'OIDC_ADMIN_ROLE',
    description: 'Realm role (`realm_access.roles`) that makes a user a portal admin.',
    defaultText: 'portal-admin',
    parse: nonEmpty,
    fallback: () => 'portal-admin',
  }),
  oidcClockTolerance: variable({
    name: 'OIDC_CLOCK_TOLERANCE',
    description:
      'Clock leeway, in seconds, allowed when checking token times (`exp`, `nbf`, `iat`).',
    defaultText: '30',
    parse: seconds(300),
    fallback: () => 30,
  }),
  portalTitle: variable({
    name: 'PORTAL_TITLE',
    description: 'Title shown in the header and the browser tab.',
    defaultText: 'App Portal',
    parse: nonEmpty,
    fallback: () => 'App Portal',
  }),
  portalSubtitle: variable({
    name: 'PORTAL_SUBTITLE',
    description: 'Sub-title shown under the title in the header.',
    defaultText: 'MMGE App Portal',
    parse: text,
    fallback: () => 'MMGE App Portal',
  }),
  portalFooter: variable({
    name: 'PORTAL_FOOTER',
    description: 'The footer line.',
    defaultText: '© 2023 Indiana University',
    parse: text,
    fallback: () => '© 2023 Indiana University',
  }),
  monitorInterval: variable({
    name: 'MONITOR_INTERVAL',
    description:
      'Seconds between two status monitor cycles. Each cycle reads every source once, however many browsers are open.',
    defaultText: '30',
    parse: wholeNumber(1, 3600, ' of seconds'),
    fallback: () => 30,
  }),
  monitorTimeout: variable({
    name: 'MONITOR_TIMEOUT',
    description:
      'Seconds the monitor waits for one answer (Uptime Kuma, the proxy, or one probe with its redirects) before counting it as failed.',
    defaultText: '10',
    parse: wholeNumber(1, 300, ' of seconds'),
    fallback: () => 10,
  }),
  monitorDropAfter: variable({
    name: 'MONITOR_DROP_AFTER',
    description:
      "While a source fails, its last good statuses are kept (stale); they are dropped once older than this many seconds, and the apps' status becomes unknown.",
    defaultText: '600',
    parse: wholeNumber(0, 604800, ' of seconds'),
    fallback: () => 600,
  }),
  uptimeKumaUrl: variable<string | undefined>({
    name: 'UPTIME_KUMA_URL',
    description:
      'Base address of an Uptime Kuma server, e.g. `https://status.example.edu`; the monitor reads its `/metrics` (gauge `monitor_status`, matched to apps by `monitor_url`).',
    parse: httpUrl,
    fallback: () => undefined,
  }),
  uptimeKumaApiKey: variable<string | undefined>({
    name: 'UPTIME_KUMA_API_KEY',
    description:
      "An Uptime Kuma API key, sent as the basic-auth password of `/metrics` as Kuma expects. Unset when Kuma's metrics need no authentication.",
    secret: true,
    parse: nonEmpty,
    fallback: () => undefined,
  }),
  monitorProxyUrl: variable<string | undefined>({
    name: 'MONITOR_PROXY_URL',
    description:
      'Base address of an external monitor proxy; the monitor reads `{MONITOR_PROXY_URL}/monitor-status`, which answers `[{url, status}]`.',
    parse: httpUrl,
    fallback: () => undefined,
  }),
  monitorProbe: variable<boolean | undefined>({
    name: 'MONITOR_PROBE',
    description:
      "Built-in HTTP probes of the apps' http(s) links: `true`, `false`, or `auto` (on when neither `UPTIME_KUMA_URL` nor `MONITOR_PROXY_URL` is set).",
    defaultText: 'auto',
    parse: autoBool,
    fallback: () => undefined,
  }),
  monitorProbeAuthOk: variable({
    name: 'MONITOR_PROBE_AUTH_OK',
    description:
      'Count a probe answered 401 or 403 as Up, for apps behind a sign-in wall. Otherwise only 2xx and 3xx answers are Up.',
    defaultText: 'false',
    parse: bool,
    fallback: () => false,
  }),
  monitorProbeConcurrency: variable({
    name: 'MONITOR_PROBE_CONCURRENCY',
    description: 'Probes in flight at once.',
    defaultText: '8',
    parse: wholeNumber(1, 64),
    fallback: () => 8,
  }),
  uptimeKumaStatusPage: variable<string | undefined>({
    name: 'UPTIME_KUMA_STATUS_PAGE',
    description:
      'Slug of a public Uptime Kuma status page (needs `UPTIME_KUMA_URL`); its incident and active maintenance windows are shown as notices above the sections. See docs/monitor.md.',
    parse: kumaSlug,
    fallback: () => undefined,
  }),
  statusHistoryDays: variable({
    name: 'STATUS_HISTORY_DAYS',
    description:
      "Days of status history (each app's state changes) kept for the cards' strips and `GET /api/apps/{id}/uptime`; older changes are deleted once an hour.",
    defaultText: '30',
    parse: wholeNumber(1, 366, ' of days'),
    fallback: () => 30,
  }),
  logLevel: variable({
    name: 'LOG_LEVEL',
    description: 'Log level: fatal, error, warn, info, debug, trace or silent.',
    defaultText: 'info',
    parse: logLevel,
    fallback: () => 'info',
  }),
  trustProxy: variable<boolean | number | string>({
    name: 'TRUST_PROXY',
    description:
      'Set when a reverse proxy forwards requests: which peers may set `X-Forwarded-For`/`-Proto`/`-Host`. `false` (off), `true` (any peer: only when nothing else can reach the port), a number of proxy hops, or comma-separated addresses/CIDR ranges such as `127.0.0.1,::1`. Decides the client address used by rate limits and logs. Cookies are `Secure` from `PUBLIC_URL`, not from headers.',
    defaultText: 'false',
    parse: trustProxy,
    fallback: () => false,
  }),
  rateLimit: variable({
    name: 'RATE_LIMIT',
    description:
      'Rate limits per client address (answers 429 with `Retry-After`). `false` turns every limit off (not for production).',
    defaultText: 'true',
    parse: bool,
    fallback: () => true,
  }),
  rateLimitGlobal: variable({
    name: 'RATE_LIMIT_GLOBAL',
    description:
      'Global ceiling: requests per minute per client address over all routes (health and metrics are never counted).',
    defaultText: '1200',
    parse: wholeNumber(1, 10_000_000),
    fallback: () => 1200,
  }),
  rateLimitGlobalAllow: variable<string[]>({
    name: 'RATE_LIMIT_GLOBAL_ALLOW',
    description:
      'Comma-separated client addresses the global ceiling does not count (the `/auth` and write limits still do), so that local benchmarks and health checkers are not cut. Behind a proxy on the same machine set `TRUST_PROXY`, or every client is `127.0.0.1`; `none` exempts nobody.',
    defaultText: '127.0.0.1,::1',
    parse: (raw) => (raw.trim().toLowerCase() === 'none' ? [] : addressList(raw)),
    fallback: () => ['127.0.0.1', '::1'],
  }),
  rateLimitAuth: variable({
    name: 'RATE_LIMIT_AUTH',
    description:
      'Requests per minute per client address to `/auth/*` (sign-in starts, callbacks, silent checks, sign-out).',
    defaultText: '60',
    parse: wholeNumber(1, 1_000_000),
    fallback: () => 60,
  }),
  rateLimitWrite: variable({
    name: 'RATE_LIMIT_WRITE',
    description:
      'State-changing API requests (`POST`, `PUT`, `PATCH`, `DELETE` on `/api/*`) per minute per client address.',
    defaultText: '120',
    parse: wholeNumber(1, 1_000_000),
    fallback: () => 120,
  }),
  signOnPendingPerClient: variable({
    name: 'SIGN_ON_PENDING_PER_CLIENT',
    description:
      "Sign-ins under way (sign-on state rows) kept per client address; a newer one replaces the client's oldest.",
    defaultText: '10',
    parse: wholeNumber(1, 1000),
    fallback: () => 10,
  }),
  signOnPendingMax: variable({
    name: 'SIGN_ON_PENDING_MAX',
    description:
      'Sign-ins under way kept in total; beyond it the oldest are dropped. Expired ones (60 minutes) are pruned.',
    defaultText: '10000',
    parse: wholeNumber(10, 10_000_000),
    fallback: () => 10_000,
  }),
  headersTimeout: variable({
    name: 'HEADERS_TIMEOUT',
    description:
      "Seconds a client may take to send a request's headers; slower connections are cut (408).",
    defaultText: '10',
    parse: wholeNumber(1, 600, ' of seconds'),
    fallback: () => 10,
  }),
  requestTimeout: variable({
    name: 'REQUEST_TIMEOUT',
    description:
      'Seconds a client may take to send a whole request (headers and body); slower ones are cut (408). At least `HEADERS_TIMEOUT`.',
    defaultText: '30',
    parse: wholeNumber(1, 3600, ' of seconds'),
    fallback: () => 30,
  }),
  keepAliveTimeout: variable({
    name: 'KEEP_ALIVE_TIMEOUT',
    description:
      "Seconds an idle keep-alive connection stays open. Behind a reverse proxy, keep it above the proxy's own upstream keep-alive time-out.",
    defaultText: '5',
    parse: wholeNumber(1, 600, ' of seconds'),
    fallback: () => 5,
  }),
  idleTimeout: variable({
    name: 'IDLE_TIMEOUT',
    description:
      'Seconds of silence (nothing sent or received) after which a connection is closed, even in the middle of a request.',
    defaultText: '60',
    parse: wholeNumber(1, 3600, ' of seconds'),
    fallback: () => 60,
  }),
  maxConnections: variable({
    name: 'MAX_CONNECTIONS',
    description:
      "Open connections accepted at once; further ones are closed at once. Keep it below the process's open-file limit (`ulimit -n`).",
    defaultText: '1000',
    parse: wholeNumber(1, 1_000_000),
    fallback: () => 1000,
  }),
  shutdownTimeout: variable({
    name: 'SHUTDOWN_TIMEOUT',
    description:
      'Seconds a graceful shutdown (SIGTERM, SIGINT) may take: new connections are refused, requests in flight finish, then the monitor and database close. Past it, or on a second signal, the process exits at once with status 1.',
    defaultText: '10',
    parse: wholeNumber(1, 3600, ' of seconds'),
    fallback: () => 10,
  }),
  slowRequest: variable({
    name: 'SLOW_REQUEST_MS',
    description:
      'Requests are logged at `debug`; those slower than this many milliseconds at `warn`, and 5xx answers at `error`.',
    defaultText: '1000',
    parse: wholeNumber(1, 600_000),
    fallback: () => 1000,
  }),
  metricsToken: variable<string | undefined>({
    name: 'METRICS_TOKEN',
    description:
      'When set, `GET /metrics` also answers any address that sends `Authorization: Bearer <this token>`. Unset: only requests made directly on this machine (loopback, not forwarded by a proxy); others get 404.',
    secret: true,
    parse: nonEmpty,
    fallback: () => undefined,
  }),
  nodeEnv: variable({
    name: 'NODE_ENV',
    description:
      '`production` marks a production deployment (development-only helpers refuse to run).',
    defaultText: 'development',
    parse: nonEmpty,
    fallback: () => 'development',
  }),
} as const;

function safePort(raw: string | undefined): number {
  try {
    return raw === undefined || raw === '' ? DEFAULT_PORT : port(raw);
  } catch {
    return DEFAULT_PORT;
  }
}

/** Thrown when one or more variables are invalid; the message lists every one of them. */
export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

type Values = { [K in keyof typeof VARIABLES]: ReturnType<(typeof VARIABLES)[K]['fallback']> };

/** Reads a secret file (Docker and Kubernetes secrets): its text without the final newline. */
export type ReadSecretFile = (path: string) => string;

const defaultReadSecretFile: ReadSecretFile = (path) => readFileSync(path, 'utf8');

/**
 * Reads and validates the configuration; throws ConfigError naming every bad variable. Every
 * secret variable may instead be given as `{NAME}_FILE`, the path of a file holding it.
 */
export function loadConfig(
  env: Partial<Record<string, string>>,
  readSecretFile: ReadSecretFile = defaultReadSecretFile,
): Config {
  const problems: string[] = [];
  const values: Record<string, unknown> = {};
  for (const [key, spec] of Object.entries(VARIABLES) as [string, Variable<unknown>][]) {
    let raw = env[spec.name];
    const file = spec.secret ? env[`${spec.name}_FILE`] : undefined;
    if (file !== undefined && file !== '') {
      if (raw !== undefined && raw !== '') {
        problems.push(`${spec.name} and ${spec.name}_FILE are both set: set only one`);
        continue;
      }
      try {
        raw = readSecretFile(file).replace(/\r?\n$/, '');
      } catch (error) {
        problems.push(
          `${spec.name}_FILE=${JSON.stringify(file)}: cannot be read (${(error as NodeJS.ErrnoException).code ?? 'error'})`,
        );
        continue;
      }
      if (raw === '') {
        problems.push(`${spec.name}_FILE=${JSON.stringify(file)}: the file is empty`);
        continue;
      }
    }
    if (raw === undefined || raw === '') {
      values[key] = spec.fallback(env);
      continue;
    }
    try {
      values[key] = spec.parse(raw);
    } catch (error) {
      if (!(error instanceof InvalidValue)) throw error;
      // Never echo a secret's value.
      const shown = spec.secret ? '(secret)' : JSON.stringify(raw);
      problems.push(`${spec.name}=${shown}: ${error.message}`);
    }
  }
  if (env.UPTIME_KUMA_STATUS_PAGE && !env.UPTIME_KUMA_URL) {
    problems.push('UPTIME_KUMA_STATUS_PAGE is set but UPTIME_KUMA_URL is not: set both');
  }
  const v = values as Values;
  if (problems.length === 0 && v.headersTimeout > v.requestTimeout) {
    problems.push(
      `HEADERS_TIMEOUT=${v.headersTimeout}: must not be more than REQUEST_TIMEOUT (${v.requestTimeout})`,
    );
  }
  if (problems.length > 0) throw new ConfigError(problems);
  return {
    port: v.port,
    host: v.host,
    publicUrl: v.publicUrl,
    dataDir: v.dataDir,
    database: { url: v.databaseUrl, poolSize: v.databasePoolSize },
    catalogFile: v.catalogFile,
    demoCatalog: v.demoCatalog,
    demoIdp: v.demoIdp,
    oidc: {
      issuer: v.oidcIssuer,
      clientId: v.oidcClientId,
      clientSecret: v.oidcClientSecret,
      groupsClaim: v.oidcGroupsClaim,
      adminRole: v.oidcAdminRole,
      clockToleranceSeconds: v.oidcClockTolerance,
    },
    portal: { title: v.portalTitle, subtitle: v.portalSubtitle, footer: v.portalFooter },
    monitor: {
      intervalSeconds: v.monitorInterval,
      timeoutSeconds: v.monitorTimeout,
      dropAfterSeconds: v.monitorDropAfter,
      uptimeKuma: v.uptimeKumaUrl
        ? { url: v.uptimeKumaUrl, apiKey: v.uptimeKumaApiKey }
        : undefined,
      proxyUrl: v.monitorProxyUrl,
      probe: {
        enabled: v.monitorProbe ?? (!v.uptimeKumaUrl && !v.monitorProxyUrl),
        authOk: v.monitorProbeAuthOk,
        concurrency: v.monitorProbeConcurrency,
      },
      historyDays: v.statusHistoryDays,
      kumaStatusPage: v.uptimeKumaStatusPage,
    },
    logLevel: v.logLevel,
    nodeEnv: v.nodeEnv,
    trustProxy: v.trustProxy,
    limits: {
      rateLimit: v.rateLimit,
      globalPerMinute: v.rateLimitGlobal,
      authPerMinute: v.rateLimitAuth,
      writePerMinute: v.rateLimitWrite,
      globalAllowList: v.rateLimitGlobalAllow,
      signOnPendingPerClient: v.signOnPendingPerClient,
      signOnPendingMax: v.signOnPendingMax,
    },
    server: {
      headersTimeoutMs: v.headersTimeout * 1000,
      requestTimeoutMs: v.requestTimeout * 1000,
      keepAliveTimeoutMs: v.keepAliveTimeout * 1000,
      idleTimeoutMs: v.idleTimeout * 1000,
      maxConnections: v.maxConnections,
      shutdownTimeoutMs: v.shutdownTimeout * 1000,
      slowRequestMs: v.slowRequest,
    },
    metricsToken: v.metricsToken,
  };
}
