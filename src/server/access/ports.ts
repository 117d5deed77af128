import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema.js';

/**
 * The two ports between the access requests (this folder) and their delivery: the identity
 * provider's groups and the outbox of notifications. Implemented in lower layers (structural
 * typing: the implementations never import this file); the composition roots pass them in.
 */

/** The identity provider's groups, written with a service account (Keycloak Admin REST API). */
export interface GroupDirectory {
  /** Adds the user (OIDC subject; for Keycloak the user's id) to the group (path like `/imaging`). Idempotent. Throws GroupDirectoryError when the group does not exist or the call fails. */
  addMember(userId: string, groupPath: string): Promise<void>;
  /** Removes the user from the group. Idempotent (not a member: no error). */
  removeMember(userId: string, groupPath: string): Promise<void>;
  /** Every group path in the realm (`/imaging`, `/imaging/leads`), sorted. */
  listGroups(): Promise<string[]>;
  /** The members of a group (direct members), for mailing group approvers. */
  groupMembers(groupPath: string): Promise<{ id: string; username: string; email: string }[]>;
}
// The composition roots pass `GroupDirectory | null` (null: no service account configured).

export type OutboxMessage =
  | { kind: 'mail'; to: string[]; subject: string; text: string; html: string }
  | { kind: 'webhook'; event: string; payload: Record<string, unknown> };

/** Messages written in the same transaction as the change that causes them; sent later by one instance. */
export interface Outbox {
  enqueue(
    db: Kysely<Database> | Transaction<Database>,
    messages: readonly OutboxMessage[],
  ): Promise<void>;
}
