/**
 * The wire type of `PUT /api/me/favorites` (the whole ordered list of a user's favorites).
 * Shared by the server (validation, OpenAPI) and the SPA (types only).
 */
import { Type, type Static } from 'typebox';
import { AppIdSchema } from './ids.js';

/** The longest list of favorites a user may keep in order. */
export const MAX_FAVORITES = 1000;

export const FavoriteOrderSchema = Type.Object(
  {
    appIds: Type.Array(AppIdSchema, {
      maxItems: MAX_FAVORITES,
      description:
        'Every favorite, first first. Apps left out stop being favorites; apps not yet ' +
        'favorites become ones. Each id once, and only apps the caller may see.',
    }),
  },
  { additionalProperties: false },
);
export type FavoriteOrder = Static<typeof FavoriteOrderSchema>;
