/** The monitor leader's latest result per source (several instances, docs/deploy.md). */
export interface MonitorSharedTable {
  source: string;
  ok: number;
  /** JSON: the source's statuses. */
  statuses: string;
  error: string;
  at: number;
}

/** This feature's tables in the database's type (src/server/db/schema.ts). */
declare module '../db/schema.js' {
  interface Database {
    monitorShared: MonitorSharedTable;
  }
}
