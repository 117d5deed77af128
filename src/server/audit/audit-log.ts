import type { Transaction } from 'kysely';
import type { Actor, AuditAction } from '../../shared/api/admin-schemas.js';
import type { Db } from '../db/database.js';
import type { Database } from '../db/schema.js';
import type { AuditRow } from './audit.table.js';

/** The fields an audit entry records of what changed (an app's fields, a request's state...). */
export type AuditValues = Record<string, unknown>;

/** One audit entry: who did what to which app, with the values before and after. */
export interface AuditEntry {
  actor: Actor;
  action: AuditAction;
  appId: string | null;
  before: AuditValues | null;
  after: AuditValues | null;
}

export interface AuditFilter {
  app?: string;
  actor?: string;
  before?: number;
  page: number;
  perPage: number;
}

/**
 * Appends an entry in the change's own transaction. Only the unit of work calls it
 * (unit-of-work.ts `audited`): an entry is never written apart from its change.
 */
export async function appendAudit(
  trx: Transaction<Database>,
  entry: AuditEntry,
  at: string,
): Promise<void> {
  await trx
    .insertInto('audit')
    .values({
      at,
      actorSubject: entry.actor.subject,
      actorUsername: entry.actor.username,
      action: entry.action,
      appId: entry.appId,
      before: entry.before === null ? null : JSON.stringify(entry.before),
      after: entry.after === null ? null : JSON.stringify(entry.after),
    })
    .execute();
}

/** One page of the entries the filter selects, newest first, and how many it selects. */
export async function listAudit(
  db: Db,
  filter: AuditFilter,
): Promise<{ rows: AuditRow[]; total: number }> {
  let selected = db.selectFrom('audit');
  if (filter.app) selected = selected.where('appId', '=', filter.app);
  if (filter.actor) {
    const actor = filter.actor;
    selected = selected.where((eb) =>
      eb.or([eb('actorUsername', '=', actor), eb('actorSubject', '=', actor)]),
    );
  }
  if (filter.before !== undefined) selected = selected.where('id', '<', filter.before);
  const [rows, counted] = await Promise.all([
    selected
      .selectAll()
      .orderBy('id', 'desc')
      .offset((filter.page - 1) * filter.perPage)
      .limit(filter.perPage)
      .execute(),
    selected.select((eb) => eb.fn.countAll().as('total')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(counted.total) };
}
