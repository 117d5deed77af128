import { createAdvisoryLeadership, startLeaderLoop } from '../db/advisory-leader.js';
import type { AdvisoryLeadership } from '../db/advisory-leader.js';
import type { AccessService } from './access.service.js';

/** The PostgreSQL advisory lock whose holder runs the access jobs (any fixed 64-bit number). */
export const ACCESS_JOBS_LOCK_KEY = 7_364_522_031;

/** How often the access jobs run by default (ACCESS_JOBS_INTERVAL). */
export const ACCESS_JOBS_INTERVAL_MS = 60_000;

/**
 * The access jobs (docs/access-requests.md): every `intervalMs` the leader (on PostgreSQL the
 * holder of ACCESS_JOBS_LOCK_KEY, src/server/db/advisory-leader.ts; without one this process)
 * retries the membership writes that are due, then ends expired time-boxed access and sends
 * the reminders. Failures are logged, never thrown; the next run tries again.
 */
export function startAccessJobs(
  access: Pick<AccessService, 'runExpiry' | 'retryMemberships'>,
  options: {
    leadership?: Pick<AdvisoryLeadership, 'check'>;
    intervalMs?: number;
    log: () => { error(object: object, message: string): void };
  },
): { stop(): void; tick(): Promise<void> } {
  return startLeaderLoop({
    leadership: options.leadership ?? createAdvisoryLeadership(undefined, ACCESS_JOBS_LOCK_KEY),
    intervalMs: options.intervalMs ?? ACCESS_JOBS_INTERVAL_MS,
    pass: async () => {
      await access.retryMemberships();
      await access.runExpiry();
    },
    onError: (error) =>
      options.log().error({ err: error }, 'access requests: the access jobs failed'),
  });
}
