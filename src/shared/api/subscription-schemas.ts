/**
 * The wire types of `/api/me/subscriptions` (docs/notifications.md, "Status subscriptions"): what
 * a signed-in person follows and how they are told. Shared by the server (validation, OpenAPI)
 * and the web app (types only). The server checks the values themselves (known events, the
 * digest's range, times, time zones, visible apps) and answers a 400 with a clear message.
 */
import { Type, type Static } from 'typebox';
import { AppIdSchema } from './ids.js';

/** The longest list of apps a person sets at once. */
export const MAX_SUBSCRIBED_APPS = 1000;

const QuietHoursSchema = Type.Object(
  {
    from: Type.String({ maxLength: 5, description: 'Start, "HH:MM" (24-hour), e.g. "22:00".' }),
    to: Type.String({ maxLength: 5, description: 'End, "HH:MM" (24-hour), e.g. "07:00".' }),
    timeZone: Type.String({
      maxLength: 64,
      description: 'The IANA time zone of both times, e.g. "Europe/Berlin".',
    }),
  },
  { additionalProperties: false },
);

const fields = {
  apps: Type.Array(AppIdSchema, {
    maxItems: MAX_SUBSCRIBED_APPS,
    description: 'The apps followed (only apps the caller may see).',
  }),
  allFavorites: Type.Boolean({
    description: 'Also follow every favorite app, as the favorites change.',
  }),
  events: Type.Array(Type.String({ maxLength: 20 }), {
    maxItems: 10,
    description:
      'What to be told about: "down" (confirmed), "up", "maintenance" (begins and ends), "notice" (a notice is published for the app).',
  }),
  channels: Type.Object(
    { email: Type.Boolean({ description: 'Messages by e-mail to the address of the identity.' }) },
    { additionalProperties: false },
  ),
  digestMinutes: Type.Number({
    description:
      '0: a message as soon as a change is confirmed (changes close together in one); otherwise at most one message per this many minutes (a whole number up to 1440).',
  }),
  quietHours: Type.Union([QuietHoursSchema, Type.Null()], {
    description: 'No message between `from` and `to` (held until they end); null: none.',
  }),
};

export const SubscriptionsSchema = Type.Object(
  {
    ...fields,
    email: Type.Union([Type.String(), Type.Null()], {
      description: 'The e-mail address of the identity token (null: none), where mails go.',
    }),
  },
  { additionalProperties: false },
);
export type Subscriptions = Static<typeof SubscriptionsSchema>;

/** What PUT takes: the same object; `email` may be sent back and is ignored. */
export const SubscriptionsInputSchema = Type.Object(
  {
    ...fields,
    email: Type.Optional(
      Type.Union([Type.String(), Type.Null()], {
        description: 'Ignored: the address comes from the identity.',
      }),
    ),
  },
  { additionalProperties: false },
);
export type SubscriptionsInput = Static<typeof SubscriptionsInputSchema>;
