import { PUBLIC_APP_DEFAULTS } from '../../shared/catalog/app-fields.js';
import type { LockedApp } from '../../shared/api/access-schemas.js';
import type { PageState } from '../../shared/api/page-schemas.js';
import type { App, Me } from '../../shared/api/schemas.js';
import type { AccessRequest, InboxRequest } from '../features/access/api/access-api.js';

let counter = 0;

/** An app record as GET /api/apps returns it; each call makes a new one. */
export function makeApp(overrides: Partial<App> = {}): App {
  counter += 1;
  const id = overrides.id ?? `app-${counter}`;
  const name = overrides.name ?? `App ${counter}`;
  return {
    id,
    name,
    ...PUBLIC_APP_DEFAULTS,
    description: `What ${name} does.`,
    image: '',
    link: `https://${id}.example.edu/`,
    isPublic: true,
    associatedGroups: [],
    collectionId: 'apps0000000000a',
    created: '2024-01-01T00:00:00.000Z',
    updated: '2024-01-01T00:00:00.000Z',
    ...overrides,
  };
}

/** A page's state as the server renders it: anonymous, no apps, no notices, in English. */
export function makePageState(overrides: Partial<PageState> = {}): PageState {
  return {
    portal: { title: 'Portal', subtitle: '', footer: '', signInAvailable: false },
    me: null,
    apps: [],
    search: '',
    signInAvailable: false,
    statusSimulated: false,
    notices: { notices: [], maintenance: [] },
    language: 'en',
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
    isApprover: false,
    favorites: [],
    ...overrides,
  };
}

/** A locked card as GET /api/apps returns it to a signed-in non-member of a requestable app. */
export function makeLockedApp(overrides: Partial<LockedApp> = {}): LockedApp {
  counter += 1;
  const id = overrides.id ?? `locked-${counter}`;
  const name = overrides.name ?? `Locked ${counter}`;
  return {
    id,
    name,
    description: `What ${name} does.`,
    image: '',
    env: 'prod',
    category: 'Imaging',
    isPublic: false,
    associatedGroups: [],
    collectionId: 'apps0000000000a',
    created: '2024-01-01T00:00:00.000Z',
    updated: '2024-01-01T00:00:00.000Z',
    locked: true,
    ...overrides,
  };
}

/** One of the signed-in user's access requests, as GET /api/access-requests lists them. */
export function makeAccessRequest(overrides: Partial<AccessRequest> = {}): AccessRequest {
  counter += 1;
  return {
    id: `req-${counter}`,
    appId: 'napari',
    appName: 'Napari',
    status: 'pending',
    reason: 'For my thesis.',
    created: '2026-03-12T09:00:00.000Z',
    membership: 'none',
    ...overrides,
  };
}

/** A request as an approver's inbox lists it. */
export function makeInboxRequest(overrides: Partial<InboxRequest> = {}): InboxRequest {
  return {
    ...makeAccessRequest(),
    requester: {
      id: 'user-2',
      name: 'Alice Liddell',
      username: 'alice',
      email: 'alice@example.edu',
    },
    group: '/imaging',
    ...overrides,
  };
}

/** A list page as the API answers it. */
export function pageOf<T>(items: T[]) {
  return { page: 1, perPage: 50, totalItems: items.length, totalPages: 1, items };
}
