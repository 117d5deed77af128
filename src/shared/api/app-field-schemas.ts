/**
 * The wire schemas of an app's fields, derived from the one table of them
 * (src/shared/catalog/app-fields.ts): the fields of the public app (`AppSchema`), the texts as
 * admins read them, and the loose request bodies of the admin API (values are checked by
 * app-rules.ts, which answers one readable message per bad field).
 */
import { Type, type Static } from 'typebox';
import {
  APP_FIELD_TABLE,
  APP_FIELDS,
  STORED_APP_FIELDS,
  type AppField,
  type FieldKind,
  type StoredAppField,
  type TranslatableAppField,
} from '../catalog/app-fields.js';
import { ENVIRONMENTS } from '../catalog/environments.js';
import { localizedTextSchema } from '../i18n/localized-text.js';

type Table = typeof APP_FIELD_TABLE;

export const EnvironmentSchema = Type.Union([
  Type.Literal('prod'),
  Type.Literal('stage'),
  Type.Literal('dev'),
]);
// Keep the schema in step with the list the rest of the code uses.
const _environmentsMatch: readonly Static<typeof EnvironmentSchema>[] = ENVIRONMENTS;
void _environmentsMatch;

/** The public wire schema of each kind (texts: readers get one language's text). */
const PUBLIC_SCHEMA = {
  id: (about?: string) => Type.String(described(about)),
  texts: (about?: string) => Type.String(described(about)),
  link: (about?: string) => Type.String(described(about)),
  environment: () => EnvironmentSchema,
  text: (about?: string) => Type.String(described(about)),
  flag: (about?: string) => Type.Boolean(described(about)),
  groups: (about?: string) => Type.Array(Type.String(), described(about)),
  slug: (about?: string) => Type.String(described(about)),
} satisfies Record<Exclude<FieldKind, 'access' | 'addresses' | 'links' | 'terms'>, unknown>;
type PublicSchemas = typeof PUBLIC_SCHEMA;

function described(about: string | undefined) {
  return about === undefined ? {} : { description: about };
}

type PublicField = {
  [F in AppField]: Table[F] extends { public: false } ? never : F;
}[AppField];

/** The fields of the app as readers see it, in the table's order. */
export function publicFieldSchemas(): {
  [F in PublicField]: ReturnType<PublicSchemas[Table[F]['kind'] & keyof PublicSchemas]>;
} {
  const schemas: Record<string, unknown> = {};
  for (const field of APP_FIELDS) {
    const spec: { kind: FieldKind; about?: string; public?: false } = APP_FIELD_TABLE[field];
    if (spec.public === false || !Object.hasOwn(PUBLIC_SCHEMA, spec.kind)) continue;
    schemas[field] = PUBLIC_SCHEMA[spec.kind as keyof PublicSchemas](spec.about);
  }
  return schemas as ReturnType<typeof publicFieldSchemas>;
}

/** The texts given per language as admins read them: one text, or texts by language tag. */
export function adminTextSchemas(): {
  [F in TranslatableAppField]: ReturnType<typeof localizedTextSchema>;
} {
  const schemas: Record<string, unknown> = {};
  for (const field of APP_FIELDS) {
    const spec: { kind: FieldKind; max?: number; adminAbout?: string } = APP_FIELD_TABLE[field];
    if (spec.kind === 'texts') schemas[field] = localizedTextSchema(spec.max ?? 0, spec.adminAbout);
  }
  return schemas as ReturnType<typeof adminTextSchemas>;
}

/**
 * The fields an admin may send (every field but the id, each optional): values of any type,
 * checked by the rules rather than the schema, so that a bad value gets a readable message.
 */
export function inputFieldSchemas(): {
  [F in Exclude<StoredAppField, 'id'>]: ReturnType<
    typeof Type.Optional<ReturnType<typeof Type.Unknown>>
  >;
} {
  const schemas: Record<string, unknown> = {};
  for (const field of STORED_APP_FIELDS) {
    if (field === 'id') continue;
    schemas[field] = Type.Optional(Type.Unknown({ description: APP_FIELD_TABLE[field].input }));
  }
  return schemas as ReturnType<typeof inputFieldSchemas>;
}

/** The id a new app may be given (else derived from its name). */
export const InputIdSchema = Type.Optional(Type.Unknown({ description: APP_FIELD_TABLE.id.input }));
