import type { Env, Parser } from './parsers.js';
import type { VARIABLES } from './variables.js';

/**
 * The server's configuration: read from the environment once, in main.ts, by loadConfig
 * (load-config.ts), and passed in. Its type is not written by hand: it is computed from the
 * variable table (variables.ts), each variable's value placed at its `at` path.
 */
export type Config = Nest<Leaves>;

/** Time-outs and caps of the HTTP server, in milliseconds (docs/operations.md). */
export type ServerConfig = Config['server'];

/** Abuse limits (docs/operations.md). Rates are requests per minute per client address. */
export type LimitsConfig = Config['limits'];

/** The status monitor's sources and timing (docs/monitor.md). */
export type MonitorConfig = Config['monitor'];

/** The value a variable gives: what it parses, or its default, or undefined when it has none. */
export type ValueOf<V> = V extends { parse: Parser<infer T> }
  ? T | (V extends { fallback: (env: Env) => infer F } ? F : Unset<V>)
  : never;

type Unset<V> = V extends { defaultText: string } ? never : undefined;

type Table = typeof VARIABLES;

/** One variable as a leaf of Config: the path to it and the type of its value. */
type Leaf = { at: string; value: unknown };

type Leaves = {
  [Name in keyof Table]: { at: Table[Name]['at']; value: ValueOf<Table[Name]> };
}[keyof Table];

/** `oidc.issuer` -> `oidc`; an optional section keeps its mark here (`uptimeKuma?`). */
type Head<At extends string> = At extends `${infer First}.${string}` ? First : At;

type Unmarked<Section extends string> = Section extends `${infer Name}?` ? Name : Section;

/** The leaves inside `Section`, with the rest of their path. */
type Inside<L extends Leaf, Section extends string> = L extends { at: `${Section}.${infer Rest}` }
  ? { at: Rest; value: L['value'] }
  : L extends { at: `${Section}?.${infer Rest}` }
    ? { at: Rest; value: NonNullable<L['value']> }
    : never;

/** `undefined` when a leaf marks `Section` optional (`Section?.`), else nothing. */
type Optional<L extends Leaf, Section extends string> = [
  Extract<L, { at: `${Section}?.${string}` }>,
] extends [never]
  ? never
  : undefined;

/** The object the leaves make: a name that ends a path is a value, any other a section. */
type Nest<L extends Leaf> = {
  [Name in Unmarked<Head<L['at']>>]: [Extract<L, { at: Name }>] extends [never]
    ? Nest<Inside<L, Name>> | Optional<L, Name>
    : Extract<L, { at: Name }>['value'];
};
