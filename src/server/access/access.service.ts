import type {
  AccessDecision,
  AccessDecisionResult,
  AccessRequest,
  AccessRequestList,
  AppAccess,
  InboxList,
  InboxRequest,
} from '../../shared/api/access-schemas.js';
import { MAX_ACCESS_NOTE, MAX_ACCESS_REASON } from '../../shared/api/access-schemas.js';
import { hasControlCharacters } from '../../shared/text/control-characters.js';
import { normalizeGroup } from '../../shared/identity/groups.js';
import type { Actor } from '../../shared/api/admin-schemas.js';
import type { AdminRepository, Trx } from '../admin/admin.repository.js';
import type { Principal } from '../auth/principal.js';
import type { SessionsRepository } from '../auth/sessions.repository.js';
import { accessOf } from '../catalog/app-fields.js';
import type { AppsRepository } from '../catalog/apps.repository.js';
import { canSee } from '../catalog/visibility.js';
import type { Db } from '../db/database.js';
import { BadRequestError, ConflictError, ForbiddenError, NotFoundError } from '../http/errors.js';
import { newRecordId } from '../lib/ids.js';
import {
  decidedMessages,
  expiredMessages,
  membershipFailedMessages,
  reminderMessages,
  requestCreatedMessages,
  withdrawnMessages,
  type MailTexts,
} from './access-mails.js';
import { isUniqueViolation, type AccessRequestsRepository } from './access-requests.repository.js';
import type { AccessRequestRow } from './access-requests.table.js';
import { approves, splitApprovers } from './approvers.js';
import type { GroupDirectory, Outbox, OutboxMessage } from './ports.js';

const DAY_MS = 24 * 60 * 60 * 1000;
/** Who the expiry job is in the audit log. */
const EXPIRY_ACTOR: Actor = { subject: 'access-expiry', username: 'access-expiry' };
/** Who the retries of membership writes are in the audit log. */
const RETRY_ACTOR: Actor = {
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
  admin: AdminRepository;
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

const REQUEST_OPEN = 'You already asked for access to this app; the request is open.';
const ONLY_OPEN_WITHDRAWN = 'Only an open request can be withdrawn; this one is decided.';

const iso = (time: number) => new Date(time).toISOString();

function actorOf(principal: Principal): Actor {
  return { subject: principal.subject, username: principal.username || principal.subject };
}

/** Text a person wrote: trimmed, required (unless optional), bounded, no control characters. */
function checkText(
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
 */
export function createAccessService(deps: AccessServiceDeps) {
  const now = deps.now ?? Date.now;
  const { requests, admin } = deps;
  const retry = { ...MEMBERSHIP_RETRY, ...deps.membershipRetry };
  const isAdmin = (principal: Principal) => principal.roles.includes(deps.adminRole);

  async function enqueue(trx: Trx, messages: readonly OutboxMessage[]) {
    if (messages.length > 0) await deps.outbox.enqueue(trx, messages);
  }

  /** The apps whose requests `principal` decides; null: every app (an admin). */
  async function approvedApps(principal: Principal): Promise<string[] | null> {
    if (isAdmin(principal)) return null;
    const settings = await deps.accessSettings();
    return [...settings]
      .filter(([, access]) => approves(access, principal, deps.adminRole))
      .map(([id]) => id);
  }

  /**
   * E-mail addresses of an app's approvers: named users and members of named groups (from the
   * directory when there is one, else as they last signed in), admins only if nobody else has
   * an address.
   */
  async function approverEmails(access: AppAccess | undefined): Promise<string[]> {
    const emails = new Set<string>();
    if (access) {
      const { usernames, groups } = splitApprovers(access);
      for (const email of await requests.emailsOfUsernames(usernames)) emails.add(email);
      for (const group of groups) {
        try {
          if (deps.directory) {
            for (const member of await deps.directory.groupMembers(group)) emails.add(member.email);
          } else {
            const name = normalizeGroup(group);
            for (const user of await requests.knownUsersLike(JSON.stringify(name))) {
              if (user.groups.map(normalizeGroup).includes(name)) emails.add(user.email);
            }
          }
        } catch (error) {
          deps.log().warn({ err: error, group }, 'access requests: approver group not readable');
        }
      }
    }
    emails.delete('');
    if (emails.size === 0) {
      for (const user of await requests.knownUsersLike(JSON.stringify(deps.adminRole))) {
        if (user.roles.includes(deps.adminRole) && user.email) emails.add(user.email);
      }
    }
    return [...emails].sort();
  }

  /** Who to tell about a request's membership: the approver who approved it, else the app's approvers. */
  async function deciderEmails(row: AccessRequestRow): Promise<string[]> {
    const decider = row.decidedBySubject
      ? await requests.emailOfSubject(row.decidedBySubject)
      : undefined;
    if (decider) return [decider];
    return approverEmails((await deps.accessSettings()).get(row.appId));
  }

  /** Approved requests whose group the person's token now carries: membership `present`. */
  async function noteMembership(principal: Principal): Promise<void> {
    if (!principal.subject) return;
    const open = await requests.findUnconfirmed(principal.subject);
    if (open.length === 0) return;
    const groups = new Set(principal.groups.map(normalizeGroup));
    for (const row of open) {
      if (!groups.has(normalizeGroup(row.grantGroup))) continue;
      const at = iso(now());
      await admin.transaction(async (trx) => {
        await requests.setMembership(trx, row.id, 'present', at);
        await admin.appendAudit(
          trx,
          {
            actor: actorOf(principal),
            action: 'access-membership',
            appId: row.appId,
            before: { request: row.id, membership: row.membership },
            after: { request: row.id, membership: 'present', group: row.grantGroup },
          },
          at,
        );
      });
    }
  }

  return {
    noteMembership,

    /** Whether the person decides any requests (the header's inbox link). */
    async isApprover(principal: Principal): Promise<boolean> {
      const apps = await approvedApps(principal);
      return apps === null || apps.length > 0;
    },

    async listMine(
      principal: Principal,
      { page, perPage }: { page: number; perPage: number },
    ): Promise<AccessRequestList> {
      await noteMembership(principal);
      const { rows, total } = await requests.listBySubject(principal.subject, page, perPage);
      return {
        page,
        perPage,
        totalItems: total,
        totalPages: Math.ceil(total / perPage),
        items: rows.map(toAccessRequest),
      };
    },

    async create(
      principal: Principal,
      body: { appId: string; reason: string },
    ): Promise<AccessRequest> {
      const reason = checkText('reason', body.reason, MAX_ACCESS_REASON, true);
      const record = await deps.apps.findLiveApp(body.appId);
      const access = record && accessOf(record);
      const member =
        record !== undefined &&
        canSee(
          { isPublic: record.isPublic === 1, associatedGroups: record.associatedGroups },
          principal,
        );
      // The same 404 as for an app that does not exist: nothing about hidden apps leaks.
      if (!record || (!member && !access?.requestable) || !access) {
        if (record && member)
          throw new ConflictError('You can already use this app.', {}, 'already_member');
        throw new NotFoundError();
      }
      if (member) throw new ConflictError('You can already use this app.', {}, 'already_member');
      if (await requests.findOpen(record.id, principal.subject)) {
        throw new ConflictError(REQUEST_OPEN, {}, 'request_open');
      }
      const at = iso(now());
      const row: AccessRequestRow = {
        id: newRecordId(),
        appId: record.id,
        appName: record.name,
        subject: principal.subject,
        username: principal.username,
        name: principal.name || principal.username,
        email: principal.email,
        reason,
        status: 'pending',
        membership: 'none',
        grantGroup: access.group,
        created: at,
        updated: at,
        decidedAt: null,
        decidedBySubject: null,
        decidedByName: null,
        note: null,
        expiresAt: null,
        remindedAt: null,
        membershipAttempts: 0,
        membershipRetryAt: null,
      };
      const earlier = await requests.createdSince(
        record.id,
        principal.subject,
        iso(now() - DAY_MS),
      );
      const mailApprovers =
        earlier.length < APPROVER_MAIL_LIMITS.perDay &&
        !earlier.some((created) => Date.parse(created) > now() - APPROVER_MAIL_LIMITS.quietMs);
      const emails = mailApprovers ? await approverEmails(access) : [];
      try {
        await admin.transaction(async (trx) => {
          await requests.insert(trx, row);
          await admin.appendAudit(
            trx,
            {
              actor: actorOf(principal),
              action: 'access-request',
              appId: row.appId,
              before: null,
              after: { request: row.id, status: 'pending', group: row.grantGroup },
            },
            at,
          );
          await enqueue(trx, requestCreatedMessages(row, emails, deps.publicUrl, deps.mailTexts));
        });
      } catch (error) {
        if (isUniqueViolation(error)) {
          throw new ConflictError(REQUEST_OPEN, {}, 'request_open');
        }
        throw error;
      }
      return toAccessRequest(row);
    },

    async withdraw(principal: Principal, id: string): Promise<void> {
      const row = await requests.findById(id);
      if (!row || row.subject !== principal.subject) throw new NotFoundError();
      if (row.status !== 'pending') {
        throw new ConflictError(ONLY_OPEN_WITHDRAWN, {}, 'request_decided');
      }
      const at = iso(now());
      await admin.transaction(async (trx) => {
        const changed = await requests.transition(trx, id, ['pending'], {
          status: 'withdrawn',
          updated: at,
        });
        if (!changed) {
          throw new ConflictError(ONLY_OPEN_WITHDRAWN, {}, 'request_decided');
        }
        await admin.appendAudit(
          trx,
          {
            actor: actorOf(principal),
            action: 'access-withdraw',
            appId: row.appId,
            before: { request: id, status: 'pending' },
            after: { request: id, status: 'withdrawn' },
          },
          at,
        );
        await enqueue(trx, withdrawnMessages({ ...row, status: 'withdrawn', updated: at }));
      });
    },

    async inbox(
      principal: Principal,
      query: { page: number; perPage: number; status?: 'pending' | 'decided' },
    ): Promise<InboxList> {
      const apps = await approvedApps(principal);
      if (apps !== null && apps.length === 0) {
        throw new ForbiddenError(
          'You do not approve access requests for any app.',
          'not_an_approver',
        );
      }
      const { page, perPage } = query;
      const { rows, total } = await requests.listForApps(
        apps,
        query.status ?? 'pending',
        page,
        perPage,
      );
      return {
        page,
        perPage,
        totalItems: total,
        totalPages: Math.ceil(total / perPage),
        items: rows.map(toInboxRequest),
      };
    },

    async decide(
      principal: Principal,
      id: string,
      body: AccessDecision,
    ): Promise<AccessDecisionResult> {
      const note = checkText('note', body.note, MAX_ACCESS_NOTE, false);
      const row = await requests.findById(id);
      if (!row) throw new NotFoundError();
      const settings = await deps.accessSettings();
      const access = settings.get(row.appId);
      const admins = isAdmin(principal);
      if (!admins && !(access && approves(access, principal, deps.adminRole))) {
        throw new ForbiddenError(
          'You do not approve access requests for this app.',
          'not_an_approver',
        );
      }
      if (!admins && row.subject === principal.subject) {
        throw new ForbiddenError(
          'You cannot decide your own request; another approver does.',
          'own_request',
        );
      }
      if (row.status !== 'pending')
        throw new ConflictError('This request is already decided.', {}, 'request_decided');
      const approve = body.decision === 'approve';
      // The group granted is the app's now: an admin may have changed it since the request.
      if (approve && !access?.group) {
        throw new ConflictError(
          'This app no longer takes access requests, so the request cannot be approved; decline it instead.',
          {},
          'app_not_requestable',
        );
      }
      const at = iso(now());
      const days = access?.days;
      const decided: AccessRequestRow = {
        ...row,
        grantGroup: approve && access ? access.group : row.grantGroup,
        status: approve ? 'approved' : 'declined',
        membership: approve ? 'waiting' : 'none',
        decidedAt: at,
        decidedBySubject: principal.subject,
        decidedByName: principal.name || principal.username,
        note: note === '' ? null : note,
        expiresAt: approve && days ? iso(now() + days * DAY_MS) : null,
        updated: at,
      };
      await admin.transaction(async (trx) => {
        const changed = await requests.transition(trx, id, ['pending'], {
          status: decided.status,
          grantGroup: decided.grantGroup,
          membership: decided.membership,
          decidedAt: decided.decidedAt,
          decidedBySubject: decided.decidedBySubject,
          decidedByName: decided.decidedByName,
          note: decided.note,
          expiresAt: decided.expiresAt,
          updated: at,
        });
        if (!changed)
          throw new ConflictError('This request is already decided.', {}, 'request_decided');
        await admin.appendAudit(
          trx,
          {
            actor: actorOf(principal),
            action: 'access-decision',
            appId: row.appId,
            before: { request: id, status: 'pending' },
            after: {
              request: id,
              status: decided.status,
              requester: row.username,
              ...(approve ? { group: decided.grantGroup } : {}),
              ...(decided.expiresAt ? { expiresAt: decided.expiresAt } : {}),
            },
          },
          at,
        );
        await enqueue(trx, decidedMessages(decided, deps.publicUrl, deps.mailTexts));
      });
      if (!approve) return { request: toInboxRequest(decided) };

      // The membership: written by the portal with a directory (retried by the access jobs when
      // the identity provider refuses it now), else added by hand.
      let addByHand: string | undefined = decided.grantGroup;
      let error: string | undefined;
      let retryAt: string | null = null;
      if (deps.directory) {
        addByHand = undefined;
        try {
          await deps.directory.addMember(row.subject, decided.grantGroup);
          decided.membership = 'written';
        } catch (failure) {
          error = failure instanceof Error ? failure.message : String(failure);
          decided.membership = 'retrying';
          retryAt = iso(now() + membershipRetryDelay(1, retry));
          deps
            .log()
            .warn(
              { err: failure, request: id, group: decided.grantGroup, retryAt },
              'access requests: the membership could not be written; retrying later',
            );
        }
      }
      await admin.transaction(async (trx) => {
        await requests.updateMembership(trx, id, ['waiting'], {
          membership: decided.membership,
          membershipAttempts: deps.directory ? 1 : 0,
          membershipRetryAt: retryAt,
          updated: iso(now()),
        });
        await admin.appendAudit(
          trx,
          {
            actor: actorOf(principal),
            action: 'access-membership',
            appId: row.appId,
            before: { request: id, membership: 'none' },
            after: {
              request: id,
              membership: decided.membership,
              group: decided.grantGroup,
              user: row.username,
              ...(addByHand ? { addByHand } : {}),
              ...(error ? { error: error.slice(0, 500), retryAt } : {}),
            },
          },
          iso(now()),
        );
      });
      // The person's sessions pick up the new group on their next request (refresh grant).
      await deps.sessions.markRefreshNeeded(row.subject);
      const result: AccessDecisionResult = { request: toInboxRequest(decided) };
      if (addByHand) result.addByHand = addByHand;
      return result;
    },

    /**
     * An admin sets when an approved request's access ends (shortens it, lengthens it, or ends
     * it at the next run of the access jobs with a time in the past). Audited.
     */
    async setExpiry(
      principal: Principal,
      id: string,
      body: { expiresAt: string },
    ): Promise<AccessRequest> {
      if (!isAdmin(principal))
        throw new ForbiddenError('Only admins change when access ends.', 'admins_only');
      const time = Date.parse(body.expiresAt);
      if (!/^\d{4}-\d{2}-\d{2}T/.test(body.expiresAt) || Number.isNaN(time)) {
        throw new BadRequestError('The end of access must be a date and time (ISO 8601).', {
          fields: { expiresAt: 'must be a date and time (ISO 8601)' },
        });
      }
      const row = await requests.findById(id);
      if (!row) throw new NotFoundError();
      const conflict = 'Only approved access can be given an end; this request is not approved.';
      if (row.status !== 'approved') throw new ConflictError(conflict, {}, 'request_not_approved');
      const expiresAt = iso(time);
      const at = iso(now());
      await admin.transaction(async (trx) => {
        const changed = await requests.transition(trx, id, ['approved'], {
          expiresAt,
          // A new end gets its own reminder (if it is far enough away to need one).
          remindedAt: null,
          updated: at,
        });
        if (!changed) throw new ConflictError(conflict, {}, 'request_not_approved');
        await admin.appendAudit(
          trx,
          {
            actor: actorOf(principal),
            action: 'access-expiry',
            appId: row.appId,
            before: { request: id, expiresAt: row.expiresAt },
            after: { request: id, expiresAt, user: row.username, group: row.grantGroup },
          },
          at,
        );
      });
      return toAccessRequest({ ...row, expiresAt, remindedAt: null, updated: at });
    },

    /**
     * One pass of the membership retries (the access jobs' leader runs it): each approved
     * request whose membership write is due again is tried once more. Success: `written`, the
     * person's sessions refresh, audited. Failure: the next attempt after a longer wait, or,
     * after the last attempt, `failed`: audited, and the approver who approved (else the app's
     * approvers) told by mail to add the membership by hand.
     */
    async retryMemberships(): Promise<{ written: number; retried: number; failed: number }> {
      const report = { written: 0, retried: 0, failed: 0 };
      const { directory } = deps;
      if (!directory) return report;
      for (const row of await requests.findMembershipRetries(iso(now()))) {
        try {
          report[await retryMembership(directory, row)] += 1;
        } catch (failure) {
          // One request that cannot be settled never stops the others; the next pass tries again.
          deps
            .log()
            .error(
              { err: failure, request: row.id },
              'access requests: a membership retry could not be recorded; retrying on the next pass',
            );
        }
      }
      return report;
    },

    /**
     * One pass of the expiry job: reminders before the end of time-boxed access, and removal
     * of the memberships that ended. One instance runs it (the access jobs' leader,
     * access-expiry.ts); even so each request changes state at most once whatever happens
     * (conditional updates). No call to the identity provider happens inside a transaction (a
     * hanging one would hold the database: on SQLite, every request), and each request is
     * handled on its own: one that fails is logged and tried again on the next pass, and never
     * stops the others. Returns how many expired and how many were reminded.
     */
    async runExpiry(): Promise<{ expired: number; reminded: number }> {
      const time = now();
      const at = iso(time);
      let reminded = 0;
      const until = iso(time + deps.reminderDays * DAY_MS);
      for (const row of await requests.findToRemind(deps.db, at, until)) {
        try {
          const sent = await admin.transaction(async (trx) => {
            if (!(await requests.markReminded(trx, row.id, at))) return false;
            await enqueue(trx, reminderMessages(row, deps.publicUrl, deps.mailTexts));
            return true;
          });
          if (sent) reminded += 1;
        } catch (failure) {
          deps
            .log()
            .error(
              { err: failure, request: row.id },
              'access requests: a reminder could not be recorded; retrying on the next pass',
            );
        }
      }
      let expired = 0;
      for (const row of await requests.findExpired(deps.db, at)) {
        try {
          if (await expire(row, at)) expired += 1;
        } catch (failure) {
          deps
            .log()
            .error(
              { err: failure, request: row.id, group: row.grantGroup },
              'access requests: an expired request could not be ended; retrying on the next pass',
            );
        }
      }
      return { expired, reminded };
    },
  };

  /**
   * One retry of a membership write: `written` (audited, the person's sessions refresh),
   * `retried` (a later attempt is due) or, after the last attempt, `failed` (audited, the
   * approvers told by mail to add it by hand). The directory is called outside any transaction.
   */
  async function retryMembership(
    directory: GroupDirectory,
    row: AccessRequestRow,
  ): Promise<'written' | 'retried' | 'failed'> {
    const attempts = row.membershipAttempts + 1;
    let error: string | undefined;
    try {
      await directory.addMember(row.subject, row.grantGroup);
    } catch (failure) {
      error = failure instanceof Error ? failure.message : String(failure);
    }
    const at = iso(now());
    /** Ends the retries: `written` or `failed`, audited, in one transaction with `also`. */
    const settle = (
      membership: 'written' | 'failed',
      detail: Record<string, unknown>,
      also: (trx: Trx) => Promise<unknown>,
    ) =>
      admin.transaction(async (trx) => {
        const changed = await requests.updateMembership(trx, row.id, ['retrying'], {
          membership,
          membershipAttempts: attempts,
          membershipRetryAt: null,
          updated: at,
        });
        if (!changed) return;
        await admin.appendAudit(
          trx,
          {
            actor: RETRY_ACTOR,
            action: 'access-membership',
            appId: row.appId,
            before: { request: row.id, membership: 'retrying' },
            after: {
              request: row.id,
              membership,
              group: row.grantGroup,
              user: row.username,
              attempts,
              ...detail,
            },
          },
          at,
        );
        await also(trx);
      });
    if (error === undefined) {
      await settle('written', {}, (trx) => deps.sessions.markRefreshNeeded(row.subject, trx));
      return 'written';
    }
    if (attempts < retry.maxAttempts) {
      const retryAt = iso(now() + membershipRetryDelay(attempts, retry));
      await admin.transaction((trx) =>
        requests.updateMembership(trx, row.id, ['retrying'], {
          membershipAttempts: attempts,
          membershipRetryAt: retryAt,
          updated: at,
        }),
      );
      deps
        .log()
        .warn(
          { request: row.id, group: row.grantGroup, attempts, retryAt, error },
          'access requests: the membership could not be written; retrying later',
        );
      return 'retried';
    }
    const emails = await deciderEmails(row);
    const failed = { ...row, membership: 'failed' as const, updated: at };
    await settle('failed', { addByHand: row.grantGroup, error: error.slice(0, 500) }, (trx) =>
      enqueue(trx, membershipFailedMessages(failed, emails, deps.publicUrl, deps.mailTexts)),
    );
    deps
      .log()
      .error(
        { request: row.id, group: row.grantGroup, attempts, error },
        'access requests: gave up writing the membership; the approvers were told to add it by hand',
      );
    return 'failed';
  }

  /**
   * Ends one expired request: the membership removed first (outside any transaction), then the
   * request, its audit entry and its notifications in one transaction. False when it was not
   * ended now (the directory refused: the next pass tries again; or it changed meanwhile).
   */
  async function expire(row: AccessRequestRow, at: string): Promise<boolean> {
    let membership = row.membership;
    let removeByHand: string | undefined;
    if (deps.directory) {
      try {
        await deps.directory.removeMember(row.subject, row.grantGroup);
        membership = 'removed';
      } catch (failure) {
        deps
          .log()
          .error(
            { err: failure, request: row.id, group: row.grantGroup },
            'access requests: an expired membership could not be removed; retrying later',
          );
        return false;
      }
    } else {
      removeByHand = row.grantGroup;
    }
    const changed = await admin.transaction(async (trx) => {
      const ended = await requests.transition(trx, row.id, ['approved'], {
        status: 'expired',
        membership,
        updated: at,
      });
      if (!ended) return false;
      await admin.appendAudit(
        trx,
        {
          actor: EXPIRY_ACTOR,
          action: 'access-membership',
          appId: row.appId,
          before: { request: row.id, status: 'approved', membership: row.membership },
          after: {
            request: row.id,
            status: 'expired',
            membership,
            group: row.grantGroup,
            user: row.username,
            ...(removeByHand ? { removeByHand } : {}),
          },
        },
        at,
      );
      await enqueue(
        trx,
        expiredMessages(
          { ...row, status: 'expired', membership, updated: at },
          deps.publicUrl,
          deps.mailTexts,
        ),
      );
      await deps.sessions.markRefreshNeeded(row.subject, trx);
      return true;
    });
    if (changed && removeByHand) {
      deps
        .log()
        .warn(
          { request: row.id, group: removeByHand },
          'access requests: access expired; remove the membership by hand (no group directory)',
        );
    }
    return changed;
  }
}

export type AccessService = ReturnType<typeof createAccessService>;
