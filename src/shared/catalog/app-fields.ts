/**
 * An app's fields, declared once (docs/catalog.md, "Fields"). Everything else follows from this
 * table: the field list and its type (`AppFields`), the defaults, the rules (app-rules.ts checks
 * a field by its kind), the wire schemas (src/shared/api/schemas.ts and admin-schemas.ts), the
 * apps table's columns (src/server/catalog/apps.table.ts), the catalog file, export and import,
 * the audit diff and the console's label ids (`admin.apps.field.<name>`).
 *
 * Adding a field: a row here, a migration (src/server/db/migrations), its label in the locales,
 * and its input in the console's form (and the card, when people should see it).
 */
import type { LocalizedText } from '../i18n/localized-text.js';
import type { AppAccess } from './access-rules.js';
import type { Environment } from './environments.js';
import type { AppAddress, AppLink } from './link-kinds.js';
import type { AppTerms } from './terms-rules.js';

/** App ids and collection ids: what a URL path segment can carry safely. */
export const APP_ID_PATTERN = '^[a-z0-9][a-z0-9_-]{0,63}$';

/** The collection id apps carry unless told otherwise (part of logo URLs). */
export const DEFAULT_COLLECTION_ID = 'apps';
export const DEFAULT_CATEGORY = 'apps';

export const FIELD_LIMITS = {
  name: 200,
  description: 2000,
  category: 100,
  url: 2048,
  groups: 100,
  group: 200,
} as const;

/** What a field's value is, and so how it is checked, stored and sent. */
interface FieldKinds {
  /** The app's id: lowercase letters, digits, `-`, `_`; derived from the name; never changes. */
  id: string;
  /** One text, or texts by language tag (src/shared/i18n/localized-text.ts). */
  texts: LocalizedText;
  /** An http(s) URL, or empty. */
  link: string;
  environment: Environment;
  /** One line of text. */
  text: string;
  flag: boolean;
  /** Group names, normalised (no leading slash) and de-duplicated. */
  groups: string[];
  /** An id of the same alphabet as the app's (part of logo URLs). */
  slug: string;
  /** Access requests (docs/access-requests.md); null: not requestable. */
  access: AppAccess | null;
  /** The app's address on each network admins define (docs/networks.md); none by default. */
  addresses: AppAddress[];
  /** Typed links: support contact, status page, client download, docs, repository, other. */
  links: AppLink[];
  /** Terms of use accepted before an access request is sent (docs/access-requests.md). */
  terms: AppTerms | null;
}
export type FieldKind = keyof FieldKinds;

export interface FieldSpec<K extends FieldKind = FieldKind> {
  kind: K;
  /**
   * The value a new app takes when the field is not given (`name` has none: it is required; the
   * lists of addresses and links have none either: absent reads as none, and a catalog without
   * them reads exactly as before).
   */
  default?: FieldKinds[K];
  /** Most characters (a text's, each language's). */
  max?: number;
  /** Tabs and line breaks allowed (paragraphs). */
  multiline?: boolean;
  /** What readers of the public API are told of it (OpenAPI). */
  about?: string;
  /** False: kept from readers of the public API (the app as people see it). */
  public?: false;
  /** What admins are told of it in the app they read, when it differs from `about`. */
  adminAbout?: string;
  /** What the admin API takes (OpenAPI, request bodies). */
  input: string;
}

/** The editable fields of an app, in order (the logo is set separately, as a file). */
export const APP_FIELD_TABLE = {
  id: {
    kind: 'id',
    input: `Optional; ${APP_ID_PATTERN}; derived from the name.`,
  },
  name: {
    kind: 'texts',
    max: FIELD_LIMITS.name,
    adminAbout:
      'One text, or texts by language tag ({ "en": "...", "de": "..." }; docs/catalog.md).',
    input:
      'Required on create; text, at most 200 characters, or texts by language tag ' +
      '({ "en": "Genome browser", "de": "Genombrowser" }: 1 to 20 languages, none empty).',
  },
  description: {
    kind: 'texts',
    default: '',
    max: FIELD_LIMITS.description,
    multiline: true,
    adminAbout:
      'One text, or texts by language tag; readers get their language, else the default one.',
    input: 'Text, at most 2,000 characters, or texts by language tag (as `name`).',
  },
  doc: {
    kind: 'link',
    default: '',
    about: 'Documentation link; empty when none.',
    input: 'http(s) URL or empty.',
  },
  github: {
    kind: 'link',
    default: '',
    about: 'Repository link; empty when none.',
    input: 'http(s) URL or empty.',
  },
  env: {
    kind: 'environment',
    default: 'prod',
    input: '`prod`, `stage` or `dev`; default `prod`.',
  },
  category: {
    kind: 'text',
    default: DEFAULT_CATEGORY,
    max: FIELD_LIMITS.category,
    input: 'Text; default `apps`.',
  },
  link: {
    kind: 'link',
    default: '',
    about: 'Link to the app; empty when none.',
    input: 'http(s) URL or empty (the public address; `addresses` gives those of networks).',
  },
  addresses: {
    kind: 'addresses',
    public: false,
    input:
      "List of `{ network, url }`: the app's address on a network of GET /api/admin/networks " +
      '(one per network; an unknown network is an error); default none (docs/networks.md).',
  },
  links: {
    kind: 'links',
    public: false,
    input:
      'List of `{ kind, url, label? }`, kind one of support, status, client, docs, repo, other; ' +
      'an http(s) URL (support: also a mailto: address); default none.',
  },
  isPublic: { kind: 'flag', default: false, input: 'Boolean; default false.' },
  associatedGroups: { kind: 'groups', default: [] as string[], input: 'List of group names.' },
  collectionId: {
    kind: 'slug',
    default: DEFAULT_COLLECTION_ID,
    input: 'Id alphabet; default `apps`.',
  },
  access: {
    kind: 'access',
    default: null,
    public: false,
    input:
      'null, or `{ requestable, group, approvers, showGroup?, days? }` ' +
      '(docs/access-requests.md); default null.',
  },
  terms: {
    kind: 'terms',
    public: false,
    input:
      'null, or `{ version, text }` or `{ version, url }`: the terms of use people accept ' +
      'before requesting access (docs/access-requests.md); default none.',
  },
} as const satisfies Record<string, FieldSpec>;

type Table = typeof APP_FIELD_TABLE;
/** Every field of the table, the lists of addresses and typed links included. */
export type StoredAppField = keyof Table;

/**
 * The lists of an app's addresses per network and typed links (kinds `addresses`, `links`), and
 * its terms of use (`terms`, edited in a fieldset of its own):
 * stored, checked, audited, exported and imported like every field, but kept out of `AppField`
 * and `APP_FIELDS`, the form's plain fields: the console edits them in inputs of their own
 * (admin-apps' addresses, links and terms fields) and sends them only when changed. The rules
 * leave them out when not given; stored apps read as `[]` (terms: null) without them.
 */
export type AppListField = {
  [F in StoredAppField]: Table[F]['kind'] extends 'addresses' | 'links' | 'terms' ? F : never;
}[StoredAppField];

/** The fields the console's form edits (every field but the lists). */
export type AppField = Exclude<StoredAppField, AppListField>;

/** Every field name in the table's order (the catalog file's, the export's, the audit diff's). */
export const STORED_APP_FIELDS = Object.keys(APP_FIELD_TABLE) as StoredAppField[];

const isListField = (field: StoredAppField): field is AppListField =>
  ['addresses', 'links', 'terms'].includes(APP_FIELD_TABLE[field].kind);

/** The field names the console's form edits, in the table's order. */
export const APP_FIELDS = STORED_APP_FIELDS.filter((field) => !isListField(field)) as AppField[];

/** The fields kept from readers of the public API (`public: false`). */
export type PrivateAppField = {
  [F in StoredAppField]: Table[F] extends { public: false } ? F : never;
}[StoredAppField];

/** The fields kept from readers of the public API, in the table's order. */
export const PRIVATE_APP_FIELDS = STORED_APP_FIELDS.filter(
  (field) => (fieldSpec(field) as { public?: false }).public === false,
) as PrivateAppField[];

/** An app's fields as the console's form holds them. */
export type AppFields = { -readonly [F in AppField]: FieldKinds[Table[F]['kind']] };

/** The lists of an app: its addresses per network and its typed links. */
export type AppLists = { -readonly [F in AppListField]: FieldKinds[Table[F]['kind']] };

/** An app's fields as the rules return them and the apps table stores them. */
export type StoredAppFields = AppFields & AppLists;

/** The fields that may be given per language (docs/catalog.md): a string or texts by tag. */
export type TranslatableAppField = {
  [F in AppField]: Table[F]['kind'] extends 'texts' ? F : never;
}[AppField];
export const TRANSLATABLE_APP_FIELDS = APP_FIELDS.filter(
  (field) => APP_FIELD_TABLE[field].kind === 'texts',
) as TranslatableAppField[];

/** The spec of one field (its kind, default, limits and descriptions). */
export function fieldSpec(field: StoredAppField): FieldSpec {
  return APP_FIELD_TABLE[field];
}

/** The fields of one kind, in the table's order. */
export function fieldsOfKind(kind: FieldKind): StoredAppField[] {
  return STORED_APP_FIELDS.filter((field) => APP_FIELD_TABLE[field].kind === kind);
}

type DefaultedField = Exclude<AppField, 'id' | 'name'>;

/**
 * The fields a new app takes when they are not given (the rules fill them in; `name` is
 * required and `id` is derived from it): the catalog file's, the admin API's and the console's
 * empty form's defaults.
 */
export const APP_DEFAULTS = Object.fromEntries(
  STORED_APP_FIELDS.flatMap((field) => {
    const spec = fieldSpec(field);
    return 'default' in spec ? [[field, spec.default]] : [];
  }),
) as Readonly<Pick<AppFields, DefaultedField>>;

/** The defaults of the fields readers see (the app as `GET /api/apps` answers it). */
export const PUBLIC_APP_DEFAULTS = Object.fromEntries(
  Object.entries(APP_DEFAULTS).filter(
    ([field]) => (fieldSpec(field as StoredAppField) as { public?: false }).public !== false,
  ),
) as Readonly<Pick<AppFields, Exclude<DefaultedField, PrivateAppField>>>;
