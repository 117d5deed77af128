import { createAdvisoryLeadership, type AdvisoryLeadership } from '../db/advisory-leader.js';

/** The advisory lock whose holder sends the outbox (any fixed 64-bit number but the monitor's). */
export const OUTBOX_LOCK_KEY = 7_364_522_032;

export type OutboxLeadership = AdvisoryLeadership;

/**
 * One sender for all instances, as one monitor (decision 0017): the instance holding the
 * outbox's PostgreSQL advisory lock sends (src/server/db/advisory-leader.ts). (The claim in
 * outbox-sender.ts keeps two senders apart even without it.)
 */
export function createOutboxLeadership(url: string, key = OUTBOX_LOCK_KEY): OutboxLeadership {
  return createAdvisoryLeadership(url, key);
}
