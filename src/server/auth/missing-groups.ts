import { createHash } from 'node:crypto';
import { readGroupsClaim } from '../../shared/identity/groups.js';

/** Subjects remembered at once; beyond it the memory starts again (and may log again). */
const MAX_REMEMBERED = 10_000;

/**
 * Reports, once per subject, a token whose groups claim is missing (usually a missing group
 * mapper at the provider) or malformed (not a list, or entries that are not group names, which
 * grant nothing: docs/decisions/0023-group-claims.md). The user then sees fewer apps than the
 * provider meant. The log names the claim, the problem and a digest of the subject, never a
 * claim's value.
 */
export function createGroupsClaimReporter(options: {
  groupsClaim: string;
  warn: (details: Record<string, unknown>, message: string) => void;
}) {
  const seen = new Set<string>();
  const claim = options.groupsClaim;
  const once = (problem: string, subjectClaim: unknown, report: (digest: string) => void) => {
    const digest = createHash('sha256')
      .update(String(subjectClaim ?? ''))
      .digest('hex')
      .slice(0, 16);
    const key = `${problem}:${digest}`;
    if (seen.has(key)) return;
    if (seen.size >= MAX_REMEMBERED) seen.clear();
    seen.add(key);
    report(digest);
  };
  return (claims: Record<string, unknown>): void => {
    const value = claims[claim];
    if (value === undefined) {
      once('missing', claims.sub, (subjectDigest) =>
        options.warn(
          { claim, subjectDigest },
          `a token has no "${claim}" claim (OIDC_GROUPS_CLAIM): the user sees only public apps; check the provider's group mapper`,
        ),
      );
      return;
    }
    const parsed = readGroupsClaim(value);
    if (parsed.malformedClaim) {
      once('malformed', claims.sub, (subjectDigest) =>
        options.warn(
          { claim, subjectDigest },
          `a token's "${claim}" claim is not a list (OIDC_GROUPS_CLAIM): it grants no group; make the provider's group mapper multivalued`,
        ),
      );
    } else if (parsed.refusedEntries > 0) {
      once('entries', claims.sub, (subjectDigest) =>
        options.warn(
          { claim, subjectDigest, refusedEntries: parsed.refusedEntries },
          `a token's "${claim}" claim has entries that are not group names (white space, empty path segments, control characters): they grant nothing`,
        ),
      );
    }
  };
}
