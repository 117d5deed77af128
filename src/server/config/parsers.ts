/**
 * The small parsers of the variable table (variables.ts): each turns one variable's raw text into
 * its value or throws InvalidValue, whose message completes "NAME=value: ...".
 */

import { isLanguage, LANGUAGES, type Language } from '../../shared/i18n/languages.js';
import { parseRange } from '../../shared/network/ip-ranges.js';

/** The environment as loadConfig receives it. */
export type Env = Partial<Record<string, string>>;

/** Reads one variable's text; `env` is there for the few values that depend on other variables. */
export type Parser<T> = (raw: string, env: Env) => T;

/** A value a parser refuses; loadConfig lists it with the variable's name. */
export class InvalidValue extends Error {}

export const text: Parser<string> = (raw) => raw;

export const nonEmpty: Parser<string> = (raw) => {
  if (raw.trim() === '') throw new InvalidValue('must not be empty');
  return raw;
};

export const port: Parser<number> = (raw) => {
  const value = Number(raw);
  if (!/^\d+$/.test(raw.trim()) || value < 1 || value > 65535) {
    throw new InvalidValue('must be a whole number from 1 to 65535');
  }
  return value;
};

export const seconds =
  (max: number): Parser<number> =>
  (raw) => {
    const value = Number(raw);
    if (!/^\d+$/.test(raw.trim()) || value > max) {
      throw new InvalidValue(`must be a whole number of seconds from 0 to ${max}`);
    }
    return value;
  };

export const wholeNumber =
  (min: number, max: number, unit = ''): Parser<number> =>
  (raw) => {
    const value = Number(raw);
    if (!/^\d+$/.test(raw.trim()) || value < min || value > max) {
      throw new InvalidValue(`must be a whole number${unit} from ${min} to ${max}`);
    }
    return value;
  };

/** Written in whole seconds, kept in milliseconds (the HTTP server's time-outs). */
export const secondsAsMs =
  (min: number, max: number): Parser<number> =>
  (raw, env) =>
    wholeNumber(min, max, ' of seconds')(raw, env) * 1000;

export const bool: Parser<boolean> = (raw) => {
  const value = raw.trim().toLowerCase();
  if (['true', '1', 'yes', 'on'].includes(value)) return true;
  if (['false', '0', 'no', 'off'].includes(value)) return false;
  throw new InvalidValue('must be true or false');
};

/** `auto` (decided by `auto` from the other variables) or a boolean. */
export const autoBool =
  (auto: (env: Env) => boolean): Parser<boolean> =>
  (raw, env) =>
    raw.trim().toLowerCase() === 'auto' ? auto(env) : bool(raw, env);

export const httpUrl: Parser<string> = (raw) => {
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
export const trustProxy: Parser<boolean | number | string> = (raw, env) => {
  const value = raw.trim();
  if (/^\d+$/.test(value)) return Number(value);
  const lower = value.toLowerCase();
  if (['true', 'false', '1', '0', 'yes', 'no', 'on', 'off'].includes(lower)) {
    return bool(lower, env);
  }
  const parts = value.split(',').map((part) => part.trim());
  if (parts.some((part) => !/^[0-9a-fA-F.:]+(\/\d{1,3})?$/.test(part))) {
    throw new InvalidValue(
      'must be false, true, a number of proxies, or comma-separated addresses/CIDR ranges',
    );
  }
  return parts.join(',');
};

/** Comma-separated IP addresses; `none` is the empty list. */
export const addressList: Parser<string[]> = (raw) => {
  if (raw.trim().toLowerCase() === 'none') return [];
  const parts = raw
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '');
  if (parts.some((part) => !/^[0-9a-fA-F.:]+$/.test(part))) {
    throw new InvalidValue('must be comma-separated IP addresses');
  }
  return parts;
};

/**
 * TRUSTED_PROXIES: comma-separated addresses or CIDR ranges (IPv4, IPv6), each checked; the
 * canonical ranges (`10.0.0.5` is `10.0.0.5/32`). `none` (or empty) trusts no proxy.
 */
export const proxyRanges: Parser<string[]> = (raw) => {
  if (raw.trim().toLowerCase() === 'none') return [];
  const ranges: string[] = [];
  for (const part of raw.split(',').map((entry) => entry.trim())) {
    if (part === '') continue;
    const parsed = parseRange(part);
    if (parsed.error !== undefined) throw new InvalidValue(parsed.error);
    if (!ranges.includes(parsed.range.text)) ranges.push(parsed.range.text);
  }
  return ranges;
};

/**
 * An issuer identifier: an absolute http(s) URL kept exactly as given (a trailing slash
 * included), because tokens' `iss` and the discovery document must match it to the letter.
 */
export const issuerUrl: Parser<string> = (raw, env) => {
  httpUrl(raw, env);
  const value = raw.trim();
  if (/[?#]/.test(value)) throw new InvalidValue('must not have a query or fragment');
  return value;
};

export const logLevel: Parser<string> = (raw) => {
  const levels = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];
  const value = raw.trim().toLowerCase();
  if (!levels.includes(value)) throw new InvalidValue(`must be one of ${levels.join(', ')}`);
  return value;
};

/** One of the portal's languages (src/shared/i18n/languages.ts). */
export const language: Parser<Language> = (raw) => {
  const value = raw.trim().toLowerCase();
  if (!isLanguage(value)) throw new InvalidValue(`must be one of ${LANGUAGES.join(', ')}`);
  return value;
};

/** A status page slug as Kuma allows it: letters, digits and dashes. */
export const kumaSlug: Parser<string> = (raw) => {
  const value = raw.trim();
  if (!/^[A-Za-z0-9-]{1,100}$/.test(value)) {
    throw new InvalidValue('must be a status page slug (letters, digits and dashes)');
  }
  return value;
};

/**
 * The one rule for what `DATABASE_URL` may name, shared by this table and db/database.ts: a
 * SQLite file (`sqlite:`, lower case as the database layer reads it) or a PostgreSQL server
 * (`postgres://` or `postgresql://`, any case). Undefined for anything else.
 */
export function databaseUrlKind(url: string): 'sqlite' | 'postgres' | undefined {
  const value = url.trim();
  if (value.startsWith('sqlite:')) return 'sqlite';
  if (/^postgres(ql)?:\/\//i.test(value)) return 'postgres';
  return undefined;
}

export const databaseUrl: Parser<string> = (raw) => {
  const value = raw.trim();
  if (databaseUrlKind(value) === undefined) {
    throw new InvalidValue('must start with sqlite: or postgres://');
  }
  return value;
};

/** An SMTP server: `smtp://[user:password@]host[:port]` (STARTTLS when offered) or `smtps://…` (TLS). */
export const smtpUrl: Parser<string> = (raw) => {
  const value = raw.trim();
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new InvalidValue('must be smtp://user:password@host:port or smtps://…');
  }
  if ((url.protocol !== 'smtp:' && url.protocol !== 'smtps:') || url.hostname === '') {
    throw new InvalidValue('must be smtp://user:password@host:port or smtps://…');
  }
  return value;
};

/** A sender address: `portal@example.edu` or `App Portal <portal@example.edu>`, on one line. */
export const mailFrom: Parser<string> = (raw) => {
  const value = raw.trim();
  const address = /^(?:[^<>\r\n"]*<([^<>\s]+@[^<>\s]+)>|([^<>\s"]+@[^<>\s]+))$/.exec(value);
  if (!address || /[\r\n]/.test(value)) {
    throw new InvalidValue(
      'must be an address like portal@example.edu or "App Portal <portal@example.edu>"',
    );
  }
  return value;
};
