// What the sides of the access requests share (access.service.ts composes them): the service's
// dependencies, the audit actors, the retry settings, the answers' shapes and the checks of what
// people write.
import type { AccessRequest, AppAccess, InboxRequest } from '../../shared/api/access-schemas.js';
import { hasControlCharacters } from '../../shared/text/control-characters.js';
import type { Actor } from '../../shared/api/admin-schemas.js';
import type { Trx } from '../audit/unit-of-work.js';
import type { Principal } from '../auth/principal.js';
import type { SessionsRepository } from '../auth/sessions.repository.js';
import type { AppsRepository } from '../catalog/apps.repository.js';
import type { Db } from '../db/database.js';
import { BadRequestError } from '../http/errors.js';
import type { MailTexts } from './access-mails.js';
import type { AccessRequestsRepository } from './access-requests.repository.js';
import type { AccessRequestRow } from './access-requests.table.js';
import type { GroupDirectory, Outbox, OutboxMessage } from './ports.js';

export const DAY_MS = 24 * 60 * 60 * 1000;
/** Who the expiry job is in the audit log. */
export const EXPIRY_ACTOR: Actor = { subject: 'access-expiry', username: 'access-expiry' };
/** Who the retries of membership writes are in the audit log. */
export const RETRY_ACTOR: Actor = {
  subject: 'access-membership-retry',
  username: 'access-membership-retry',
};

/**
 * Retries of a membership write the identity provider refused after an approval: the wait
 * after attempt n is base·2^(n−1), capped; after `maxAttempts` attempts in all the portal gives
 * up and tells the approvers to add it by hand. The defaults span about four hours.
 */
export const MEMBERSHIP_RETRY = { maxAttempts: 8, baseDelayMs: 60_000, maxDelayMs: 3_600_000 };

/**
 * How often one person's requests for one app mail its approvers (docs/access-requests.md,
 * "Limits"): not again within `quietMs` of their previous request for it (a request withdrawn
 * and made again, or made again after a decision), and at most `perDay` times in 24 hours. The
 * requests themselves are kept, audited, listed in the inbox and sent to the webhook as ever.
 */
export const APPROVER_MAIL_LIMITS = { quietMs: 15 * 60_000, perDay: 3 };

export function membershipRetryDelay(
  attempts: number,
  settings: { baseDelayMs: number; maxDelayMs: number } = MEMBERSHIP_RETRY,
): number {
  return Math.min(settings.maxDelayMs, settings.baseDelayMs * 2 ** Math.max(0, attempts - 1));
}

export interface AccessLog {
  info(object: object, message: string): void;
  warn(object: object, message: string): void;
  error(object: object, message: string): void;
}

export interface AccessServiceDeps {
  db: Db;
  requests: AccessRequestsRepository;
  apps: AppsRepository;
  /** Every app's access settings by id (the catalog snapshot's). */
  accessSettings: () => Promise<ReadonlyMap<string, AppAccess>>;
  sessions: SessionsRepository;
  directory: GroupDirectory | null;
  outbox: Outbox;
  adminRole: string;
  publicUrl: string;
  /** The language of the mails and its texts (DEFAULT_LANGUAGE; access-mails.ts). */
  mailTexts: MailTexts;
  /** Days before the end of time-boxed access that the reminder goes out. */
  reminderDays: number;
  /** Back-off of membership writes retried after an approval (MEMBERSHIP_RETRY by default). */
  membershipRetry?: Partial<typeof MEMBERSHIP_RETRY>;
  now?: () => number;
  log: () => AccessLog;
}

export const REQUEST_OPEN = 'You already asked for access to this app; the request is open.';
export const ONLY_OPEN_WITHDRAWN = 'Only an open request can be withdrawn; this one is decided.';

export const iso = (time: number) => new Date(time).toISOString();

/** Text a person wrote: trimmed, required (unless optional), bounded, no control characters. */
export function checkText(
  field: string,
  value: string | undefined,
  max: number,
  required: boolean,
): string {
  const text = (value ?? '').trim();
  if (required && text === '') {
    throw new BadRequestError(`The ${field} is required.`, { fields: { [field]: 'is required' } });
  }
  if (text.length > max) {
    throw new BadRequestError(`The ${field} must be at most ${max} characters.`, {
      fields: { [field]: `must be at most ${max} characters` },
    });
  }
  if (hasControlCharacters(text, { multiline: true })) {
    throw new BadRequestError(`The ${field} must be plain text (no control characters).`, {
      fields: { [field]: 'must be plain text (no control characters)' },
    });
  }
  return text;
}

export function toAccessRequest(row: AccessRequestRow): AccessRequest {
  const request: AccessRequest = {
    id: row.id,
    appId: row.appId,
    appName: row.appName,
    status: row.status,
    reason: row.reason,
    created: row.created,
    membership: row.membership,
  };
  if (row.decidedAt) request.decidedAt = row.decidedAt;
  if (row.decidedByName) request.decidedBy = row.decidedByName;
  if (row.note) request.note = row.note;
  if (row.status === 'approved' || row.status === 'expired') request.group = row.grantGroup;
  if (row.expiresAt) request.expiresAt = row.expiresAt;
  if (row.acceptedTerms) request.acceptedTerms = row.acceptedTerms;
  return request;
}

export function toInboxRequest(row: AccessRequestRow): InboxRequest {
  return {
    ...toAccessRequest(row),
    requester: { id: row.subject, name: row.name, username: row.username, email: row.email },
    group: row.grantGroup,
  };
}

/**
 * Access requests (docs/access-requests.md): a signed-in person asks for a requestable app they
 * may not use; the app's approvers decide; approving writes the membership to the identity
 * provider (or says which group to add by hand) and makes the person's sessions refresh their
 * identity. Every change is audited and its notifications enqueued in the same transaction.

/** What every side of the service works with: its dependencies and a few shared helpers. */
export interface AccessContext {
  deps: AccessServiceDeps;
  now: () => number;
  requests: AccessRequestsRepository;
  retry: typeof MEMBERSHIP_RETRY;
  isAdmin(principal: Principal): boolean;
  /** Enqueues notifications in the change's transaction (nothing for an empty list). */
  enqueue(trx: Trx, messages: readonly OutboxMessage[]): Promise<void>;
}

export function accessContext(deps: AccessServiceDeps): AccessContext {
  return {
    deps,
    now: deps.now ?? Date.now,
    requests: deps.requests,
    retry: { ...MEMBERSHIP_RETRY, ...deps.membershipRetry },
    isAdmin: (principal) => principal.roles.includes(deps.adminRole),
    async enqueue(trx, messages) {
      if (messages.length > 0) await deps.outbox.enqueue(trx, messages);
    },
  };
}
