import type { StateStorage } from 'zustand/middleware';
import type { PageState } from '../../shared/api/page-schemas.js';
import { fetchMyRequests } from '../features/access/api/my-requests.js';
import { createAccessStore, type AccessStore } from '../features/access/stores/access-store.js';
import { fetchMe } from '../features/auth/api/me.js';
import { LOGOUT_PATH, loginUrl } from '../features/auth/api/sign-in.js';
import type { SilentCheckResult } from '../features/auth/api/silent-check.js';
import { createSessionStore, type SessionStore } from '../features/auth/stores/session-store.js';
import { createSilentSignOn, type TabStorage } from '../features/auth/utils/silent-sign-on.js';
import { fetchAllApps } from '../features/catalog/api/apps.js';
import { createCatalogStore, type CatalogStore } from '../features/catalog/stores/catalog-store.js';
import { createStatusStore, type StatusStore } from '../features/status/stores/status-store.js';
import { fetchSubscriptions } from '../features/subscriptions/api/subscriptions-api.js';
import {
  createSubscriptionsStore,
  type SubscriptionsStore,
} from '../features/subscriptions/stores/subscriptions-store.js';

/** What the app needs from the browser; tests pass fakes for the navigations. */
export interface AppEnvironment {
  storage: StateStorage;
  currentPath(): string;
  navigate(url: string): void;
  submitPost(url: string): void;
  /**
   * The silent sign-on check on load (a hidden frame) and the tab's storage for its
   * once-per-tab rule (sessionStorage). Without it, signing in always takes a click.
   */
  silentSignOn?: { check(): Promise<SilentCheckResult>; storage: TabStorage };
}

export interface AppStores {
  session: SessionStore;
  catalog: CatalogStore;
  status: StatusStore;
  /** The signed-in user's access requests (loaded after sign-in, dropped at sign-out). */
  access: AccessStore;
  /** What the signed-in user follows (loaded after sign-in, dropped at sign-out). */
  subscriptions: SubscriptionsStore;
  /** True once the first list of apps has arrived (status polling waits for it). */
  appsLoaded(): boolean;
}

/**
 * Wires the features' stores together; the only place that knows about all of them. With the
 * server's page state, the session and the apps start from it (the server's word wins over the
 * session remembered in localStorage, so the first render matches the server's HTML).
 */
export function createStores(env: AppEnvironment, initial: PageState | null = null): AppStores {
  const catalog = createCatalogStore({ fetchAllApps, initialApps: initial?.apps });
  const session = createSessionStore({
    fetchMe,
    // A portal without an identity provider skips the check: it could only say "unavailable".
    ...(env.silentSignOn && initial?.signInAvailable !== false
      ? { silentSignOn: createSilentSignOn(env.silentSignOn) }
      : {}),
    ...(initial ? { rendered: { me: initial.me } } : {}),
    storage: env.storage,
    reloadPublicApps: () => catalog.getState().load({ publicOnly: true }),
    signIn: () => env.navigate(loginUrl(env.currentPath())),
    signOut: () => env.submitPost(LOGOUT_PATH),
  });
  const status = createStatusStore({
    simulated: initial?.statusSimulated,
    notices: initial?.notices,
  });
  const access = createAccessStore({ fetchMyRequests });
  const subscriptions = createSubscriptionsStore({ fetchSubscriptions });
  return {
    session,
    catalog,
    status,
    access,
    subscriptions,
    appsLoaded: () => catalog.getState().apps !== null,
  };
}

/**
 * Start-up: ask who is signed in, then load the apps. When nobody is (or the server could not
 * say), the apps are asked for without the session cookie: the public apps. A server-rendered
 * page already holds both (createStores took them from its state): nothing is asked again. The
 * silent sign-on check then runs in the background, never delaying them; if it signs the user
 * in, the apps are loaded again with the cookie (the load started last wins, whichever answers
 * first).
 */
export async function bootstrap(stores: AppStores): Promise<void> {
  const { session, catalog, access, subscriptions } = stores;
  // The user's access requests and subscriptions: loaded once signed in (now or later),
  // forgotten at sign-out.
  session.subscribe((state, previous) => {
    if (state.isAuthenticated && !previous.isAuthenticated) {
      void access.getState().load();
      void subscriptions.getState().load();
    }
    if (!state.isAuthenticated && previous.isAuthenticated) {
      access.getState().reset();
      subscriptions.getState().reset();
    }
  });
  const rendered = session.getState().initialized && catalog.getState().apps !== null;
  if (!rendered) await session.getState().init();
  const { isAuthenticated } = session.getState();
  if (isAuthenticated && access.getState().requests === null) void access.getState().load();
  if (isAuthenticated && subscriptions.getState().subscriptions === null) {
    void subscriptions.getState().load();
  }
  const apps = rendered
    ? Promise.resolve()
    : catalog.getState().load({ publicOnly: !isAuthenticated });
  if (!isAuthenticated) {
    void session
      .getState()
      .silentSignIn()
      .then((signedIn) => (signedIn ? catalog.getState().load() : undefined));
  }
  await apps;
}
