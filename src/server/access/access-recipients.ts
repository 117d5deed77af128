import type { AppAccess } from '../../shared/api/access-schemas.js';
import { normalizeGroup } from '../../shared/identity/groups.js';
import type { Principal } from '../auth/principal.js';
import type { AccessContext } from './access-common.js';
import type { AccessRequestRow } from './access-requests.table.js';
import { approves, splitApprovers } from './approvers.js';

/** Who decides which apps, and whom the access requests' mails go to. */
export function createRecipients({ deps, requests, isAdmin }: AccessContext) {
  /** The apps whose requests `principal` decides; null: every app (an admin). */
  async function approvedApps(principal: Principal): Promise<string[] | null> {
    if (isAdmin(principal)) return null;
    const settings = await deps.accessSettings();
    return [...settings]
      .filter(([, access]) => approves(access, principal, deps.adminRole))
      .map(([id]) => id);
  }

  /**
   * E-mail addresses of an app's approvers: named users and members of named groups (from the
   * directory when there is one, else as they last signed in), admins only if nobody else has
   * an address.
   */
  async function approverEmails(access: AppAccess | undefined): Promise<string[]> {
    const emails = new Set<string>();
    if (access) {
      const { usernames, groups } = splitApprovers(access);
      for (const email of await requests.emailsOfUsernames(usernames)) emails.add(email);
      for (const group of groups) {
        try {
          if (deps.directory) {
            for (const member of await deps.directory.groupMembers(group)) emails.add(member.email);
          } else {
            const name = normalizeGroup(group);
            for (const user of await requests.knownUsersLike(JSON.stringify(name))) {
              if (user.groups.map(normalizeGroup).includes(name)) emails.add(user.email);
            }
          }
        } catch (error) {
          deps.log().warn({ err: error, group }, 'access requests: approver group not readable');
        }
      }
    }
    emails.delete('');
    if (emails.size === 0) {
      for (const user of await requests.knownUsersLike(JSON.stringify(deps.adminRole))) {
        if (user.roles.includes(deps.adminRole) && user.email) emails.add(user.email);
      }
    }
    return [...emails].sort();
  }

  /** Who to tell about a request's membership: the approver who approved it, else the app's approvers. */
  async function deciderEmails(row: AccessRequestRow): Promise<string[]> {
    const decider = row.decidedBySubject
      ? await requests.emailOfSubject(row.decidedBySubject)
      : undefined;
    if (decider) return [decider];
    return approverEmails((await deps.accessSettings()).get(row.appId));
  }

  return { approvedApps, approverEmails, deciderEmails };
}

export type Recipients = ReturnType<typeof createRecipients>;
