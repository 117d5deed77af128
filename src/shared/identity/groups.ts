import { hasControlCharacters } from '../text/control-characters.js';

/**
 * Group names as the portal stores and compares them (app `associatedGroups`, typed by admins):
 * each leading `/` removed (Keycloak sends full paths such as `/genomics`), then trimmed.
 * Matching is exact after that: `genomics` does not match `Genomics`, `genomics-admin` or
 * `genomics/team-a`.
 */
export function normalizeGroup(group: string): string {
  return group.trim().replace(/^\/+/, '').trim();
}

/**
 * One entry of a groups claim as a group name, or undefined when the entry is malformed
 * (docs/decisions/0023-group-claims.md). A name or a Keycloak full path is accepted, with at
 * most one leading `/` removed: `/genomics` and `genomics` are `genomics`, the subgroup path
 * `/genomics/team-a` is `genomics/team-a` (and grants only that name, not `genomics`).
 * Refused: white space around the name or a segment (`"genomics "`, `"/ genomics"`), empty
 * segments (`//genomics`, `/genomics/`, `a//b`), control characters and empty names. Case is
 * kept.
 */
export function groupFromClaim(entry: unknown): string | undefined {
  if (typeof entry !== 'string' || hasControlCharacters(entry)) return undefined;
  const name = entry.startsWith('/') ? entry.slice(1) : entry;
  const segments = name.split('/');
  if (segments.some((segment) => segment === '' || segment !== segment.trim())) return undefined;
  return name;
}

/** A groups claim read strictly: the names, and how many entries were refused. */
export interface ParsedGroups {
  groups: string[];
  /** The claim is there but is not a list (a string, an object, a number...). */
  malformedClaim: boolean;
  /** Entries of the list that were not group names (see groupFromClaim). */
  refusedEntries: number;
}

/**
 * Reads a groups claim of unknown shape. Only a list counts: a single string, an object or any
 * other value means no groups (a provider that sends one string for one group would otherwise
 * be read differently from one that sends a list). Malformed entries are dropped, duplicates
 * kept once.
 */
export function readGroupsClaim(claim: unknown): ParsedGroups {
  if (!Array.isArray(claim)) {
    return { groups: [], malformedClaim: claim !== undefined, refusedEntries: 0 };
  }
  const groups: string[] = [];
  let refusedEntries = 0;
  for (const entry of claim as unknown[]) {
    const group = groupFromClaim(entry);
    if (group === undefined) refusedEntries += 1;
    else if (!groups.includes(group)) groups.push(group);
  }
  return { groups, malformedClaim: false, refusedEntries };
}

/** The group names of a groups claim (readGroupsClaim without the counts). */
export function parseGroups(claim: unknown): string[] {
  return readGroupsClaim(claim).groups;
}

/** The session user's `groups` string in the browser: comma-joined, leading slashes removed. */
export function joinGroups(groups: readonly string[]): string {
  return groups.map(normalizeGroup).join(',');
}
