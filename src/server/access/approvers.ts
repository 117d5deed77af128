import type { AppAccess } from '../../shared/api/access-schemas.js';
import { APPROVER_GROUP_PREFIX } from '../../shared/api/access-schemas.js';
import { normalizeGroup } from '../../shared/identity/groups.js';

/** Who is asking, as the approver rule needs it. */
export interface ApproverFacts {
  username: string;
  groups: readonly string[];
  roles: readonly string[];
}

/**
 * Whether `who` decides requests for an app with these access settings: admins always; then the
 * usernames named in `approvers`, and members of the groups named as `group:/path` (compared as
 * visibility compares groups: trimmed, leading slashes removed, exact).
 */
export function approves(access: AppAccess, who: ApproverFacts, adminRole: string): boolean {
  if (who.roles.includes(adminRole)) return true;
  const groups = new Set(who.groups.map(normalizeGroup));
  return access.approvers.some((entry) =>
    entry.startsWith(APPROVER_GROUP_PREFIX)
      ? groups.has(normalizeGroup(entry.slice(APPROVER_GROUP_PREFIX.length)))
      : who.username !== '' && entry === who.username,
  );
}

/** The usernames and group paths of an app's approvers, apart. */
export function splitApprovers(access: AppAccess): { usernames: string[]; groups: string[] } {
  const usernames: string[] = [];
  const groups: string[] = [];
  for (const entry of access.approvers) {
    if (entry.startsWith(APPROVER_GROUP_PREFIX)) {
      groups.push(`/${normalizeGroup(entry.slice(APPROVER_GROUP_PREFIX.length))}`);
    } else usernames.push(entry);
  }
  return { usernames, groups };
}
