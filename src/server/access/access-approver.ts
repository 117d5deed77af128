import { actorOf } from '../audit/actor.js';
import { audited } from '../audit/unit-of-work.js';
import type {
  AccessDecision,
  AccessDecisionResult,
  AccessRequest,
  InboxList,
} from '../../shared/api/access-schemas.js';
import { MAX_ACCESS_NOTE } from '../../shared/api/access-schemas.js';
import type { Principal } from '../auth/principal.js';
import { BadRequestError, ConflictError, ForbiddenError, NotFoundError } from '../http/errors.js';
import {
  checkText,
  DAY_MS,
  iso,
  membershipRetryDelay,
  toAccessRequest,
  toInboxRequest,
  type AccessContext,
} from './access-common.js';
import { decidedMessages } from './access-mails.js';
import type { Recipients } from './access-recipients.js';
import type { AccessRequestRow } from './access-requests.table.js';
import { approves } from './approvers.js';
import { pageEnvelope } from '../../shared/api/paging.js';

/** The approvers' side: the inbox, decisions and the membership they write; admins' end of access. */
export function createApproverSide(context: AccessContext, { approvedApps }: Recipients) {
  const { deps, now, requests, retry, isAdmin, enqueue } = context;

  return {
    /** Whether the person decides any requests (the header's inbox link). */
    async isApprover(principal: Principal): Promise<boolean> {
      const apps = await approvedApps(principal);
      return apps === null || apps.length > 0;
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
      return pageEnvelope(rows.map(toInboxRequest), total, page, perPage);
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
      await audited(deps.db, { actor: actorOf(principal), at }, async ({ trx, audit }) => {
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
        await audit({
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
        });
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
      const written = iso(now());
      await audited(deps.db, { actor: actorOf(principal), at: written }, async ({ trx, audit }) => {
        await requests.updateMembership(trx, id, ['waiting'], {
          membership: decided.membership,
          membershipAttempts: deps.directory ? 1 : 0,
          membershipRetryAt: retryAt,
          updated: written,
        });
        await audit({
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
        });
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
      await audited(deps.db, { actor: actorOf(principal), at }, async ({ trx, audit }) => {
        const changed = await requests.transition(trx, id, ['approved'], {
          expiresAt,
          // A new end gets its own reminder (if it is far enough away to need one).
          remindedAt: null,
          updated: at,
        });
        if (!changed) throw new ConflictError(conflict, {}, 'request_not_approved');
        await audit({
          action: 'access-expiry',
          appId: row.appId,
          before: { request: id, expiresAt: row.expiresAt },
          after: { request: id, expiresAt, user: row.username, group: row.grantGroup },
        });
      });
      return toAccessRequest({ ...row, expiresAt, remindedAt: null, updated: at });
    },
  };
}
