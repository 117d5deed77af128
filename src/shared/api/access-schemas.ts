/**
 * The wire types of access requests (docs/access-requests.md): an app's `access` settings as
 * the catalog file and the admin API carry them, what a locked card may say, and the request
 * routes under /api/access-requests. Shared by the server (validation, OpenAPI) and the SPA
 * (types only).
 */
import { Type, type Static } from 'typebox';
import { AppIdSchema, RecordIdSchema } from './ids.js';
import { pageSchema, PAGE_QUERY, type Page } from './list-schemas.js';
import { AppSchema, type App } from './schemas.js';

/** Longest reason a requester may write, and longest note an approver may add. */
export const MAX_ACCESS_REASON = 1000;
export const MAX_ACCESS_NOTE = 1000;
/** Longest time-boxed access, in days (ten years). */
export const MAX_ACCESS_DAYS = 3650;
/** How many approvers one app may name. */
export const MAX_APPROVERS = 50;
/** The prefix that makes an approver a group: `group:/imaging-leads`. */
export const APPROVER_GROUP_PREFIX = 'group:';

/**
 * An app's access settings: one optional object per app in the catalog file and the admin API.
 * Absent (or `requestable: false`) means what it always meant: people outside the app's groups
 * never see it.
 */
export const AppAccessSchema = Type.Object(
  {
    requestable: Type.Boolean({
      description: 'Whether signed-in people outside the app’s groups see it as a locked card.',
    }),
    group: Type.String({
      minLength: 1,
      maxLength: 255,
      description: 'The group that grants the app, e.g. `/imaging`; approving adds the user to it.',
    }),
    approvers: Type.Array(Type.String({ minLength: 1, maxLength: 255 }), {
      maxItems: MAX_APPROVERS,
      description:
        'Who decides besides admins: usernames, or `group:` followed by a group path ' +
        '(`group:/imaging-leads`).',
    }),
    showGroup: Type.Optional(
      Type.Boolean({
        description: 'Whether the locked card names the granting group and the approvers.',
      }),
    ),
    days: Type.Optional(
      Type.Integer({
        minimum: 1,
        maximum: MAX_ACCESS_DAYS,
        description: 'Time-boxed access: the membership is removed this many days after approval.',
      }),
    ),
  },
  { $id: 'AppAccess', additionalProperties: false },
);
export type AppAccess = Static<typeof AppAccessSchema>;

/**
 * An app's terms of use (docs/access-requests.md, "Terms of use"): a version and exactly one of
 * a plain text and a link. People accept that version before their access request is sent.
 */
export const AppTermsSchema = Type.Object(
  {
    version: Type.String({
      pattern: '^[A-Za-z0-9._-]{1,40}$',
      description: 'The version people accept, e.g. `2026-11`.',
    }),
    text: Type.Optional(
      Type.String({ maxLength: 20_000, description: 'The terms as plain text.' }),
    ),
    url: Type.Optional(Type.String({ maxLength: 2048, description: 'A link to the terms.' })),
  },
  { $id: 'AppTerms', additionalProperties: false },
);
export type AppTerms = Static<typeof AppTermsSchema>;

/** What a locked card may tell a signed-in non-member (group and approvers only with showGroup). */
export const LockedAccessInfoSchema = Type.Object(
  {
    group: Type.Optional(
      Type.String({ description: 'The granting group, when the app shows it.' }),
    ),
    approvers: Type.Optional(
      Type.Array(Type.String(), { description: 'Who approves, when the app shows it.' }),
    ),
    days: Type.Optional(Type.Integer({ description: 'Access granted is time-boxed to this.' })),
    terms: Type.Optional(AppTermsSchema),
  },
  { $id: 'LockedAccessInfo', additionalProperties: false },
);
export type LockedAccessInfo = Static<typeof LockedAccessInfoSchema>;

export const ACCESS_REQUEST_STATUSES = [
  'pending',
  'approved',
  'declined',
  'withdrawn',
  'expired',
] as const;
export type AccessRequestStatus = (typeof ACCESS_REQUEST_STATUSES)[number];

/**
 * Where the membership of an approved request stands: `written` (added in the identity provider
 * by the portal), `waiting` (approved; no service account, so someone adds it by hand and the
 * user's token does not carry the group yet), `present` (the user's token carries the group),
 * `removed` (taken away at expiry), `none` (not approved), `retrying` (the identity provider
 * refused the write after the approval; the portal tries again with back-off), `failed` (it gave
 * up; the approvers were told to add the membership by hand).
 */
export const MEMBERSHIP_STATES = [
  'none',
  'waiting',
  'written',
  'present',
  'removed',
  'retrying',
  'failed',
] as const;
export type MembershipState = (typeof MEMBERSHIP_STATES)[number];

export const AccessRequestSchema = Type.Object(
  {
    id: Type.String(),
    appId: Type.String(),
    appName: Type.String(),
    // Listed literal by literal so that the static type keeps them (a mapped array reads as never).
    status: Type.Union([
      Type.Literal('pending'),
      Type.Literal('approved'),
      Type.Literal('declined'),
      Type.Literal('withdrawn'),
      Type.Literal('expired'),
    ]),
    reason: Type.String({ description: 'The requester’s reason, shown as text.' }),
    created: Type.String({ format: 'date-time' }),
    decidedAt: Type.Optional(Type.String({ format: 'date-time' })),
    decidedBy: Type.Optional(Type.String({ description: 'The name of who decided.' })),
    note: Type.Optional(Type.String({ description: 'The approver’s note, shown as text.' })),
    membership: Type.Union([
      Type.Literal('none'),
      Type.Literal('waiting'),
      Type.Literal('written'),
      Type.Literal('present'),
      Type.Literal('removed'),
      Type.Literal('retrying'),
      Type.Literal('failed'),
    ]),
    group: Type.Optional(
      Type.String({ description: 'The granting group (to the requester only once approved).' }),
    ),
    expiresAt: Type.Optional(
      Type.String({ format: 'date-time', description: 'When time-boxed access ends.' }),
    ),
    acceptedTerms: Type.Optional(
      Type.String({ description: 'The version of the app’s terms of use the requester accepted.' }),
    ),
  },
  { $id: 'AccessRequest', additionalProperties: false },
);
export type AccessRequest = Static<typeof AccessRequestSchema>;

export const AccessRequesterSchema = Type.Object(
  {
    id: Type.String(),
    name: Type.String(),
    username: Type.String(),
    email: Type.String(),
  },
  { additionalProperties: false },
);

/** A request as an approver sees it in the inbox: who asks, and the group approving grants. */
export const InboxRequestSchema = Type.Object(
  {
    ...AccessRequestSchema.properties,
    requester: AccessRequesterSchema,
    group: Type.String(),
  },
  { $id: 'InboxRequest', additionalProperties: false },
);
export type InboxRequest = Static<typeof InboxRequestSchema>;

export const AccessRequestListQuerySchema = Type.Object(PAGE_QUERY, {
  additionalProperties: false,
});
export const AccessRequestListSchema = Type.Object(pageSchema(AccessRequestSchema), {
  additionalProperties: false,
});
export type AccessRequestList = Static<typeof AccessRequestListSchema>;

export const InboxQuerySchema = Type.Object(
  {
    ...PAGE_QUERY,
    status: Type.Optional(
      Type.Union([Type.Literal('pending'), Type.Literal('decided')], {
        description: 'Pending requests (the default) or decided ones, newest first.',
      }),
    ),
  },
  { additionalProperties: false },
);
export const InboxListSchema = Type.Object(pageSchema(InboxRequestSchema), {
  additionalProperties: false,
});
export type InboxList = Static<typeof InboxListSchema>;

export const AccessRequestCreateSchema = Type.Object(
  {
    appId: AppIdSchema,
    reason: Type.String({ minLength: 1, maxLength: MAX_ACCESS_REASON }),
    acceptedTerms: Type.Optional(
      Type.String({
        maxLength: 40,
        description: 'The version of the app’s terms of use accepted; required when it has terms.',
      }),
    ),
  },
  { additionalProperties: false },
);
export type AccessRequestCreate = Static<typeof AccessRequestCreateSchema>;

export const AccessRequestParamsSchema = Type.Object(
  { id: RecordIdSchema('An access request id.') },
  { additionalProperties: false },
);

export const AccessDecisionSchema = Type.Object(
  {
    decision: Type.Union([Type.Literal('approve'), Type.Literal('decline')]),
    note: Type.Optional(Type.String({ maxLength: MAX_ACCESS_NOTE })),
  },
  { additionalProperties: false },
);
export type AccessDecision = Static<typeof AccessDecisionSchema>;

/** An admin's new end of an approved request's access (POST /api/access-requests/{id}/expiry). */
export const AccessExpirySchema = Type.Object(
  {
    expiresAt: Type.String({
      format: 'date-time',
      maxLength: 40,
      description: 'When the access ends (ISO 8601); a time already past ends it at the next run.',
    }),
  },
  { additionalProperties: false },
);
export type AccessExpiry = Static<typeof AccessExpirySchema>;

/**
 * The answer to a decision: the request as decided and, when the portal could not write the
 * membership itself (no service account), the group the approver must add the user to by hand.
 */
export const AccessDecisionResultSchema = Type.Object(
  {
    request: InboxRequestSchema,
    addByHand: Type.Optional(
      Type.String({ description: 'Add the requester to this group in the identity provider.' }),
    ),
  },
  { additionalProperties: false },
);
export type AccessDecisionResult = Static<typeof AccessDecisionResultSchema>;

/**
 * A locked card as `GET /api/apps` answers it to a signed-in non-member of a requestable app:
 * the app's name, category, environment, description and logo, `locked: true`, and never its
 * links (`link`, `doc`, `github` are absent), status, history or groups (`associatedGroups` is
 * empty). `lockedAccess` names the granting group and approvers only when the app allows it.
 * Members and admins get the app as before; anonymous visitors get no locked cards.
 */
export const LockedAppSchema = Type.Object(
  {
    id: Type.String(),
    name: Type.String(),
    description: Type.String(),
    image: Type.String(),
    imageUrl: Type.Optional(Type.String()),
    env: Type.Union([Type.Literal('prod'), Type.Literal('stage'), Type.Literal('dev')]),
    category: Type.String(),
    isPublic: Type.Literal(false),
    associatedGroups: Type.Array(Type.String(), { maxItems: 0 }),
    collectionId: Type.String(),
    created: Type.String(),
    updated: Type.String(),
    locked: Type.Literal(true),
    lockedAccess: Type.Optional(LockedAccessInfoSchema),
  },
  { $id: 'LockedApp', additionalProperties: false },
);
export type LockedApp = Static<typeof LockedAppSchema>;

/** Whether an item of `GET /api/apps` is a locked card. */
export function isLockedApp<T extends { locked?: unknown }>(
  item: T | LockedApp,
): item is LockedApp {
  return (item as { locked?: unknown }).locked === true;
}

/** The app's fields, those a locked card leaves out (its links) optional. */
function absentFromLockedCards(): {
  [F in keyof AppFieldSchemas]: F extends keyof typeof LockedAppSchema.properties
    ? AppFieldSchemas[F]
    : ReturnType<typeof Type.Optional<AppFieldSchemas[F]>>;
} {
  const properties: Record<string, unknown> = { ...AppSchema.properties };
  for (const [field, schema] of Object.entries(AppSchema.properties)) {
    if (!(field in LockedAppSchema.properties)) properties[field] = Type.Optional(schema);
  }
  return properties as ReturnType<typeof absentFromLockedCards>;
}
type AppFieldSchemas = typeof AppSchema.properties;

/**
 * An item of `GET /api/apps`: an `App`, or a `LockedApp` when `locked` is true. One object
 * schema with the locked card's fields optional (rather than a union) so that the response
 * serialiser stays a straight compiled function; `LockedAppSchema` documents the locked shape.
 */
export const CatalogItemSchema = Type.Object(
  {
    ...absentFromLockedCards(),
    locked: Type.Optional(
      Type.Literal(true, { description: 'A locked card (LockedApp): no links, no status.' }),
    ),
    lockedAccess: Type.Optional(LockedAccessInfoSchema),
  },
  {
    $id: 'CatalogItem',
    additionalProperties: false,
    description:
      'An App, or a LockedApp (locked: true) for a requestable app the caller may not use.',
  },
);

/** The answer of `GET /api/apps`: apps and, for signed-in callers, locked cards. */
export const CatalogListSchema = Type.Object(pageSchema(CatalogItemSchema), {
  additionalProperties: false,
});
export type CatalogList = Page<App | LockedApp>;
