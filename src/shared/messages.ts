/** User-facing messages from the spec's error catalogue (section 8), shared by server and SPA. */
export const MESSAGES = {
  notFound: "The requested resource wasn't found.",
  generic: 'Something went wrong while processing your request.',
  userNotFound: 'User not found',
  addFavoriteFailed: 'Failed to add app to favorites',
  removeFavoriteFailed: 'Failed to remove app from favorites',
  signInRequired: 'Sign in to do this.',
} as const;
