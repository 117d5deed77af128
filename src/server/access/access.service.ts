import { accessContext, type AccessServiceDeps } from './access-common.js';
import { createApproverSide } from './access-approver.js';
import { createJobPasses } from './access-jobs.js';
import { createRecipients } from './access-recipients.js';
import { createRequesterSide } from './access-requester.js';

export {
  APPROVER_MAIL_LIMITS,
  MEMBERSHIP_RETRY,
  membershipRetryDelay,
  type AccessLog,
  type AccessServiceDeps,
} from './access-common.js';

/**
 * Access requests (docs/access-requests.md): a signed-in person asks for a requestable app they
 * may not use; the app's approvers decide; approving writes the membership to the identity
 * provider (or says which group to add by hand) and makes the person's sessions refresh their
 * identity. Every change is audited and its notifications enqueued in the same transaction.
 * One side per caller: the requester (access-requester.ts), the approvers (access-approver.ts),
 * the access jobs (access-jobs.ts), over who decides and who is told (access-recipients.ts).
 */
export function createAccessService(deps: AccessServiceDeps) {
  const context = accessContext(deps);
  const recipients = createRecipients(context);
  return {
    ...createRequesterSide(context, recipients),
    ...createApproverSide(context, recipients),
    ...createJobPasses(context, recipients),
  };
}

export type AccessService = ReturnType<typeof createAccessService>;
