/**
 * Wire types of portal notices (`/api/admin/notices`, docs/admin.md): notices that admins post
 * with a start and an end, shown in GET /api/notices beside the Uptime Kuma status page's.
 * Bodies are loose on values (types only, unknown fields refused): the service checks values
 * with src/shared/notices/notice-rules.ts and answers 400 with `data.fields`, one message per
 * bad field, as the app routes do.
 */
import { Type, type Static } from 'typebox';
import { AppIdSchema, NoticeIdSchema } from './ids.js';
import { PAGE_QUERY, pageSchema } from './list-schemas.js';
import { PORTAL_NOTICE_SEVERITIES } from '../notices/notice-rules.js';
import { ActorSchema } from './admin-schemas.js';
import { localizedTextSchema } from '../i18n/localized-text.js';
import { NOTICE_LIMITS } from '../notices/notice-rules.js';

export { PORTAL_NOTICE_SEVERITIES, type PortalNoticeSeverity } from '../notices/notice-rules.js';

export const NoticeAudienceSchema = Type.Object(
  {
    kind: Type.Union([Type.Literal('everyone'), Type.Literal('signed-in'), Type.Literal('groups')]),
    groups: Type.Array(Type.String(), {
      description: 'For kind `groups`: the group names (at least one); empty otherwise.',
    }),
  },
  {
    additionalProperties: false,
    description:
      'Who sees the notice: everyone (anonymous visitors too), signed-in people, or members of the groups.',
  },
);

const SeveritySchema = Type.Union([
  Type.Literal('info'),
  Type.Literal('maintenance'),
  Type.Literal('incident'),
]);

export const PortalNoticeSchema = Type.Object(
  {
    id: Type.String(),
    title: Type.String({ description: 'Plain text, never HTML.' }),
    text: localizedTextSchema(
      NOTICE_LIMITS.text,
      'Plain text, never HTML: shown as text. One text, or texts by language tag ' +
        '({ "en": "...", "de": "..." }): GET /api/notices answers the viewer’s language.',
    ),
    severity: SeveritySchema,
    startsAt: Type.String({ format: 'date-time' }),
    endsAt: Type.String({ format: 'date-time' }),
    appIds: Type.Array(Type.String(), {
      description: 'The apps it concerns (none: the whole portal).',
    }),
    audience: NoticeAudienceSchema,
    requireAck: Type.Boolean({
      description: 'Shown first until each person acknowledges it; it cannot be dismissed.',
    }),
    mailAudience: Type.Boolean({
      description:
        'Mailed to each person of its audience the portal knows (with an e-mail address) when created, and again when edited, in the default language.',
    }),
    version: Type.Integer({ minimum: 1, description: 'Grows with every change.' }),
    created: Type.String({ format: 'date-time' }),
    createdBy: ActorSchema,
    updated: Type.String({ format: 'date-time' }),
    updatedBy: ActorSchema,
  },
  { $id: 'PortalNotice', additionalProperties: false },
);
export type PortalNotice = Static<typeof PortalNoticeSchema>;

export const PortalNoticeListQuerySchema = Type.Object(PAGE_QUERY, { additionalProperties: false });

export const PortalNoticeListSchema = Type.Object(
  pageSchema(PortalNoticeSchema, 'By start, latest first.'),
  { additionalProperties: false },
);
export type PortalNoticeList = Static<typeof PortalNoticeListSchema>;

const inputFields = {
  title: Type.String(),
  // One text or texts by language tag: the values are checked by notice-rules.ts (a 400 that
  // names the language).
  text: Type.Union([Type.String(), Type.Record(Type.String(), Type.Unknown())]),
  severity: Type.String({ enum: [...PORTAL_NOTICE_SEVERITIES] }),
  startsAt: Type.String({ format: 'date-time' }),
  endsAt: Type.String({ format: 'date-time' }),
  appIds: Type.Array(AppIdSchema),
  // Checked by notice-audience.ts (a 400 naming `audience`).
  audience: Type.Object(
    {
      kind: Type.String({ enum: ['everyone', 'signed-in', 'groups'] }),
      groups: Type.Optional(Type.Array(Type.String())),
    },
    { additionalProperties: false },
  ),
  requireAck: Type.Boolean(),
  mailAudience: Type.Boolean(),
};

/** POST body: everything but `text`, `appIds`, `audience`, `requireAck` and `mailAudience` is required. */
export const PortalNoticeCreateSchema = Type.Object(
  {
    title: inputFields.title,
    text: Type.Optional(inputFields.text),
    severity: inputFields.severity,
    startsAt: inputFields.startsAt,
    endsAt: inputFields.endsAt,
    appIds: Type.Optional(inputFields.appIds),
    audience: Type.Optional(inputFields.audience),
    requireAck: Type.Optional(inputFields.requireAck),
    mailAudience: Type.Optional(inputFields.mailAudience),
  },
  { additionalProperties: false },
);
export type PortalNoticeCreate = Static<typeof PortalNoticeCreateSchema>;

/** PATCH body: any of the fields. */
export const PortalNoticePatchSchema = Type.Partial(Type.Object(inputFields), {
  additionalProperties: false,
});
export type PortalNoticePatch = Static<typeof PortalNoticePatchSchema>;

export const PortalNoticeParamsSchema = Type.Object(
  { noticeId: NoticeIdSchema },
  { additionalProperties: false },
);

const PersonFields = {
  subject: Type.String(),
  username: Type.String(),
  name: Type.String(),
  email: Type.String(),
};

/** GET /api/admin/notices/{id}/acknowledgements. */
export const NoticeAcknowledgementsSchema = Type.Object(
  {
    notice: PortalNoticeSchema,
    audience: NoticeAudienceSchema,
    acknowledged: Type.Array(
      Type.Object(
        { ...PersonFields, at: Type.String({ format: 'date-time' }) },
        { additionalProperties: false },
      ),
      { description: 'Who acknowledged it, and when (earliest first).' },
    ),
    pending: Type.Array(Type.Object(PersonFields, { additionalProperties: false }), {
      description:
        'People known to the portal (they signed in) in the audience who have not acknowledged it.',
    }),
  },
  { $id: 'NoticeAcknowledgements', additionalProperties: false },
);
export type NoticeAcknowledgements = Static<typeof NoticeAcknowledgementsSchema>;
