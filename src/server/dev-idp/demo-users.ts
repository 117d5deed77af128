/**
 * The demo accounts of the embedded development identity provider. `keycloak/realm-app-portal.json`
 * holds the same people for the Keycloak used in tests; keep the two in step.
 * Each password is the username: these accounts exist for local trials only.
 */
export interface DemoUser {
  /** Stable subject (`sub`), shaped like a Keycloak user id. */
  id: string;
  username: string;
  password: string;
  givenName: string;
  familyName: string;
  email: string;
  /** Full group paths, as Keycloak's group-membership mapper sends them. */
  groups: string[];
  /** Realm roles besides Keycloak's defaults. */
  roles: string[];
}

/** Realm roles every Keycloak user of the realm has. */
export const DEFAULT_REALM_ROLES = [
  'default-roles-app-portal',
  'offline_access',
  'uma_authorization',
];

export const DEMO_USERS: readonly DemoUser[] = [
  {
    id: '3f0c6f7e-1a2b-4c5d-9e8f-a11ce0000001',
    username: 'alice',
    password: 'alice',
    givenName: 'Alice',
    familyName: 'Archer',
    email: 'alice@example.edu',
    groups: ['/genomics', '/staff'],
    roles: [],
  },
  {
    id: '3f0c6f7e-1a2b-4c5d-9e8f-b0b000000002',
    username: 'bob',
    password: 'bob',
    givenName: 'Bob',
    familyName: 'Baker',
    email: 'bob@example.edu',
    groups: ['/imaging'],
    roles: [],
  },
  {
    id: '3f0c6f7e-1a2b-4c5d-9e8f-ad0100000003',
    username: 'admin',
    password: 'admin',
    givenName: 'Admin',
    familyName: 'User',
    email: 'admin@example.edu',
    groups: [],
    roles: ['portal-admin'],
  },
];

export function findDemoUser(id: string): DemoUser | undefined {
  return DEMO_USERS.find((user) => user.id === id);
}

/** The user whose username and password both match (demo accounts: no hashing needed). */
export function checkDemoCredentials(username: string, password: string): DemoUser | undefined {
  const user = DEMO_USERS.find((candidate) => candidate.username === username.trim());
  return user && user.password === password ? user : undefined;
}

/** The claims Keycloak would put in the tokens of this user (scopes openid, profile, email). */
export function keycloakShapedClaims(user: DemoUser): Record<string, unknown> {
  return {
    sub: user.id,
    name: `${user.givenName} ${user.familyName}`,
    given_name: user.givenName,
    family_name: user.familyName,
    preferred_username: user.username,
    email: user.email,
    email_verified: true,
    user_groups: [...user.groups],
    realm_access: { roles: [...DEFAULT_REALM_ROLES, ...user.roles] },
  };
}

/** Lines for the start-up banner and the docs. */
export function describeDemoUsers(): string[] {
  return DEMO_USERS.map((user) => {
    const groups = user.groups.length > 0 ? `groups ${user.groups.join(', ')}` : 'no groups';
    const roles = user.roles.length > 0 ? `; realm role ${user.roles.join(', ')}` : '';
    const password = `"${user.password}"`.padEnd(8);
    return `${user.username.padEnd(6)} password ${password} ${user.givenName} ${user.familyName}, ${groups}${roles}`;
  });
}
