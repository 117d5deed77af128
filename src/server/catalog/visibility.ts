import { normalizeGroup } from '../../shared/identity/groups.js';

/** The caller as visibility sees it: null for anonymous, otherwise the verified groups. */
export type Viewer = { groups: readonly string[] } | null;

export interface VisibilityFacts {
  isPublic: boolean;
  associatedGroups: readonly string[];
}

/**
 * The one rule of who sees what (docs/catalog.md, "Who sees what"; enforced by the server): everyone sees public
 * apps; a signed-in user also sees apps whose groups contain one of the user's groups, compared
 * exactly after trimming and removing leading slashes. The SQL in apps.repository.ts implements
 * the same rule; apps.visibility.test.ts checks that both agree.
 */
export function canSee(app: VisibilityFacts, viewer: Viewer): boolean {
  if (app.isPublic) return true;
  if (!viewer || viewer.groups.length === 0) return false;
  const appGroups = new Set(app.associatedGroups.map(normalizeGroup));
  return viewer.groups.some((group) => appGroups.has(normalizeGroup(group)));
}
