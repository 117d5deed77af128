import { createHash } from 'node:crypto';

/** Subjects remembered at once; beyond it the memory starts again (and may log again). */
const MAX_REMEMBERED = 10_000;

/**
 * Reports a token without the groups claim once per subject: the user then sees only public
 * apps, and the usual cause is a missing group mapper at the provider. The log names the claim
 * and a digest of the subject, never a claim's value.
 */
export function createMissingGroupsReporter(options: {
  groupsClaim: string;
  warn: (details: Record<string, unknown>, message: string) => void;
}) {
  const seen = new Set<string>();
  return (claims: Record<string, unknown>): void => {
    if (claims[options.groupsClaim] !== undefined) return;
    const subject = createHash('sha256')
      .update(String(claims.sub ?? ''))
      .digest('hex')
      .slice(0, 16);
    if (seen.has(subject)) return;
    if (seen.size >= MAX_REMEMBERED) seen.clear();
    seen.add(subject);
    options.warn(
      { claim: options.groupsClaim, subjectDigest: subject },
      `a token has no "${options.groupsClaim}" claim (OIDC_GROUPS_CLAIM): the user sees only public apps; check the provider's group mapper`,
    );
  };
}
