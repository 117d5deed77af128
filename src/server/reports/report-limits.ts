import type { FastifyBaseLogger } from 'fastify';
import { isPostgres, type Db } from '../db/database.js';
import { HttpError } from '../http/errors.js';
import { createSharedStore } from '../http/shared-rate-limit-store.js';

/** How many reports one person may send in an hour: in all, and about one app. */
export interface ReportLimits {
  perPerson: number;
  perPersonAndApp: number;
}

export const REPORT_LIMITS: ReportLimits = { perPerson: 5, perPersonAndApp: 3 };
const HOUR_MS = 60 * 60_000;

/** 429 for a person over a report limit: `Retry-After` says how many seconds to wait. */
export class TooManyReportsError extends HttpError {
  constructor(retryAfterSeconds: number) {
    const wait = Math.max(1, Math.ceil(retryAfterSeconds));
    const minutes = Math.ceil(wait / 60);
    super(
      429,
      'too_many_reports',
      `You have sent several reports in a short time. Please wait ${minutes} minute${minutes === 1 ? '' : 's'} before sending another.`,
      { limit: 'report', retryAfter: wait },
      { 'retry-after': String(wait) },
    );
  }
}

export interface ReportLimiter {
  /** Counts one report of `subject` about `appId`; throws TooManyReportsError over a limit. */
  take(subject: string, appId: string): Promise<void>;
}

/**
 * The report limits, counted per person (the sign-on's subject), never per address: the
 * counters of the HTTP rate limits (http/shared-rate-limit-store.ts), in the shared
 * `rateLimits` table on PostgreSQL, so that every instance counts together, and in memory on
 * SQLite (one instance). A database failure counts in memory instead (never a 500).
 */
export function createReportLimiter(
  db: Db,
  options: { limits?: ReportLimits; log: () => FastifyBaseLogger },
): ReportLimiter {
  const limits = options.limits ?? REPORT_LIMITS;
  const { Store } = createSharedStore(db, {
    isShared: () => isPostgres(db),
    onFailure: (error) =>
      options
        .log()
        .warn({ err: error }, 'report limits: the shared counters are unavailable; counting here'),
  });
  // One store for both limits: the key names the limit (as the HTTP limits' store).
  const store = new Store({});
  const incr = (key: string) =>
    new Promise<{ current: number; ttl: number }>((resolve, reject) =>
      store.incr(
        key,
        (error, result) =>
          error || !result ? reject(error ?? new Error('no count')) : resolve(result),
        HOUR_MS,
        limits.perPerson,
      ),
    );
  return {
    async take(subject, appId) {
      const both = await incr(`report:${subject}\n${appId}`);
      if (both.current > limits.perPersonAndApp) throw new TooManyReportsError(both.ttl / 1000);
      const all = await incr(`report:${subject}`);
      if (all.current > limits.perPerson) throw new TooManyReportsError(all.ttl / 1000);
    },
  };
}
