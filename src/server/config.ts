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
  catalogFile: string | undefined;
  demoCatalog: boolean;
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
}

/** The status monitor's sources and timing (docs/monitor.md). */
export interface MonitorConfig {
  intervalSeconds: number;
  timeoutSeconds: number;
  dropAfterSeconds: number;
  uptimeKuma: { url: string; apiKey: string | undefined } | undefined;
  proxyUrl: string | undefined;
  probe: { enabled: boolean; authOk: boolean; concurrency: number };
}

type Parser<T> = (raw: string) => T;

interface Variable<T> {
  name: string;
  description: string;
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
    description: 'Folder for the SQLite database and stored files (logos). Created when missing.',
    defaultText: './data',
    parse: nonEmpty,
    fallback: () => './data',
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
      'Issuer URL of the OpenID Connect provider, e.g. `https://sso.example.edu/realms/app-portal` for Keycloak (found by OpenID discovery). Unset: the built-in demo identity provider at `{PUBLIC_URL}/dev-idp` signs people in, except with `NODE_ENV=production`, where the server refuses to start. See docs/auth.md.',
    parse: issuerUrl,
    fallback: () => undefined,
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
  logLevel: variable({
    name: 'LOG_LEVEL',
    description: 'Log level: fatal, error, warn, info, debug, trace or silent.',
    defaultText: 'info',
    parse: logLevel,
    fallback: () => 'info',
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

/** Reads and validates the configuration; throws ConfigError naming every bad variable. */
export function loadConfig(env: Partial<Record<string, string>>): Config {
  const problems: string[] = [];
  const values: Record<string, unknown> = {};
  for (const [key, spec] of Object.entries(VARIABLES) as [string, Variable<unknown>][]) {
    const raw = env[spec.name];
    if (raw === undefined || raw === '') {
      values[key] = spec.fallback(env);
      continue;
    }
    try {
      values[key] = spec.parse(raw);
    } catch (error) {
      if (!(error instanceof InvalidValue)) throw error;
      problems.push(`${spec.name}=${JSON.stringify(raw)}: ${error.message}`);
    }
  }
  if (problems.length > 0) throw new ConfigError(problems);
  const v = values as Values;
  return {
    port: v.port,
    host: v.host,
    publicUrl: v.publicUrl,
    dataDir: v.dataDir,
    catalogFile: v.catalogFile,
    demoCatalog: v.demoCatalog,
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
    },
    logLevel: v.logLevel,
    nodeEnv: v.nodeEnv,
  };
}
