/**
 * The wire types of the portal's HTTP API, one schema each. The server validates and serialises
 * with them (a response schema also stops fields from leaking); the SPA takes its types from
 * them. TypeBox was chosen because its schemas are plain JSON Schema, which Fastify compiles
 * and @fastify/swagger publishes as-is (docs/decisions/0002-typebox-schemas.md).
 */
import { Type, type Static } from 'typebox';
import { AppIdSchema } from './ids.js';
import { PAGE_QUERY, pageSchema } from './list-schemas.js';
import { APP_ID_PATTERN } from '../catalog/app-rules.js';
import { EnvironmentSchema, publicFieldSchemas } from './app-field-schemas.js';
import { reachFieldSchemas } from './reach-schemas.js';

export { APP_ID_PATTERN, EnvironmentSchema };
export { DEFAULT_PER_PAGE, MAX_PER_PAGE } from './paging.js';

// The app's own fields (src/shared/catalog/app-fields.ts), its logo after the description.
const { id, name, description, ...otherFields } = publicFieldSchemas();

export const AppSchema = Type.Object(
  {
    id,
    name,
    description,
    image: Type.String({ description: 'Logo file name; empty when the app has no logo.' }),
    imageUrl: Type.Optional(
      Type.String({ description: 'Logo URL, /api/files/{collectionId}/{appId}/{imageFile}.' }),
    ),
    ...otherFields,
    ...reachFieldSchemas(),
    created: Type.String({ description: 'ISO 8601 time the record was created.' }),
    updated: Type.String({ description: 'ISO 8601 time the record was last changed.' }),
  },
  { $id: 'App', additionalProperties: false },
);
export type App = Static<typeof AppSchema>;

export const AppListQuerySchema = Type.Object(PAGE_QUERY, { additionalProperties: false });
export type AppListQuery = Static<typeof AppListQuerySchema>;

export const AppListSchema = Type.Object(pageSchema(AppSchema), { additionalProperties: false });
export type AppList = Static<typeof AppListSchema>;

export const AppIdParamsSchema = Type.Object(
  { appId: AppIdSchema },
  { additionalProperties: false },
);

export const MeSchema = Type.Object(
  {
    id: Type.String(),
    name: Type.String(),
    username: Type.String(),
    email: Type.String(),
    givenName: Type.String(),
    groups: Type.Array(Type.String(), { description: 'Group names, leading slashes removed.' }),
    roles: Type.Array(Type.String(), { description: 'Realm roles from the identity provider.' }),
    isAdmin: Type.Boolean(),
    isApprover: Type.Boolean(),
    favorites: Type.Array(AppSchema, {
      description:
        'Favorite apps the user may still see, in the order they chose (PUT /api/me/favorites); new ones last.',
    }),
  },
  { additionalProperties: false },
);
export type Me = Static<typeof MeSchema>;

export const ErrorSchema = Type.Object(
  {
    status: Type.Integer({ description: 'The HTTP status code.' }),
    code: Type.String({
      description:
        'What went wrong, as a stable machine-readable code (e.g. `not_found`, `validation_failed`); clients show their own text for it.',
    }),
    message: Type.String({
      description: 'What went wrong, in English, for developers and logs (stable wording).',
    }),
    data: Type.Record(Type.String(), Type.Unknown()),
  },
  { additionalProperties: false },
);
export type ApiError = Static<typeof ErrorSchema>;

export const HealthSchema = Type.Object(
  { status: Type.Literal('ok') },
  { additionalProperties: false },
);

/** Texts of the portal's chrome, configured on the server (not baked into the web build). */
export const PortalInfoSchema = Type.Object(
  {
    title: Type.String(),
    subtitle: Type.String(),
    footer: Type.String(),
    // Branding (docs/admin.md, "Branding"): always answered; optional in the type so pages and
    // tests built before it still type-check.
    footerLink: Type.Optional(
      Type.String({ description: 'Where the footer line links to (http(s)); empty: no link.' }),
    ),
    accentColor: Type.Optional(
      Type.String({
        description:
          "The accent colour as set (#rrggbb); empty: the themes' own. Each theme may use a darker or lighter shade of it to keep WCAG AA contrast (decision 0028).",
      }),
    ),
    logoUrl: Type.Optional(
      Type.Union([Type.String(), Type.Null()], {
        description: "The portal's own logo; null: the built-in mark.",
      }),
    ),
    faviconUrl: Type.Optional(
      Type.Union([Type.String(), Type.Null()], {
        description: 'The favicon; null: the built-in one (/favicon.svg).',
      }),
    ),
    version: Type.Optional(
      Type.Integer({ minimum: 0, description: 'Grows with every change of the branding.' }),
    ),
    signInAvailable: Type.Boolean({
      description:
        'Whether people can sign in here (an identity provider is configured). Without one the ' +
        'portal offers no sign-in control.',
    }),
  },
  { additionalProperties: false },
);
export type PortalInfo = Static<typeof PortalInfoSchema>;

/** One item of the monitor's status list (docs/monitor.md). */
export const StatusItemSchema = Type.Object(
  {
    id: Type.String({ description: 'The app’s id: match cards to statuses by it.' }),
    url: Type.String({
      description:
        'The app’s public link (empty when it has none: such an app is checked at an address on a network, which is never sent).',
    }),
    status: Type.Integer(),
    checkedAt: Type.String({
      format: 'date-time',
      description: 'When the monitor last read this status from its source.',
    }),
    stale: Type.Boolean({
      description:
        'True while the source is failing: `status` is the last good value, kept until dropped.',
    }),
    since: Type.Optional(
      Type.String({
        format: 'date-time',
        description: 'When the current state began (ISO 8601), from the status history.',
      }),
    ),
    responseMs: Type.Optional(
      Type.Integer({
        minimum: 0,
        description:
          'Response time of the last built-in probe, in ms (made up with `simulated`); absent for other sources.',
      }),
    ),
    simulated: Type.Optional(
      Type.Literal(true, {
        description:
          'Present and true when the status is simulated, not measured: the untouched demo catalog plays a story (docs/decisions/0026-demo-status.md).',
      }),
    ),
  },
  { additionalProperties: false },
);
export type StatusItem = Static<typeof StatusItemSchema>;
export const StatusListSchema = Type.Array(StatusItemSchema);
