import type { Selectable } from 'kysely';
import type { AccessRequestStatus, MembershipState } from '../../shared/api/access-schemas.js';

/**
 * Access requests (docs/access-requests.md): who asked for which app, why, and what became of
 * it. The requester's name and e-mail are copied from their verified claims when they ask, so
 * the inbox and the mails need no other lookup. Times are ISO 8601 UTC text.
 */
export interface AccessRequestsTable {
  id: string;
  appId: string;
  /** The app's name when the request was made (the app may be renamed or deleted later). */
  appName: string;
  /** The requester's OIDC subject (for Keycloak, the user's id). */
  subject: string;
  username: string;
  name: string;
  email: string;
  reason: string;
  status: AccessRequestStatus;
  membership: MembershipState;
  /** The group approving grants (the app's `access.group` when the request was made). */
  grantGroup: string;
  created: string;
  updated: string;
  decidedAt: string | null;
  decidedBySubject: string | null;
  decidedByName: string | null;
  note: string | null;
  /** When time-boxed access ends; null otherwise. */
  expiresAt: string | null;
  /** When the expiry reminder was enqueued (once). */
  remindedAt: string | null;
  /** Attempts at writing the membership after approval (retried while `membership` is `retrying`). */
  membershipAttempts: number;
  /** When the next attempt at writing the membership is due; null when none is. */
  membershipRetryAt: string | null;
  /** The version of the app's terms of use the requester accepted; null when it had none. */
  acceptedTerms: string | null;
}

export type AccessRequestRow = Selectable<AccessRequestsTable>;

/** This feature's tables in the database's type (src/server/db/schema.ts). */
declare module '../db/schema.js' {
  interface Database {
    accessRequests: AccessRequestsTable;
  }
}
