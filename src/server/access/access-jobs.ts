import { audited, inTransaction, type Trx } from '../audit/unit-of-work.js';
import {
  DAY_MS,
  EXPIRY_ACTOR,
  iso,
  membershipRetryDelay,
  RETRY_ACTOR,
  type AccessContext,
} from './access-common.js';
import { expiredMessages, membershipFailedMessages, reminderMessages } from './access-mails.js';
import type { Recipients } from './access-recipients.js';
import type { AccessRequestRow } from './access-requests.table.js';
import type { GroupDirectory } from './ports.js';

/** The access jobs' passes (access-expiry.ts runs them on the leader): membership retries, expiry. */
export function createJobPasses(context: AccessContext, { deciderEmails }: Recipients) {
  const { deps, now, requests, retry, enqueue } = context;

  return {
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
      const outcomes = await eachOnItsOwn(
        await requests.findMembershipRetries(iso(now())),
        'a membership retry could not be recorded',
        (row) => retryMembership(directory, row),
      );
      for (const outcome of outcomes) report[outcome] += 1;
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
      const until = iso(time + deps.reminderDays * DAY_MS);
      const sent = await eachOnItsOwn(
        await requests.findToRemind(deps.db, at, until),
        'a reminder could not be recorded',
        (row) =>
          inTransaction(deps.db, async (trx) => {
            if (!(await requests.markReminded(trx, row.id, at))) return false;
            await enqueue(trx, reminderMessages(row, deps.publicUrl, deps.mailTexts));
            return true;
          }),
      );
      const ended = await eachOnItsOwn(
        await requests.findExpired(deps.db, at),
        'an expired request could not be ended',
        (row) => expire(row, at),
      );
      return { expired: ended.filter(Boolean).length, reminded: sent.filter(Boolean).length };
    },
  };

  /**
   * `work` for each row on its own: a row that fails is logged (`failed` says what could not be
   * done) and tried again on the next pass, and never stops the others. The results of the rows
   * that did not fail.
   */
  async function eachOnItsOwn<T>(
    rows: readonly AccessRequestRow[],
    failed: string,
    work: (row: AccessRequestRow) => Promise<T>,
  ): Promise<T[]> {
    const results: T[] = [];
    for (const row of rows) {
      try {
        results.push(await work(row));
      } catch (failure) {
        deps
          .log()
          .error(
            { err: failure, request: row.id, group: row.grantGroup },
            `access requests: ${failed}; retrying on the next pass`,
          );
      }
    }
    return results;
  }

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
      audited(deps.db, { actor: RETRY_ACTOR, at }, async ({ trx, audit }) => {
        const changed = await requests.updateMembership(trx, row.id, ['retrying'], {
          membership,
          membershipAttempts: attempts,
          membershipRetryAt: null,
          updated: at,
        });
        if (!changed) return;
        await audit({
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
        });
        await also(trx);
      });
    if (error === undefined) {
      await settle('written', {}, (trx) => deps.sessions.markRefreshNeeded(row.subject, trx));
      return 'written';
    }
    if (attempts < retry.maxAttempts) {
      const retryAt = iso(now() + membershipRetryDelay(attempts, retry));
      await inTransaction(deps.db, (trx) =>
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
    const changed = await audited(deps.db, { actor: EXPIRY_ACTOR, at }, async ({ trx, audit }) => {
      const ended = await requests.transition(trx, row.id, ['approved'], {
        status: 'expired',
        membership,
        updated: at,
      });
      if (!ended) return false;
      await audit({
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
      });
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
