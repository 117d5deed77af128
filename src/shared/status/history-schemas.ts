/** Wire schemas of the status history and notices (docs/monitor.md). */
import { Type, type Static } from 'typebox';

const StateSchema = Type.Union(
  [
    Type.Literal('up'),
    Type.Literal('down'),
    Type.Literal('pending'),
    Type.Literal('maintenance'),
    Type.Literal('unknown'),
  ],
  { description: 'up, down, pending, maintenance, or unknown (no source knew the app).' },
);

export const UptimeQuerySchema = Type.Object(
  {
    range: Type.Union([Type.Literal('24h'), Type.Literal('7d'), Type.Literal('30d')], {
      default: '24h',
      description: '24h (48 buckets of 30 min), 7d (168 of 1 h) or 30d (30 of 1 day).',
    }),
  },
  { additionalProperties: false },
);
export type UptimeQuery = Static<typeof UptimeQuerySchema>;

const fraction = (description: string) => Type.Number({ minimum: 0, maximum: 1, description });

export const UptimeBucketSchema = Type.Object(
  {
    start: Type.String({ format: 'date-time', description: 'Start of the bucket (ISO 8601).' }),
    up: fraction('Share of the bucket the app was up.'),
    down: fraction('Share of the bucket the app was down.'),
    pending: fraction('Share of the bucket the app was pending.'),
    maintenance: fraction('Share of the bucket the app was in maintenance.'),
    unknown: fraction('Share of the bucket without data (not monitored, or before the history).'),
  },
  { additionalProperties: false },
);
export type UptimeBucket = Static<typeof UptimeBucketSchema>;

export const StatusChangeSchema = Type.Object(
  {
    state: StateSchema,
    since: Type.String({ format: 'date-time' }),
    until: Type.Union([Type.String({ format: 'date-time' }), Type.Null()], {
      description: 'null: the app is still in this state.',
    }),
  },
  { additionalProperties: false },
);
export type StatusChange = Static<typeof StatusChangeSchema>;

export const UptimeSchema = Type.Object(
  {
    appId: Type.String(),
    range: Type.String({ description: 'The range asked for.' }),
    uptime: Type.Union([fraction('up / (up + down + pending) over the range.'), Type.Null()], {
      description:
        'Share of the monitored time the app was up: up / (up + down + pending). Maintenance and unknown time count neither way; null when the range has none of the three.',
    }),
    lastChange: Type.Union([Type.String({ format: 'date-time' }), Type.Null()], {
      description: 'When the current state began; null without history.',
    }),
    buckets: Type.Array(UptimeBucketSchema, {
      description: 'Equal slices of the range ending now, oldest first; fractions add up to 1.',
    }),
    changes: Type.Array(StatusChangeSchema, {
      description: 'The states within the range, newest first, at most 20.',
    }),
  },
  { $id: 'Uptime', additionalProperties: false },
);
export type Uptime = Static<typeof UptimeSchema>;

export const NoticeSchema = Type.Object(
  {
    id: Type.String({
      description: 'Stable while the notice lasts (used to remember a dismissal).',
    }),
    kind: Type.Union(
      [Type.Literal('incident'), Type.Literal('maintenance'), Type.Literal('notice')],
      {
        description: '`notice`: general information an admin posted.',
      },
    ),
    title: Type.String({ description: 'Plain text.' }),
    text: Type.String({ description: 'Plain text, never HTML: show it as text.' }),
    severity: Type.Union([Type.Literal('info'), Type.Literal('warning'), Type.Literal('danger')]),
    start: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
    end: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
    appIds: Type.Optional(
      Type.Array(Type.String(), {
        description:
          'Portal notices: the apps it concerns that the caller may see (absent or empty: the whole portal).',
      }),
    ),
    requireAck: Type.Optional(
      Type.Boolean({
        description:
          'Portal notices: true when it must be acknowledged (POST /api/notices/{id}/acknowledge); it cannot be dismissed and comes first.',
      }),
    ),
  },
  { additionalProperties: false },
);
export type Notice = Static<typeof NoticeSchema>;

export const NoticesSchema = Type.Object(
  {
    notices: Type.Array(NoticeSchema, { description: 'Active incidents and maintenance windows.' }),
    maintenance: Type.Array(Type.String(), {
      description: 'Ids of the apps the caller may see whose status is Maintenance now.',
    }),
  },
  { $id: 'Notices', additionalProperties: false },
);
export type Notices = Static<typeof NoticesSchema>;

export const StripsSchema = Type.Object(
  {
    range: Type.Literal('24h'),
    bucketMinutes: Type.Integer({ description: 'Minutes per character of `strip`.' }),
    end: Type.String({ format: 'date-time', description: 'The end of the range.' }),
    items: Type.Array(
      Type.Object(
        {
          appId: Type.String(),
          uptime: Type.Union([Type.Number({ minimum: 0, maximum: 1 }), Type.Null()]),
          strip: Type.String({
            description:
              'One character per 30 min, oldest first: the worst state in it. d down, p pending, m maintenance, u up, - unknown.',
          }),
          changesLastHour: Type.Integer({ minimum: 0 }),
        },
        { additionalProperties: false },
      ),
    ),
  },
  { $id: 'Strips', additionalProperties: false },
);
export type Strips = Static<typeof StripsSchema>;
