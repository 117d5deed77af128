import type { ColumnType, Insertable, Selectable } from 'kysely';

/**
 * Signed-in browsers. The cookie holds a random secret; the row is found by its SHA-256 and
 * the tokens are encrypted with a key derived from it (secrets.ts). Times are epoch
 * milliseconds.
 */
export interface SessionsTable {
  /** SHA-256 (base64url) of the session secret in the cookie. */
  id: string;
  /** The identity provider's subject. */
  subject: string;
  /** JSON of the Principal derived from the latest verified claims. */
  principal: string;
  /** Access, refresh and ID token, sealed with the session secret. */
  tokens: string;
  accessTokenExpiresAt: number;
  createdAt: number;
  /** The session ends at this time whatever happens (absolute lifetime). */
  expiresAt: number;
  /**
   * 1 when the user's groups changed in the identity provider (an access request approved or
   * expired): the next request refreshes the tokens at once, so the new groups show.
   */
  refreshNeeded: ColumnType<number, number | undefined, number>;
}

/**
 * Sign-on state of sign-ins under way: created by /auth/login or /auth/silent, consumed once
 * by /auth/callback, worthless after 60 minutes.
 */
export interface SignOnStatesTable {
  /** SHA-256 (base64url) of the `state` parameter. */
  id: string;
  /** SHA-256 of the browser's sign-in cookie: the callback must come from the same browser. */
  browser: string;
  /** `login` (a full-page sign-in) or `silent` (the hidden prompt=none check). */
  mode: string;
  returnTo: string;
  codeVerifier: string;
  nonce: string;
  createdAt: number;
}

export type SessionRow = Selectable<SessionsTable>;
export type NewSessionRow = Insertable<SessionsTable>;
export type SignOnStateRow = Selectable<SignOnStatesTable>;

/** This feature's tables in the database's type (src/server/db/schema.ts). */
declare module '../db/schema.js' {
  interface Database {
    sessions: SessionsTable;
    signOnStates: SignOnStatesTable;
  }
}
