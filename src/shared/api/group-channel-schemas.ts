/**
 * Wire types of group channels (docs/notifications.md, "Group channels"): a group's webhook that
 * hears the status changes of the apps that group may see (`GET`/`PUT /api/admin/group-channels`).
 * The values of a PUT are checked on the server, which answers one readable sentence per problem.
 */
import { Type, type Static } from 'typebox';

/** How a channel's deliveries are written: the portal's signed JSON, or a chat's webhook body. */
export const GROUP_CHANNEL_FORMATS = ['json', 'slack', 'teams', 'matrix'] as const;
export type GroupChannelFormat = (typeof GROUP_CHANNEL_FORMATS)[number];

/** At most this many channels in one list, each URL at most this long. */
export const GROUP_CHANNEL_LIMITS = { channels: 200, url: 2000, group: 200 } as const;

const fields = {
  group: Type.String({
    description: 'The group whose visible apps the channel hears, e.g. `/imaging`.',
  }),
  url: Type.String({
    description: 'Where deliveries are posted: https (http only to this machine).',
  }),
  format: Type.String({
    enum: [...GROUP_CHANNEL_FORMATS],
    description:
      '`json` (the portal’s signed envelope), `slack` (Slack or Mattermost incoming webhook), `teams` (Microsoft Teams incoming webhook), `matrix` (Matrix hookshot generic webhook).',
  }),
};

export const GroupChannelSchema = Type.Object(
  {
    ...fields,
    secret: Type.String({
      description:
        'Signs every delivery (`X-App-Portal-Signature`, HMAC-SHA256 over `{timestamp}.{body}`): give it to the receiver. Made by the portal when the channel is added.',
    }),
  },
  { additionalProperties: false },
);
export type GroupChannel = Static<typeof GroupChannelSchema>;

export const GroupChannelListSchema = Type.Array(GroupChannelSchema, {
  description: 'The channels the caller manages, by group then URL.',
});
export type GroupChannelList = Static<typeof GroupChannelListSchema>;

export const GroupChannelInputSchema = Type.Object(
  {
    ...fields,
    // A list read with GET may be sent back as it is: the secret is the portal's own.
    secret: Type.Optional(
      Type.String({ description: 'Ignored: a kept channel keeps its secret, a new one gets one.' }),
    ),
  },
  { additionalProperties: false },
);
export type GroupChannelInput = Static<typeof GroupChannelInputSchema>;

export const GroupChannelInputListSchema = Type.Array(GroupChannelInputSchema, {
  description:
    'The whole list of the channels the caller manages (admins: all; approvers: their groups’). A channel is kept (with its secret) when its group and URL stay the same.',
});
