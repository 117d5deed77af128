import { parseGroups } from '../../shared/identity/groups.js';

/** Who is calling, as derived from verified identity claims. Nothing else can set these. */
export interface Principal {
  subject: string;
  name: string;
  username: string;
  givenName: string;
  email: string;
  groups: string[];
  roles: string[];
  /** The identity provider's `locale` claim (e.g. `de`), when it sends one: a language hint. */
  locale?: string;
}

function claimText(value: unknown): string {
  return typeof value === 'string' ? value.trim() : '';
}

function realmRoles(claims: Record<string, unknown>): string[] {
  const access = claims.realm_access;
  if (typeof access !== 'object' || access === null) return [];
  const roles = (access as { roles?: unknown }).roles;
  if (!Array.isArray(roles)) return [];
  return [...new Set(roles.filter((role): role is string => typeof role === 'string'))];
}

/**
 * Builds the principal from verified claims: `name`, `preferred_username`, `given_name`,
 * `email`, groups from the configured claim (a list of names or full paths, read strictly: a
 * claim that is not a list or a malformed entry grants nothing, docs/decisions/0023) and realm
 * roles from `realm_access.roles`.
 */
export function principalFromClaims(
  claims: Record<string, unknown>,
  groupsClaim: string,
): Principal {
  const username = claimText(claims.preferred_username);
  const givenName = claimText(claims.given_name);
  const familyName = claimText(claims.family_name);
  const name =
    claimText(claims.name) || [givenName, familyName].filter(Boolean).join(' ') || username;
  return {
    subject: claimText(claims.sub),
    name,
    username,
    givenName,
    email: claimText(claims.email),
    groups: parseGroups(claims[groupsClaim]),
    roles: realmRoles(claims),
    ...(claimText(claims.locale) ? { locale: claimText(claims.locale) } : {}),
  };
}
