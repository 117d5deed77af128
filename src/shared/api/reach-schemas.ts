/**
 * What a visitor is told of where an app answers (docs/networks.md, "What visitors see"): the
 * typed links of an app they may open, and, when no address of the app works from their
 * network, the networks it answers on (`onlyFrom`). Never an address of another network.
 */
import { Type, type Static } from 'typebox';
import { AppLinkSchema } from './network-schemas.js';

export { AppLinkSchema as PublicLinkSchema };
export type PublicLink = Static<typeof AppLinkSchema>;

export const OnlyFromSchema = Type.Object(
  {
    networks: Type.Array(Type.String(), {
      description: 'The names of the networks the app answers on, in the networks list order.',
    }),
    help: Type.Optional(
      Type.String({ description: "The first network's help page (how to connect)." }),
    ),
    helpText: Type.Optional(Type.String({ description: "The first network's help text." })),
  },
  {
    $id: 'OnlyFrom',
    additionalProperties: false,
    description:
      "Present when no address of the app works from the visitor's network (`link` is null): " +
      'where it does. Never the addresses themselves.',
    examples: [
      {
        networks: ['Campus network', 'VPN'],
        help: 'https://it.example.edu/vpn',
        helpText: 'Off campus, connect to the VPN first.',
      },
    ],
  },
);
export type OnlyFrom = Static<typeof OnlyFromSchema>;

/** The app's fields of reach, as AppSchema carries them. */
export const reachFieldSchemas = () => ({
  link: Type.Union([Type.String(), Type.Null()], {
    description:
      "The address that works from the caller's network: the app's address on that network, " +
      'else its public link (empty when it has none and no network addresses); null when it ' +
      'answers only on other networks (see onlyFrom).',
  }),
  links: Type.Optional(
    Type.Array(AppLinkSchema, {
      description:
        'Typed links (support, status page, client, docs, repository, other); absent: none.',
    }),
  ),
  onlyFrom: Type.Optional(OnlyFromSchema),
});
