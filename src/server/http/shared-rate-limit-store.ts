import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import { sql } from 'kysely';
import type { Db } from '../db/database.js';

type Callback = (error: Error | null, result?: { current: number; ttl: number }) => void;

/** Rows whose window ended are deleted this often (they would be reset on the next hit anyway). */
export const PRUNE_INTERVAL_MS = 60_000;
/** Addresses the in-memory counters keep at most (the oldest are forgotten first). */
const MEMORY_KEYS = 20_000;

/** In-memory fixed-window counters: the per-instance limits, and the fallback when the database fails. */
export class MemoryCounters {
  private readonly entries = new Map<string, { hits: number; expires: number }>();

  incr(key: string, timeWindow: number, now = Date.now()): { current: number; ttl: number } {
    let entry = this.entries.get(key);
    if (!entry || entry.expires <= now) {
      this.entries.delete(key);
      if (this.entries.size >= MEMORY_KEYS) {
        const oldest = this.entries.keys().next().value;
        if (oldest !== undefined) this.entries.delete(oldest);
      }
      entry = { hits: 0, expires: now + timeWindow };
      this.entries.set(key, entry);
    }
    entry.hits += 1;
    return { current: entry.hits, ttl: entry.expires - now };
  }
}

export interface SharedStoreOptions {
  /** Whether the counter behind `key` lives in the database (else in this instance's memory). */
  isShared(key: string): boolean;
  /** The database failed: called once when it starts failing (counting falls back to memory). */
  onFailure(error: unknown): void;
  /** The database answers again after a failure. */
  onRecovery?(): void;
}

/**
 * A store for @fastify/rate-limit that keeps the counters `isShared` picks in the `rateLimits`
 * table (one atomic upsert per counted request), so that every instance on the same PostgreSQL
 * database counts together; the others stay in memory. If the database fails, that request is
 * counted in memory instead: the limiter never turns a request into a 500.
 */
export function createSharedStore(
  db: Db,
  options: SharedStoreOptions,
): { Store: FastifyRateLimitStoreCtor; prune(now?: number): Promise<void> } {
  const memory = new MemoryCounters();
  let failing = false;

  async function incrShared(
    key: string,
    timeWindow: number,
  ): Promise<{ current: number; ttl: number }> {
    const now = Date.now();
    const expired = sql<boolean>`${sql.ref('rateLimits.expires')} <= ${now}`;
    const row = await db
      .insertInto('rateLimits')
      .values({ key, hits: 1, expires: now + timeWindow })
      .onConflict((conflict) =>
        conflict.column('key').doUpdateSet({
          hits: sql<number>`case when ${expired} then 1 else ${sql.ref('rateLimits.hits')} + 1 end`,
          expires: sql<number>`case when ${expired} then ${now + timeWindow} else ${sql.ref('rateLimits.expires')} end`,
        }),
      )
      .returning(['hits', 'expires'])
      .executeTakeFirstOrThrow();
    return { current: Number(row.hits), ttl: Math.max(0, Number(row.expires) - now) };
  }

  class SharedStore implements FastifyRateLimitStore {
    incr(key: string, callback: Callback, timeWindow: number): void {
      if (!options.isShared(key)) {
        callback(null, memory.incr(key, timeWindow));
        return;
      }
      incrShared(key, timeWindow).then(
        (result) => {
          if (failing) {
            failing = false;
            options.onRecovery?.();
          }
          callback(null, result);
        },
        (error: unknown) => {
          if (!failing) {
            failing = true;
            options.onFailure(error);
          }
          callback(null, memory.incr(key, timeWindow));
        },
      );
    }

    child(): FastifyRateLimitStore {
      // One store for every limiter: the key already names the limit.
      return this;
    }
  }

  return {
    Store: SharedStore,
    async prune(now = Date.now()) {
      await db.deleteFrom('rateLimits').where('expires', '<=', now).execute();
    },
  };
}
