/**
 * Group names as the portal compares them: each leading `/` removed (Keycloak sends full paths
 * such as `/genomics`), then trimmed. Matching is exact after that: `genomics` does not match
 * `Genomics`, `genomics-admin` or `genomics/team-a`.
 */
export function normalizeGroup(group: string): string {
  return group.trim().replace(/^\/+/, '').trim();
}

/**
 * Reads a groups claim of unknown shape. A list of strings or a single string is accepted;
 * anything else (numbers, objects, null) counts as no groups. Empty names and duplicates are
 * dropped.
 */
export function parseGroups(claim: unknown): string[] {
  const raw = typeof claim === 'string' ? [claim] : Array.isArray(claim) ? claim : [];
  const groups: string[] = [];
  for (const item of raw) {
    if (typeof item !== 'string') continue;
    const group = normalizeGroup(item);
    if (group !== '' && !groups.includes(group)) groups.push(group);
  }
  return groups;
}

/** The session user's `groups` string in the browser: comma-joined, leading slashes removed. */
export function joinGroups(groups: readonly string[]): string {
  return groups.map(normalizeGroup).join(',');
}
