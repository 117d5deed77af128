/**
 * English messages of the spec's error catalogue (section 8) that code still writes: the
 * server's `message`s (stable English for machines and logs) and log lines. What people read is
 * in the `errors` catalog (locales/<language>/errors.json: `errors.generic`, `errors.notFound`,
 * `errors.favorites.*`, `errors.userNotFound`, `errors.code.<code>`), in their language.
 */
export const MESSAGES = {
  notFound: "The requested resource wasn't found.",
  generic: 'Something went wrong while processing your request.',
  addFavoriteFailed: 'Failed to add app to favorites',
  removeFavoriteFailed: 'Failed to remove app from favorites',
} as const;
