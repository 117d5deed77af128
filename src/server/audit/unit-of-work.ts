import type { Transaction } from 'kysely';
import type { Actor } from '../../shared/api/admin-schemas.js';
import type { Db } from '../db/database.js';
import type { Database } from '../db/schema.js';
import { appendAudit, type AuditEntry } from './audit-log.js';

/** A transaction on the database: every write of one change goes through it. */
export type Trx = Transaction<Database>;

/** Runs `work` in one transaction: all of it is written, or none. */
export function inTransaction<T>(db: Db, work: (trx: Trx) => Promise<T>): Promise<T> {
  return db.transaction().execute(work);
}

/** What an audited change writes with: its transaction, its time and its audit entries. */
export interface AuditedChange {
  trx: Trx;
  /** The change's time (ISO 8601): the audit entries' and, usually, the rows'. */
  at: string;
  /** Records an entry of this change, by the change's actor unless the entry names another. */
  audit(entry: Omit<AuditEntry, 'actor'> & { actor?: Actor }): Promise<void>;
}

/** Who makes a change and when; `at` may be read in the transaction (admin's `nextStamp`). */
export interface ChangeOf {
  actor: Actor;
  at: string | ((trx: Trx) => Promise<string>);
}

/**
 * A change and its audit entries in one transaction (decision 0007): `work` writes with
 * `change.trx` and records what it changed with `change.audit`. When `work` throws, neither the
 * change nor its entries are written. Every audited write of the server goes through here.
 */
export function audited<T>(
  db: Db,
  who: ChangeOf,
  work: (change: AuditedChange) => Promise<T>,
): Promise<T> {
  return inTransaction(db, async (trx) => auditedIn(trx, who.actor, await timeOf(trx, who), work));
}

/**
 * The same within a transaction a caller already holds (a catalog import writes many apps in
 * one): `work` gets a change on `trx` at `at`.
 */
export function auditedIn<T>(
  trx: Trx,
  actor: Actor,
  at: string,
  work: (change: AuditedChange) => Promise<T>,
): Promise<T> {
  return work({
    trx,
    at,
    audit: (entry) => appendAudit(trx, { ...entry, actor: entry.actor ?? actor }, at),
  });
}

async function timeOf(trx: Trx, who: ChangeOf): Promise<string> {
  return typeof who.at === 'string' ? who.at : who.at(trx);
}
