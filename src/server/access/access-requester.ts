import { actorOf } from '../audit/actor.js';
import { audited } from '../audit/unit-of-work.js';
import type { AccessRequest, AccessRequestList } from '../../shared/api/access-schemas.js';
import { MAX_ACCESS_REASON } from '../../shared/api/access-schemas.js';
import { normalizeGroup } from '../../shared/identity/groups.js';
import type { Principal } from '../auth/principal.js';
import { accessOf, termsOf } from '../catalog/app-fields.js';
import { canSee } from '../catalog/visibility.js';
import { BadRequestError, ConflictError, NotFoundError } from '../http/errors.js';
import { newRecordId } from '../lib/ids.js';
import {
  APPROVER_MAIL_LIMITS,
  checkText,
  DAY_MS,
  iso,
  ONLY_OPEN_WITHDRAWN,
  REQUEST_OPEN,
  toAccessRequest,
  type AccessContext,
} from './access-common.js';
import { requestCreatedMessages, withdrawnMessages } from './access-mails.js';
import type { Recipients } from './access-recipients.js';
import { isUniqueViolation } from './access-requests.repository.js';
import type { AccessRequestRow } from './access-requests.table.js';
import { pageEnvelope } from '../../shared/api/paging.js';

/** The requester's side: asking for an app, seeing and withdrawing their requests. */
export function createRequesterSide(context: AccessContext, { approverEmails }: Recipients) {
  const { deps, now, requests, enqueue } = context;

  /** Approved requests whose group the person's token now carries: membership `present`. */
  async function noteMembership(principal: Principal): Promise<void> {
    if (!principal.subject) return;
    const open = await requests.findUnconfirmed(principal.subject);
    if (open.length === 0) return;
    const groups = new Set(principal.groups.map(normalizeGroup));
    for (const row of open) {
      if (!groups.has(normalizeGroup(row.grantGroup))) continue;
      const at = iso(now());
      await audited(deps.db, { actor: actorOf(principal), at }, async ({ trx, audit }) => {
        await requests.setMembership(trx, row.id, 'present', at);
        await audit({
          action: 'access-membership',
          appId: row.appId,
          before: { request: row.id, membership: row.membership },
          after: { request: row.id, membership: 'present', group: row.grantGroup },
        });
      });
    }
  }

  return {
    noteMembership,

    async listMine(
      principal: Principal,
      { page, perPage }: { page: number; perPage: number },
    ): Promise<AccessRequestList> {
      await noteMembership(principal);
      const { rows, total } = await requests.listBySubject(principal.subject, page, perPage);
      return pageEnvelope(rows.map(toAccessRequest), total, page, perPage);
    },

    async create(
      principal: Principal,
      body: { appId: string; reason: string; acceptedTerms?: string },
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
      const terms = termsOf(record);
      if (terms && body.acceptedTerms !== terms.version) {
        throw new BadRequestError(`Accept the terms of use (version ${terms.version}) first.`, {
          field: 'acceptedTerms',
          termsVersion: terms.version,
        });
      }
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
        acceptedTerms: terms ? terms.version : null,
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
        await audited(deps.db, { actor: actorOf(principal), at }, async ({ trx, audit }) => {
          await requests.insert(trx, row);
          await audit({
            action: 'access-request',
            appId: row.appId,
            before: null,
            after: {
              request: row.id,
              status: 'pending',
              group: row.grantGroup,
              ...(row.acceptedTerms ? { acceptedTerms: row.acceptedTerms } : {}),
            },
          });
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
      await audited(deps.db, { actor: actorOf(principal), at }, async ({ trx, audit }) => {
        const changed = await requests.transition(trx, id, ['pending'], {
          status: 'withdrawn',
          updated: at,
        });
        if (!changed) {
          throw new ConflictError(ONLY_OPEN_WITHDRAWN, {}, 'request_decided');
        }
        await audit({
          action: 'access-withdraw',
          appId: row.appId,
          before: { request: id, status: 'pending' },
          after: { request: id, status: 'withdrawn' },
        });
        await enqueue(trx, withdrawnMessages({ ...row, status: 'withdrawn', updated: at }));
      });
    },
  };
}
