import type { Env, Parser } from './parsers.js';

/**
 * One environment variable as the table (variables.ts) declares it: where its value lands in
 * Config, its meaning and default for the docs, and how it is read.
 */
export interface Variable<T = unknown> {
  /**
   * Where the value lands in Config, e.g. `oidc.issuer`; config.ts computes the Config type from
   * these paths. A section followed by `?` (`monitor.uptimeKuma?.url`) exists only when this
   * variable is set: otherwise the whole section is undefined, and inside it this value is never
   * undefined.
   */
  at: string;
  description: string;
  /** A secret: may also be read from the file named by `{NAME}_FILE`. */
  secret?: boolean;
  /** The default as written in the environment: shown in the docs, and parsed when unset. */
  defaultText?: string;
  parse: Parser<T>;
  /** The value when unset, instead of `defaultText` parsed; without either, unset is undefined. */
  fallback?: (env: Env) => T | undefined;
}

/**
 * The table of variables, each named after its key so that the table reads like the environment
 * it describes. `const` keeps each `at` path as its literal text, for the Config type.
 */
export function defineVariables<const T extends Record<string, Variable>>(
  variables: T,
): { [Name in keyof T]: T[Name] & { name: Name } } {
  return Object.fromEntries(
    Object.entries(variables).map(([name, variable]) => [name, { ...variable, name }]),
  ) as { [Name in keyof T]: T[Name] & { name: Name } };
}
