import pg from 'pg';

/**
 * "One instance runs this" for every job that needs it (the monitor, the outbox sender, the
 * access expiry; decision 0017): each job has a fixed 64-bit lock key of its own.
 */
export interface AdvisoryLeadership {
  /** True when this instance holds the lock now; tries to take it when nobody does. */
  check(): Promise<boolean>;
  /** Gives the lead up (the connection closes, PostgreSQL frees the lock); check() is false after. */
  stop(): Promise<void>;
}

/**
 * The leader is the instance holding a PostgreSQL session advisory lock (`key`) on a connection
 * of its own. The lock goes with the connection, so when the leader stops or dies (even kill -9)
 * PostgreSQL frees it and the next instance to ask takes over. Without a PostgreSQL URL (SQLite:
 * one process per database) this process runs the job alone: check() is true until stop().
 */
export function createAdvisoryLeadership(url: string | undefined, key: number): AdvisoryLeadership {
  if (url === undefined) {
    let stopped = false;
    return {
      check: async () => !stopped,
      stop: async () => {
        stopped = true;
      },
    };
  }
  let client: pg.Client | undefined;
  let leader = false;
  let stopped = false;

  async function connection(): Promise<pg.Client> {
    if (client) return client;
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
    return next;
  }

  async function tryLock(): Promise<boolean> {
    try {
      const connected = await connection();
      const { rows } = await connected.query<{ locked: boolean }>(
        'select pg_try_advisory_lock($1) as locked',
        [key],
      );
      leader = rows[0]?.locked === true;
    } catch {
      leader = false;
    }
    return leader;
  }

  // Callers may ask at the same moment: one attempt at a time, or two connections would be
  // opened and the lock could stay on the one that is dropped.
  let attempt: Promise<boolean> | undefined;

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

/**
 * Runs `pass` every `intervalMs` on the leader only, one pass at a time; a pass that fails is
 * logged, never thrown. stop() ends the timer (the leadership stays the caller's to stop).
 */
export function startLeaderLoop(options: {
  leadership: Pick<AdvisoryLeadership, 'check'>;
  intervalMs: number;
  pass: () => Promise<unknown>;
  onError: (error: unknown) => void;
}): { stop(): void; tick(): Promise<void> } {
  let running: Promise<void> | undefined;
  const tick = (): Promise<void> => {
    running ??= (async () => {
      if (await options.leadership.check()) await options.pass();
    })()
      .catch(options.onError)
      .finally(() => {
        running = undefined;
      });
    return running;
  };
  const timer = setInterval(() => void tick(), options.intervalMs);
  timer.unref();
  return { stop: () => clearInterval(timer), tick };
}
