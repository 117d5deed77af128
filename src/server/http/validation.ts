import { AjvCompiler, type BuildCompilerFromPool } from '@fastify/ajv-compiler';

/** What a route part's validator is built for (Fastify passes it to the compiler). */
interface RouteSchema {
  schema: unknown;
  method: string;
  url: string;
  httpPart?: string;
}

/** Ajv's options for every part: unknown fields are refused by the schemas, never dropped. */
export const AJV_OPTIONS = { removeAdditional: false, useDefaults: true } as const;

/**
 * Fastify's own Ajv compiler, twice: query strings, path parameters and headers are text, so
 * `?deleted=true` and `?page=2` are coerced to their schema's type (`'array'`: one value is a
 * list of one); JSON bodies already carry types, so they are validated as sent. A body with
 * title `5` or appIds `"galaxy"` is refused, not silently turned into `"5"` or `["galaxy"]`.
 */
export const buildValidator: BuildCompilerFromPool = (externalSchemas, options) => {
  const fromPool = AjvCompiler();
  const build = (coerceTypes: false | 'array') =>
    fromPool(externalSchemas, {
      plugins: options?.plugins,
      onCreate: options?.onCreate,
      customOptions: { ...options?.customOptions, ...AJV_OPTIONS, coerceTypes },
    }) as unknown as (route: RouteSchema) => unknown;
  const strict = build(false);
  const coercing = build('array');
  const compile = (route: RouteSchema) =>
    route.httpPart === 'body' ? strict(route) : coercing(route);
  return compile as unknown as ReturnType<BuildCompilerFromPool>;
};
