/**
 * The rules of an app's `access` settings (docs/access-requests.md), part of the app's rules
 * (app-rules.ts): whether people may ask for it, the group granted, who approves, for how long.
 */
import { normalizeGroup } from '../identity/groups.js';
import { hasControlCharacters, ONE_LINE } from '../text/control-characters.js';

/**
 * An app's access settings (docs/access-requests.md); the same shape as `AppAccessSchema` in
 * src/shared/api/access-schemas.ts, written here without TypeBox (that file imports this one).
 */
export interface AppAccess {
  requestable: boolean;
  group: string;
  approvers: string[];
  showGroup?: boolean;
  days?: number;
}

/** Access limits (the same as src/shared/api/access-schemas.ts, kept here without TypeBox). */
const ACCESS_LIMITS = { approvers: 50, days: 3650, name: 255 } as const;
const ACCESS_KEYS = ['requestable', 'group', 'approvers', 'showGroup', 'days'];
/** A username as an approver: what Keycloak allows, without spaces or control characters. */
const APPROVER_NAME = /^[^\s:/][^\s]{0,254}$/;

/**
 * An app's `access` object: `{ requestable, group, approvers, showGroup?, days? }`. Returns the
 * cleaned value (group path with one leading slash, approvers trimmed and de-duplicated) or the
 * message of the first problem, naming the sub-field: `"access.group" ...` reads as
 * `field "access" group must ...`.
 */
export function checkAccess(value: unknown): AppAccess | string {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return 'must be an object { requestable, group, approvers, showGroup, days }';
  }
  const raw = value as Record<string, unknown>;
  for (const key of Object.keys(raw)) {
    if (!ACCESS_KEYS.includes(key)) return `has an unknown field "${unknownKeyName(key)}"`;
  }
  if (typeof raw.requestable !== 'boolean') return 'requestable must be true or false';
  if (typeof raw.group !== 'string') return 'group must be a group path like "/imaging"';
  const group = raw.group.trim();
  const groupName = normalizeGroup(group);
  if (groupName === '') return 'group must be a group path like "/imaging"';
  if (group.length > ACCESS_LIMITS.name) {
    return `group must be at most ${ACCESS_LIMITS.name} characters`;
  }
  if (hasControlCharacters(group) || /\s/.test(groupName)) {
    return `group must be a group path like "/imaging" (${ONE_LINE}, no spaces)`;
  }
  const approversRaw = raw.approvers ?? [];
  if (!Array.isArray(approversRaw) || !approversRaw.every((a) => typeof a === 'string')) {
    return 'approvers must be a list of usernames or "group:/path"';
  }
  if (approversRaw.length > ACCESS_LIMITS.approvers) {
    return `approvers must hold at most ${ACCESS_LIMITS.approvers} entries`;
  }
  const approvers: string[] = [];
  for (const entry of approversRaw.map((a) => a.trim())) {
    if (entry.length > ACCESS_LIMITS.name || hasControlCharacters(entry)) {
      return `approvers must be usernames or "group:/path" (got ${JSON.stringify(entry.slice(0, 40))})`;
    }
    if (entry.startsWith('group:')) {
      const path = normalizeGroup(entry.slice('group:'.length));
      if (path === '' || /\s/.test(path)) {
        return `approvers: "group:" must be followed by a group path (got ${JSON.stringify(entry)})`;
      }
      const normalised = `group:/${path}`;
      if (!approvers.includes(normalised)) approvers.push(normalised);
    } else if (!APPROVER_NAME.test(entry)) {
      return `approvers must be usernames or "group:/path" (got ${JSON.stringify(entry)})`;
    } else if (!approvers.includes(entry)) approvers.push(entry);
  }
  const access: AppAccess = { requestable: raw.requestable, group: `/${groupName}`, approvers };
  if (raw.showGroup !== undefined && raw.showGroup !== null) {
    if (typeof raw.showGroup !== 'boolean') return 'showGroup must be true or false';
    access.showGroup = raw.showGroup;
  }
  if (raw.days !== undefined && raw.days !== null) {
    if (
      typeof raw.days !== 'number' ||
      !Number.isInteger(raw.days) ||
      raw.days < 1 ||
      raw.days > ACCESS_LIMITS.days
    ) {
      return `days must be a whole number from 1 to ${ACCESS_LIMITS.days}`;
    }
    access.days = raw.days;
  }
  return access;
}

function unknownKeyName(key: string): string {
  return hasControlCharacters(key) ? '?' : key.slice(0, 40);
}
