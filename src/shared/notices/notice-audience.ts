import { hasControlCharacters } from '../text/control-characters.js';
import { normalizeGroup } from '../identity/groups.js';

/** Who sees a notice (docs/notifications.md). */
export const NOTICE_AUDIENCE_KINDS = ['everyone', 'signed-in', 'groups'] as const;
export type NoticeAudienceKind = (typeof NOTICE_AUDIENCE_KINDS)[number];

export interface NoticeAudience {
  kind: NoticeAudienceKind;
  /** For `groups`: the group names (normalised, at least one); empty otherwise. */
  groups: string[];
}

export const EVERYONE: NoticeAudience = { kind: 'everyone', groups: [] };

/** At most this many groups, each at most this long. */
export const AUDIENCE_LIMITS = { groups: 50, group: 200 } as const;

/** A notice's audience checked and normalised, or a readable message. */
export function checkAudience(value: unknown): NoticeAudience | string {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return 'must be an object with a kind';
  }
  const { kind, groups, ...rest } = value as Record<string, unknown>;
  const extra = Object.keys(rest);
  if (extra.length > 0) return `has an unknown field ${JSON.stringify(extra[0])}`;
  if (!NOTICE_AUDIENCE_KINDS.includes(kind as NoticeAudienceKind)) {
    return `kind must be one of ${NOTICE_AUDIENCE_KINDS.join(', ')}`;
  }
  if (kind !== 'groups') return { kind: kind as NoticeAudienceKind, groups: [] };
  if (!Array.isArray(groups) || groups.length > AUDIENCE_LIMITS.groups) {
    return `groups must be a list of at most ${AUDIENCE_LIMITS.groups} group names`;
  }
  const names: string[] = [];
  for (const entry of groups as unknown[]) {
    if (typeof entry !== 'string' || hasControlCharacters(entry)) {
      return 'groups must be group names';
    }
    const name = normalizeGroup(entry);
    if (name === '' || name.length > AUDIENCE_LIMITS.group) return 'groups must be group names';
    if (!names.includes(name)) names.push(name);
  }
  if (names.length === 0) return 'groups must name at least one group';
  return { kind: 'groups', groups: names };
}

/** An audience as stored (JSON text); anything unreadable is read as groups of none (nobody). */
export function parseAudience(json: string): NoticeAudience {
  try {
    const checked = checkAudience(JSON.parse(json));
    return typeof checked === 'string' ? { kind: 'groups', groups: [] } : checked;
  } catch {
    return { kind: 'groups', groups: [] };
  }
}

/** Whether a viewer (null: an anonymous visitor) is in `audience`. */
export function inAudience(
  audience: NoticeAudience,
  viewer: { groups: readonly string[] } | null,
): boolean {
  if (audience.kind === 'everyone') return true;
  if (!viewer) return false;
  if (audience.kind === 'signed-in') return true;
  const mine = new Set(viewer.groups.map(normalizeGroup));
  return audience.groups.some((group) => mine.has(group));
}
