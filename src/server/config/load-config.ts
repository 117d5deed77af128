import { readFileSync } from 'node:fs';
import type { Config } from './config.js';
import { InvalidValue, type Env } from './parsers.js';
import type { Variable } from './variable.js';
import { VARIABLES } from './variables.js';

/** Thrown when one or more variables are invalid; the message lists every one of them. */
export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Reads a secret file (Docker and Kubernetes secrets): its text without the final newline. */
export type ReadSecretFile = (path: string) => string;

const defaultReadSecretFile: ReadSecretFile = (path) => readFileSync(path, 'utf8');

/**
 * Reads and validates the configuration; throws ConfigError naming every bad variable. Every
 * secret variable may instead be given as `{NAME}_FILE`, the path of a file holding it.
 */
export function loadConfig(
  env: Env,
  readSecretFile: ReadSecretFile = defaultReadSecretFile,
): Config {
  const problems: string[] = [];
  const values: [string, unknown][] = [];
  for (const variable of Object.values(VARIABLES) as (Variable & { name: string })[]) {
    const raw = readRaw(variable, env, readSecretFile);
    if (raw.problem !== undefined) {
      problems.push(raw.problem);
    } else if (raw.text === undefined || raw.text === '') {
      values.push([variable.at, defaultOf(variable, env)]);
    } else {
      try {
        values.push([variable.at, variable.parse(raw.text, env)]);
      } catch (error) {
        if (!(error instanceof InvalidValue)) throw error;
        // Never echo a secret's value.
        const shown = variable.secret ? '(secret)' : JSON.stringify(raw.text);
        problems.push(`${variable.name}=${shown}: ${error.message}`);
      }
    }
  }
  if (env.TRUSTED_PROXIES?.trim() && env.TRUST_PROXY?.trim()) {
    problems.push(
      'TRUSTED_PROXIES and TRUST_PROXY are both set: set only TRUSTED_PROXIES (TRUST_PROXY is its older form; decision 0058)',
    );
  }
  if (env.UPTIME_KUMA_STATUS_PAGE && !env.UPTIME_KUMA_URL) {
    problems.push('UPTIME_KUMA_STATUS_PAGE is set but UPTIME_KUMA_URL is not: set both');
  }
  if (problems.length > 0) throw new ConfigError(problems);
  const config = nest(values) as Config;
  const together = deliveryProblems(config);
  if (together.length > 0) throw new ConfigError(together);
  const { headersTimeoutMs, requestTimeoutMs } = config.server;
  if (headersTimeoutMs > requestTimeoutMs) {
    throw new ConfigError([
      `HEADERS_TIMEOUT=${headersTimeoutMs / 1000}: must not be more than REQUEST_TIMEOUT (${requestTimeoutMs / 1000})`,
    ]);
  }
  return config;
}

/** The variable's text, from the environment or from its `{NAME}_FILE`, or why it cannot be read. */
function readRaw(
  variable: Variable & { name: string },
  env: Env,
  readSecretFile: ReadSecretFile,
): { text?: string; problem?: string } {
  const { name } = variable;
  const text = env[name];
  const file = variable.secret ? env[`${name}_FILE`] : undefined;
  if (file === undefined || file === '') return { text };
  if (text !== undefined && text !== '') {
    return { problem: `${name} and ${name}_FILE are both set: set only one` };
  }
  let content: string;
  try {
    content = readSecretFile(file).replace(/\r?\n$/, '');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? 'error';
    return { problem: `${name}_FILE=${JSON.stringify(file)}: cannot be read (${code})` };
  }
  if (content === '') return { problem: `${name}_FILE=${JSON.stringify(file)}: the file is empty` };
  return { text: content };
}

/** The value of an unset variable: its fallback, its default text parsed, or undefined. */
function defaultOf(variable: Variable, env: Env): unknown {
  if (variable.fallback) return variable.fallback(env);
  return variable.defaultText === undefined ? undefined : variable.parse(variable.defaultText, env);
}

/**
 * Places each value at its `at` path. A section marked optional (`uptimeKuma?.url`) becomes
 * undefined, whatever else it holds, when the value that marks it is undefined.
 */
function nest(values: [string, unknown][]): unknown {
  const root: Record<string, unknown> = {};
  const absent: { parent: Record<string, unknown>; name: string }[] = [];
  for (const [at, value] of values) {
    const path = at.split('.');
    const leaf = path.pop() as string;
    let node = root;
    for (const segment of path) {
      const name = segment.replace(/\?$/, '');
      if (segment.endsWith('?') && value === undefined) absent.push({ parent: node, name });
      node = (node[name] ??= {}) as Record<string, unknown>;
    }
    node[leaf] = value;
  }
  for (const { parent, name } of absent) parent[name] = undefined;
  return root;
}

/** The access notifications' variables that only work together (docs/access-requests-delivery.md). */
function deliveryProblems(config: Config): string[] {
  const problems: string[] = [];
  if (config.mail && config.mail.from === undefined) {
    problems.push('SMTP_URL is set but MAIL_FROM is not: set both');
  }
  if (config.outbox.failedRetentionDays < config.outbox.sentRetentionDays) {
    problems.push(
      `OUTBOX_FAILED_RETENTION_DAYS=${config.outbox.failedRetentionDays}: must be at least OUTBOX_SENT_RETENTION_DAYS (${config.outbox.sentRetentionDays})`,
    );
  }
  if (config.accessWebhook) {
    const { secret } = config.accessWebhook;
    if (secret === undefined) {
      problems.push('ACCESS_WEBHOOK_URL is set but ACCESS_WEBHOOK_SECRET is not: set both');
    } else if (secret.length < 16) {
      problems.push('ACCESS_WEBHOOK_SECRET=(secret): must be at least 16 characters');
    }
  }
  if (config.keycloakAdmin) {
    const { clientSecret, adminUrl } = config.keycloakAdmin;
    if (clientSecret === undefined) {
      problems.push(
        'KEYCLOAK_ADMIN_CLIENT_ID is set but KEYCLOAK_ADMIN_CLIENT_SECRET is not: set both',
      );
    }
    if (config.oidc.issuer === undefined) {
      problems.push(
        'KEYCLOAK_ADMIN_CLIENT_ID needs OIDC_ISSUER (the realm whose groups it writes)',
      );
    } else if (adminUrl === undefined && !/\/realms\/[^/?#]+\/?$/.test(config.oidc.issuer)) {
      problems.push(
        'KEYCLOAK_ADMIN_CLIENT_ID: OIDC_ISSUER is not of the form …/realms/<realm>: set KEYCLOAK_ADMIN_URL',
      );
    }
  }
  return problems;
}
