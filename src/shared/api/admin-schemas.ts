/**
 * Wire types of the admin API (`/api/admin/*`, docs/admin.md): the catalog as admins see and
 * change it, the audit log, the preview and the import diff. Same rules as schemas.ts: the
 * server validates and serialises with them; the SPA imports only their static types.
 *
 * Field rules (what a valid name, link, group... is) live in src/shared/catalog/app-rules.ts so
 * that the console's form can show the server's messages before anything is sent. Request body
 * schemas here are deliberately loose on values (types only, unknown fields refused): the
 * service checks values with those rules and answers 400 with `data.fields`, one readable message
 * per bad field, `{ "link": "must be an http(s) URL (got \"x\")" }`.
 */
import { Type, type Static } from 'typebox';
import { AppIdSchema } from './ids.js';
import { adminTextSchemas, InputIdSchema, inputFieldSchemas } from './app-field-schemas.js';
import { MAX_PER_PAGE, PAGE_QUERY, pageSchema } from './list-schemas.js';
import { AppAccessSchema, AppTermsSchema } from './access-schemas.js';
import { AppAddressSchema, AppLinkSchema } from './network-schemas.js';
import { AppSchema } from './schemas.js';

/** Who made a change: the identity provider's subject and username (`catalog-file`, `cli`...). */
export const ActorSchema = Type.Object(
  {
    subject: Type.String(),
    username: Type.String(),
  },
  { additionalProperties: false },
);
export type Actor = Static<typeof ActorSchema>;

/** Where an app is managed: only in the portal, or also by the `CATALOG_FILE`. */
export const ManagedBySchema = Type.Union([Type.Literal('portal'), Type.Literal('catalog-file')]);
export type ManagedBy = Static<typeof ManagedBySchema>;

/** An app as admins see it: every app, hidden ones included, with its change metadata. */
export const AdminAppSchema = Type.Object(
  {
    ...AppSchema.properties,
    ...adminTextSchemas(),
    // Admins read the public link as stored (visitors get the one that works where they are).
    link: Type.String({ description: 'The public link; empty when none.' }),
    imageUrl: Type.Optional(
      Type.String({
        description:
          'Logo URL for admins (any app, trashed ones too): /api/admin/apps/{id}/logo?v={version}.',
      }),
    ),
    version: Type.Integer({
      minimum: 1,
      description: 'Grows by one on every change; send it back in If-Match to change the app.',
    }),
    createdAt: Type.String({ description: 'ISO 8601.' }),
    updatedAt: Type.String({ description: 'ISO 8601.' }),
    updatedBy: Type.String({ description: 'Username (or subject) of whoever changed it last.' }),
    managedBy: ManagedBySchema,
    access: Type.Optional(AppAccessSchema),
    terms: Type.Optional(AppTermsSchema),
    addresses: Type.Optional(
      Type.Array(AppAddressSchema, {
        description: 'The app on each network (docs/networks.md); never sent to visitors.',
      }),
    ),
    links: Type.Optional(Type.Array(AppLinkSchema, { description: 'Typed links.' })),
    status: Type.Optional(
      Type.Integer({ description: 'Current monitor status (0-3) when known.' }),
    ),
    deletedAt: Type.Optional(Type.String({ description: 'ISO 8601; only for apps in the trash.' })),
    deletedBy: Type.Optional(Type.String()),
    purgeAt: Type.Optional(
      Type.String({ description: 'ISO 8601: when a trashed app is removed for good.' }),
    ),
  },
  { $id: 'AdminApp', additionalProperties: false },
);
export type AdminApp = Static<typeof AdminAppSchema>;

export const AdminAppListQuerySchema = Type.Object(
  {
    deleted: Type.Boolean({
      default: false,
      description: 'true: the trash (apps deleted in the last 30 days) instead of the catalog.',
    }),
    ...PAGE_QUERY,
  },
  { additionalProperties: false },
);

export const AdminAppListSchema = Type.Object(pageSchema(AdminAppSchema), {
  additionalProperties: false,
});
export type AdminAppList = Static<typeof AdminAppListSchema>;

/** POST /api/admin/apps. Values are checked by app-rules.ts (400 with `data.fields`). */
export const AdminAppCreateSchema = Type.Object(
  {
    id: InputIdSchema,
    ...inputFieldSchemas(),
  },
  { additionalProperties: false },
);
export type AdminAppCreate = Static<typeof AdminAppCreateSchema>;

/** PATCH /api/admin/apps/{appId}: the fields to change, and `version` if no If-Match is sent. */
export const AdminAppPatchSchema = Type.Object(
  {
    version: Type.Optional(Type.Integer({ minimum: 1 })),
    ...inputFieldSchemas(),
  },
  { additionalProperties: false },
);
export type AdminAppPatch = Static<typeof AdminAppPatchSchema>;

export const AdminAppParamsSchema = Type.Object(
  { appId: AppIdSchema },
  { additionalProperties: false },
);

/** DELETE takes `?version=` when no If-Match header is sent. */
export const AdminVersionQuerySchema = Type.Object(
  { version: Type.Optional(Type.Integer({ minimum: 1 })) },
  { additionalProperties: false },
);

/** `data` of a 409: the app changed since the version the caller had. */
export const ConflictDataSchema = Type.Object(
  {
    currentVersion: Type.Integer(),
    updatedBy: Type.String(),
    updatedAt: Type.String(),
  },
  { additionalProperties: false },
);

export const AUDIT_ACTIONS = [
  'create',
  'update',
  'delete',
  'restore',
  'logo',
  'import',
  'purge',
  'notice',
  'access-request',
  'access-withdraw',
  'access-decision',
  'access-membership',
  'access-expiry',
  'delivery-retry',
  'branding',
  'networks',
  'report',
  'subscriptions',
  'group-channels',
  'unsubscribe',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export const AuditEntrySchema = Type.Object(
  {
    id: Type.Integer({
      description: 'Grows with every entry; use it as `before` for the next page.',
    }),
    at: Type.String({ description: 'ISO 8601.' }),
    actor: ActorSchema,
    // Listed literal by literal so that the static type keeps them (a mapped array reads as never).
    action: Type.Union([
      Type.Literal('create'),
      Type.Literal('update'),
      Type.Literal('delete'),
      Type.Literal('restore'),
      Type.Literal('logo'),
      Type.Literal('import'),
      Type.Literal('purge'),
      Type.Literal('notice'),
      Type.Literal('access-request'),
      Type.Literal('access-withdraw'),
      Type.Literal('access-decision'),
      Type.Literal('access-membership'),
      Type.Literal('access-expiry'),
      Type.Literal('delivery-retry'),
      Type.Literal('branding'),
      Type.Literal('networks'),
      Type.Literal('report'),
      Type.Literal('subscriptions'),
      Type.Literal('group-channels'),
      Type.Literal('unsubscribe'),
    ]),
    appId: Type.Union([Type.String(), Type.Null()], {
      description: 'The app changed; null for changes that concern no single app.',
    }),
    before: Type.Union([Type.Record(Type.String(), Type.Unknown()), Type.Null()], {
      description: 'The fields before the change (null when created).',
    }),
    after: Type.Union([Type.Record(Type.String(), Type.Unknown()), Type.Null()], {
      description: 'The fields after the change (null when removed).',
    }),
  },
  { $id: 'AuditEntry', additionalProperties: false },
);
export type AuditEntry = Static<typeof AuditEntrySchema>;

export const AuditQuerySchema = Type.Object(
  {
    app: Type.Optional(Type.String({ maxLength: 64, description: 'Only entries of this app id.' })),
    actor: Type.Optional(
      Type.String({ maxLength: 200, description: 'Only entries by this username or subject.' }),
    ),
    before: Type.Optional(
      Type.Integer({ minimum: 1, description: 'Only entries older than this entry id.' }),
    ),
    ...PAGE_QUERY,
    limit: Type.Optional(
      Type.Integer({
        minimum: 1,
        maximum: MAX_PER_PAGE,
        description: 'Deprecated: the same as `perPage`, which it overrides when given.',
      }),
    ),
  },
  { additionalProperties: false },
);

export const AuditListSchema = Type.Object(
  {
    ...pageSchema(AuditEntrySchema, 'Newest first.'),
    nextBefore: Type.Optional(
      Type.Integer({
        description: 'Pass as `before` (with page 1) for older entries; absent at the end.',
      }),
    ),
  },
  { additionalProperties: false },
);
export type AuditList = Static<typeof AuditListSchema>;

/** GET /api/admin/preview: exactly what GET /api/apps answers such a viewer. */
export const PreviewQuerySchema = Type.Object(
  {
    groups: Type.Optional(
      Type.String({ maxLength: 4000, description: 'Comma-separated group names.' }),
    ),
    anonymous: Type.Optional(Type.Boolean()),
    network: Type.Optional(
      Type.String({
        maxLength: 64,
        description:
          'Seen from this network (its id; docs/networks.md): each app’s link is the address that works from there. Absent: from no network. Ignored for anonymous viewers, who never get an address on a network.',
      }),
    ),
    ...PAGE_QUERY,
  },
  { additionalProperties: false },
);

/** Group names seen in the catalog and on users, for the console's group picker. */
export const AdminGroupsQuerySchema = Type.Object(PAGE_QUERY, { additionalProperties: false });

export const AdminGroupsSchema = Type.Object(
  pageSchema(
    Type.Object(
      {
        name: Type.String(),
        apps: Type.Integer({ description: 'Apps that name the group.' }),
        users: Type.Integer({ description: 'Users who belong to it (as last signed in).' }),
      },
      { additionalProperties: false },
    ),
    'By name.',
  ),
  { additionalProperties: false },
);
export type AdminGroups = Static<typeof AdminGroupsSchema>;

export const ImportQuerySchema = Type.Object(
  {
    dryRun: Type.Boolean({
      default: true,
      description: 'true (default): only answer the diff. false: apply it, all or nothing.',
    }),
    prune: Type.Boolean({
      default: false,
      description: 'Also delete (to the trash) the apps the file does not list.',
    }),
  },
  { additionalProperties: false },
);

export const FieldChangeSchema = Type.Object(
  { field: Type.String(), before: Type.Unknown(), after: Type.Unknown() },
  { additionalProperties: false },
);

const ImportAppRefSchema = Type.Object(
  { id: Type.String(), name: Type.String() },
  { additionalProperties: false },
);

/** The answer of POST /api/admin/catalog/import: what the file changes, and whether it was applied. */
export const ImportResultSchema = Type.Object(
  {
    dryRun: Type.Boolean(),
    applied: Type.Boolean(),
    add: Type.Array(ImportAppRefSchema),
    change: Type.Array(
      Type.Object(
        { id: Type.String(), name: Type.String(), fields: Type.Array(FieldChangeSchema) },
        { additionalProperties: false },
      ),
    ),
    delete: Type.Array(ImportAppRefSchema),
    unchanged: Type.Integer(),
    networks: Type.Optional(
      Type.Object(
        {
          add: Type.Array(Type.String(), { description: 'Ids of the networks the file adds.' }),
          change: Type.Array(Type.String(), { description: 'Ids of the networks it changes.' }),
        },
        {
          additionalProperties: false,
          description:
            "What the file's networks: list changes (docs/networks.md); absent when nothing.",
        },
      ),
    ),
  },
  { additionalProperties: false },
);
export type ImportResult = Static<typeof ImportResultSchema>;
