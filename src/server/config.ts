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
  logLevel: string;
  nodeEnv: string;
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
      'The address people use to reach the portal (scheme, host, port, no path). Used for sign-in redirects and cookies.',
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
      'A YAML or JSON file `{ apps: [...] }` loaded at start-up: each app is validated and inserted or updated (nothing is deleted). See docs/catalog.md.',
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
      'Issuer URL of the OpenID Connect provider, e.g. `https://sso.example.edu/realms/app-portal` for Keycloak. Its discovery document gives the signing keys.',
    parse: httpUrl,
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
    logLevel: v.logLevel,
    nodeEnv: v.nodeEnv,
  };
}
