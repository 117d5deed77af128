import pg from 'pg';

/** The advisory lock whose holder sends the outbox (any fixed 64-bit number but the monitor's). */
export const OUTBOX_LOCK_KEY = 7_364_522_032;

export interface OutboxLeadership {
  /** True when this instance holds the lock now; tries to take it when nobody does. */
  check(): Promise<boolean>;
  stop(): Promise<void>;
}

/**
 * One sender for all instances, as one monitor (decision 0017): the instance holding a
 * PostgreSQL session advisory lock, on a connection of its own, sends. The lock goes with the
 * connection, so when that instance stops or dies PostgreSQL frees it and the next instance to
 * ask takes over. (The claim in outbox-sender.ts keeps two senders apart even without it.)
 */
export function createOutboxLeadership(url: string, key = OUTBOX_LOCK_KEY): OutboxLeadership {
  let client: pg.Client | undefined;
  let leader = false;
  let stopped = false;
  let attempt: Promise<boolean> | undefined;

  async function tryLock(): Promise<boolean> {
    try {
      if (!client) {
        const next = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000 });
        const lost = () => {
          if (client === next) {
            client = undefined;
            leader = false;
          }
        };
        next.on('error', lost);
        next.on('end', lost);
        await next.connect();
        client = next;
      }
      const { rows } = await client.query<{ locked: boolean }>(
        'select pg_try_advisory_lock($1) as locked',
        [key],
      );
      leader = rows[0]?.locked === true;
    } catch {
      leader = false;
    }
    return leader;
  }

  return {
    async check() {
      if (stopped) return false;
      if (leader && client) return true;
      attempt ??= tryLock().finally(() => {
        attempt = undefined;
      });
      return attempt;
    },
    async stop() {
      stopped = true;
      leader = false;
      const current = client;
      client = undefined;
      await current?.end().catch(() => undefined);
    },
  };
}
