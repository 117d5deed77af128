/**
 * Wire types of networks (docs/networks.md): the list admins define (`GET`/`PUT
 * /api/admin/networks`), an app's addresses per network and typed links as admins read them, and
 * the visitor's network (`GET /api/network`). Values of the admin's request body are checked by
 * the rules (src/shared/network/networks.ts), which answer one readable sentence per problem.
 */
import { Type, type Static } from 'typebox';
import { APP_ID_PATTERN } from '../catalog/app-fields.js';
import { LINK_KINDS, type LinkKind } from '../catalog/link-kinds.js';
import { NETWORK_LIMITS } from '../network/networks.js';

const NetworkIdSchema = Type.String({
  pattern: APP_ID_PATTERN,
  description: 'Lowercase letters, digits, `-`, `_` (as app ids).',
});

export const NetworkSchema = Type.Object(
  {
    id: NetworkIdSchema,
    name: Type.String({ description: 'What people read, e.g. "Campus network".' }),
    ranges: Type.Array(Type.String(), {
      description: 'CIDR ranges or single addresses, IPv4 and IPv6, canonical ("10.0.0.0/8").',
    }),
    help: Type.Optional(Type.String({ description: 'http(s) page on how to get onto it.' })),
    helpText: Type.Optional(Type.String({ description: 'Short text shown with the help link.' })),
  },
  { $id: 'Network', additionalProperties: false },
);
export type NetworkView = Static<typeof NetworkSchema>;

/** GET and PUT /api/admin/networks answer the whole list, in order. */
const NETWORKS_VERSION = {
  description:
    'The list’s version: send it back with PUT, which then answers 409 (nothing saved) when someone changed the list since it was read.',
  pattern: '^[A-Za-z0-9_-]{1,64}$',
};

export const NetworkListSchema = Type.Object(
  {
    networks: Type.Array(NetworkSchema, {
      description:
        'In order: where ranges of the same length overlap, the network listed first wins (docs/networks.md).',
    }),
    version: Type.Optional(Type.String(NETWORKS_VERSION)),
  },
  { additionalProperties: false },
);
export type NetworkList = Static<typeof NetworkListSchema>;

/** PUT /api/admin/networks: the new list, replacing the whole one (values checked by the rules). */
export const NetworkListInputSchema = Type.Object(
  {
    networks: Type.Array(
      Type.Unknown({
        description: `A network { id, name, ranges, help?, helpText? } (see Network); at most ${NETWORK_LIMITS.networks}.`,
      }),
    ),
    version: Type.Optional(Type.String(NETWORKS_VERSION)),
  },
  { additionalProperties: false },
);

/** An app's address on one network, as admins read it. */
export const AppAddressSchema = Type.Object(
  {
    network: NetworkIdSchema,
    url: Type.String({ description: 'http(s) address of the app on that network.' }),
  },
  { additionalProperties: false },
);

/** A typed link of an app, as admins read it. */
export const AppLinkSchema = Type.Object(
  {
    // Listed literal by literal so that the static type keeps them.
    kind: Type.Union([
      Type.Literal('support'),
      Type.Literal('status'),
      Type.Literal('client'),
      Type.Literal('docs'),
      Type.Literal('repo'),
      Type.Literal('other'),
    ]),
    url: Type.String({ description: 'http(s) URL; a support contact may be a mailto: address.' }),
    label: Type.Optional(Type.String()),
  },
  { additionalProperties: false },
);

// Keep the schema in step with the list the rules use.
const _linkKindsMatch: readonly Static<typeof AppLinkSchema>['kind'][] = LINK_KINDS;
const _linkKindsBack: readonly LinkKind[] = [] as Static<typeof AppLinkSchema>['kind'][];
void _linkKindsMatch;
void _linkKindsBack;

/** GET /api/network: the network the visitor is on, never the visitor's address. */
export const VisitorNetworkSchema = Type.Object(
  {
    network: Type.Union([NetworkIdSchema, Type.Null()], {
      description: 'The id of the network the request comes from; null when on none.',
    }),
    name: Type.Union([Type.String(), Type.Null()], { description: "The network's name." }),
  },
  { additionalProperties: false },
);
export type VisitorNetwork = Static<typeof VisitorNetworkSchema>;
