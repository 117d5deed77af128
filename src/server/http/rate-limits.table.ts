/** Shared rate-limit counters (PostgreSQL only; shared-rate-limit-store.ts). */
export interface RateLimitsTable {
  /** `{limit}:{client address}`. */
  key: string;
  hits: number;
  /** Epoch milliseconds when the window ends. */
  expires: number;
}

/** This feature's tables in the database's type (src/server/db/schema.ts). */
declare module '../db/schema.js' {
  interface Database {
    rateLimits: RateLimitsTable;
  }
}
