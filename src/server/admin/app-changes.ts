import type { Actor } from '../../shared/api/admin-schemas.js';
import type { AppsRepository } from '../catalog/apps.repository.js';
import { audited, type AuditedChange, type Trx } from '../audit/unit-of-work.js';
import { nextStamp, type AdminRepository } from './admin.repository.js';

/**
 * A change of the apps by `actor` with its audit entries, in one transaction stamped later than
 * every stored write (`nextStamp`: the catalog fingerprint moves on every write); once it is
 * committed the catalog's readers hear of it. The admin service's writes, the trash purge and a
 * catalog import all go through here.
 */
export async function changeApps<T>(
  deps: { admin: AdminRepository; apps: Pick<AppsRepository, 'notifyChange'>; clock: () => string },
  actor: Actor,
  work: (change: AuditedChange) => Promise<T>,
): Promise<T> {
  const at = (trx: Trx) => nextStamp(trx, deps.clock());
  const result = await audited(deps.admin.db, { actor, at }, work);
  deps.apps.notifyChange();
  return result;
}
