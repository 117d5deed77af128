import { AjvCompiler, type BuildCompilerFromPool } from '@fastify/ajv-compiler';
import { SerializerSelector } from '@fastify/fast-json-stringify-compiler';

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
 * One pool of Ajv compilers per process, keyed by the shared schemas and options: an app built
 * again (each test builds its own) reuses the compiled validators of the same route schemas
 * instead of compiling every route anew (about a quarter of a second each time).
 */
const fromPool = AjvCompiler();

/**
 * Fastify's own Ajv compiler, twice: query strings, path parameters and headers are text, so
 * `?deleted=true` and `?page=2` are coerced to their schema's type (`'array'`: one value is a
 * list of one); JSON bodies already carry types, so they are validated as sent. A body with
 * title `5` or appIds `"galaxy"` is refused, not silently turned into `"5"` or `["galaxy"]`.
 */
export const buildValidator: BuildCompilerFromPool = (externalSchemas, options) => {
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

type SerializerFactory = ReturnType<typeof SerializerSelector>;
type Serializer = (document: unknown) => string;

const serializerFactory = SerializerSelector();
/** Compiled serializers per shared schemas and options, then per response schema object. */
const serializers = new Map<string, WeakMap<object, Serializer>>();

/**
 * Fastify's own response serializer compiler (fast-json-stringify), with each route's compiled
 * serializer kept per response schema for the process: an app built again (each test builds its
 * own) reuses it instead of generating and compiling the code anew. The route schemas are
 * module constants, so the same schema is the same object.
 */
export const buildSerializer: SerializerFactory = (externalSchemas, options) => {
  const compile = serializerFactory(externalSchemas, options);
  const key = JSON.stringify([externalSchemas ?? null, options ?? null]);
  let kept = serializers.get(key);
  if (!kept) serializers.set(key, (kept = new WeakMap()));
  const cache = kept;
  return (route) => {
    const { schema } = route;
    if (typeof schema !== 'object' || schema === null) return compile(route);
    let serializer = cache.get(schema);
    if (!serializer) cache.set(schema, (serializer = compile(route)));
    return serializer;
  };
};
