import { sql } from 'kysely';
import type { WriteFailureReason } from '../../shared/api/health.js';
import type { Db } from './database.js';

export type { WriteFailureReason };

/** A write the database refused: the reason, and the driver's code for the log. */
export class WriteProbeError extends Error {
  constructor(
    readonly reason: WriteFailureReason,
    readonly code: string | undefined,
    options: { cause: unknown },
  ) {
    super(`the database refused a write (${reason}${code ? `, ${code}` : ''})`, options);
    this.name = 'WriteProbeError';
  }
}

/**
 * Sorts a failed write by its driver code: SQLite's extended codes (`SQLITE_READONLY_*`,
 * `SQLITE_FULL`, `SQLITE_BUSY`...) and PostgreSQL's SQLSTATE (`25006` read-only transaction,
 * `53100` disk full, `53300` too many connections, `08xxx`/`57P0x` connection and shutdown).
 */
export function writeFailureReason(error: unknown): WriteFailureReason {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code !== 'string') return 'failed';
  if (/^SQLITE_(READONLY|CANTOPEN|PERM|AUTH)/.test(code) || code === '25006') return 'read-only';
  if (code === 'SQLITE_FULL' || code === '53100') return 'disk-full';
  if (/^SQLITE_(BUSY|LOCKED)/.test(code) || code === '55P03' || code === '40P01') return 'busy';
  if (
    code === '53300' ||
    /^08/.test(code) ||
    /^57P0[1-3]$/.test(code) ||
    /^E(CONNREFUSED|CONNRESET|TIMEDOUT)$/.test(code)
  ) {
    return 'unavailable';
  }
  return 'failed';
}

/**
 * Writes one row (an upsert of a fixed key, committed): whatever stops the portal's own writes
 * stops this one. A write rolled back would not do: on SQLite it never reaches the file, so a
 * full disk goes unnoticed. Cheap on both databases (one small row, one statement) and safe
 * with several instances (they upsert the same row; no row ever accumulates).
 *
 * Limits: on SQLite in WAL mode a commit that fits in the WAL file's existing frames needs no
 * new disk space, so on a full disk the probe may pass while a larger write fails; that larger
 * write still fails cleanly and its log names SQLITE_FULL.
 */
export async function probeWrites(db: Db, now: number): Promise<void> {
  try {
    await sql`insert into "writeProbe" ("id", "checkedAt") values (1, ${now})
      on conflict ("id") do update set "checkedAt" = excluded."checkedAt"`.execute(db);
  } catch (error) {
    const code = (error as { code?: unknown } | null)?.code;
    throw new WriteProbeError(
      writeFailureReason(error),
      typeof code === 'string' ? code : undefined,
      {
        cause: error,
      },
    );
  }
}
