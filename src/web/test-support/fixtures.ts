import type { App, Me } from '../../shared/api/schemas.js';

let counter = 0;

/** An app record as GET /api/apps returns it; each call makes a new one. */
export function makeApp(overrides: Partial<App> = {}): App {
  counter += 1;
  const id = overrides.id ?? `app-${counter}`;
  const name = overrides.name ?? `App ${counter}`;
  return {
    id,
    name,
    description: `What ${name} does.`,
    image: '',
    doc: '',
    github: '',
    env: 'prod',
    category: 'apps',
    link: `https://${id}.example.edu/`,
    isPublic: true,
    associatedGroups: [],
    collectionId: 'apps0000000000a',
    created: '2024-01-01T00:00:00.000Z',
    updated: '2024-01-01T00:00:00.000Z',
    ...overrides,
  };
}

/** A signed-in user as GET /api/me returns it. */
export function makeMe(overrides: Partial<Me> = {}): Me {
  return {
    id: 'user-1',
    name: 'Ada Lovelace',
    username: 'ada',
    email: 'ada@example.edu',
    givenName: 'Ada',
    groups: ['genomics'],
    roles: ['default-roles-app-portal'],
    isAdmin: false,
    favorites: [],
    ...overrides,
  };
}
