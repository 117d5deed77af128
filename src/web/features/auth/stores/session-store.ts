import type { StateStorage } from 'zustand/middleware';
import { createStore, type StoreApi } from 'zustand/vanilla';
import type { App, Me } from '../../../../shared/api/schemas.js';
import { joinGroups } from '../../../../shared/identity/groups.js';
import { ApiRequestError } from '../../../lib/api-client.js';
import type { SilentSignOn } from '../utils/silent-sign-on.js';

/**
 * localStorage key of the persisted session (documented in docs/web.md). Only
 * `isAuthenticated` and `user` are stored there: never a token, never the favorites.
 */
export const SESSION_STORAGE_KEY = 'app-portal.session';

/** The session user the browser keeps (docs/auth.md), derived from GET /api/me. */
export interface SessionUser {
  name: string;
  email: string;
  /** Realm roles from the identity provider. */
  roles: string[];
  given_name: string;
  preferred_username: string;
  /** The user's groups, comma-joined, leading slashes removed. */
  groups: string;
}

export interface SessionState {
  isAuthenticated: boolean;
  user: SessionUser | null;
  /** The signed-in user's favorite apps (not persisted: they come with every /api/me). */
  favorites: App[];
  /**
   * Whether /api/me says the user is an admin (shows the Admin link). Not persisted: only the
   * server's latest answer counts, and the server checks every admin call anyway.
   */
  isAdmin: boolean;
  /**
   * Whether /api/me says the user approves access requests for some app (shows the Requests
   * link to the inbox). Not persisted, like isAdmin; the server checks every decision anyway.
   */
  isApprover: boolean;
  /** False until init() has heard from the server who is signed in. */
  initialized: boolean;
  /** Asks the server who is signed in; any failure leaves the public state. */
  init(): Promise<void>;
  /**
   * When nobody is signed in: the silent sign-on check, at most once per page load (and per tab
   * after a failure or a sign-out, see SilentSignOn). Resolves true when it signed the user in.
   * Never rejects; failures only leave the public state.
   */
  silentSignIn(): Promise<boolean>;
  /**
   * Hands over to the server's sign-in (after a silent check under way has finished). Failures
   * are only logged.
   */
  login(): void;
  /**
   * Clears the authenticated flag, the user and the favorites, reloads the public apps, then
   * hands over to the server's sign-out. Failures are only logged.
   */
  logout(): Promise<void>;
  /** Takes an updated user from the server (e.g. the answer to a favorite change). */
  applyMe(me: Me): void;
}

export interface SessionDeps {
  /** Who is signed in (null: nobody). */
  fetchMe(): Promise<Me | null>;
  /** The silent sign-on check on load; without it, signing in always takes a click. */
  silentSignOn?: SilentSignOn;
  /** Loads the apps an anonymous visitor sees; awaited by logout before signing out. */
  reloadPublicApps(): Promise<void>;
  /** Navigates to the server's sign-in. */
  signIn(): void;
  /** Hands over to the server's sign-out (which ends the identity provider's session too). */
  signOut(): void;
  /**
   * Who the server rendered the page for (its page state): the store starts initialized with
   * that user, or signed out for null, and ignores the session remembered in storage.
   */
  rendered?: { me: Me | null };
  /** Where the session is persisted; localStorage in the browser. */
  storage: StateStorage;
  logError?(message: string, error: unknown): void;
}

export type SessionStore = StoreApi<SessionState>;

export function toSessionUser(me: Me): SessionUser {
  return {
    name: me.name,
    email: me.email,
    roles: [...me.roles],
    given_name: me.givenName,
    preferred_username: me.username,
    groups: joinGroups(me.groups),
  };
}

/** The name the header greets: the given name, else the username, else the full name. */
export function displayName(user: SessionUser): string {
  return [user.given_name, user.preferred_username, user.name].find((n) => n.trim() !== '') ?? '';
}

const PUBLIC_STATE = {
  isAuthenticated: false,
  user: null,
  favorites: [] as App[],
  isAdmin: false,
  isApprover: false,
};

const signedInState = (me: Me) => ({
  isAuthenticated: true,
  user: toSessionUser(me),
  favorites: me.favorites,
  isAdmin: me.isAdmin,
  isApprover: me.isApprover === true,
});

/** A request or a load the browser cancelled (the page being left), not a failure. */
function isCancelled(error: unknown): boolean {
  if (error instanceof ApiRequestError) return error.isAbort;
  // A DOMException is not an Error everywhere: read its name.
  return (
    typeof error === 'object' &&
    error !== null &&
    (error as { name?: unknown }).name === 'AbortError'
  );
}

export function createSessionStore(deps: SessionDeps): SessionStore {
  const logError = deps.logError ?? ((message, error) => console.error(message, error));
  let initializing: Promise<void> | undefined;
  let silentAttempt: Promise<boolean> | undefined;
  let silentPending = false;
  let loginRequested = false;

  const store = createStore<SessionState>()((set, get) => ({
    // Also the state React renders during hydration (useSyncExternalStore's server snapshot).
    ...(deps.rendered?.me ? signedInState(deps.rendered.me) : PUBLIC_STATE),
    initialized: deps.rendered !== undefined,

    init() {
      initializing ??= (async () => {
        try {
          const me = await deps.fetchMe();
          if (me) {
            set(signedInState(me));
          } else {
            set({ ...PUBLIC_STATE });
          }
        } catch (error) {
          logError('Could not find out who is signed in; showing the public portal.', error);
          set({ ...PUBLIC_STATE });
        } finally {
          set({ initialized: true });
          initializing = undefined;
        }
      })();
      return initializing;
    },

    silentSignIn() {
      const silent = deps.silentSignOn;
      if (!silent || get().isAuthenticated || loginRequested) return Promise.resolve(false);
      silentAttempt ??= (async () => {
        silentPending = true;
        try {
          const result = await silent.attempt();
          if (result !== 'signed-in') return false;
          const me = await deps.fetchMe();
          if (me) {
            set(signedInState(me));
            return true;
          }
          silent.failed();
        } catch (error) {
          silent.failed();
          // Cancelled, as when the page is left right after loading: nothing went wrong.
          if (!isCancelled(error)) {
            logError('The silent sign-in check failed; staying signed out.', error);
          }
        } finally {
          silentPending = false;
        }
        return false;
      })();
      return silentAttempt;
    },

    login() {
      // The sign-in click wins over the silent check: a check still running would send its
      // own authorization request to the provider, which can replace the sign-in's there
      // ("Your login attempt timed out"). So no new check starts, and a running one is
      // waited for (it ends within its time-out); if it signed the user in, nothing is left
      // to do.
      loginRequested = true;
      const go = () => {
        deps.silentSignOn?.signingIn();
        try {
          deps.signIn();
        } catch (error) {
          logError('Sign-in failed.', error);
        }
      };
      if (!silentPending || !silentAttempt) return go();
      void silentAttempt.then((signedIn) => {
        if (!signedIn) go();
      });
    },

    async logout() {
      // Or the next page load of this tab would sign the user straight back in.
      deps.silentSignOn?.signedOut();
      set({ ...PUBLIC_STATE });
      try {
        await deps.reloadPublicApps();
      } catch (error) {
        logError('Could not reload the public apps.', error);
      }
      try {
        deps.signOut();
      } catch (error) {
        logError('Sign-out failed.', error);
      }
    },

    applyMe(me) {
      set(signedInState(me));
    },
  }));
  // The server's word on a rendered page is newer than what the browser remembered.
  if (!deps.rendered) store.setState(remembered(deps.storage));
  remember(deps.storage, store.getState());
  store.subscribe((state, previous) => {
    if (state.isAuthenticated !== previous.isAuthenticated || state.user !== previous.user) {
      remember(deps.storage, state);
    }
  });
  return store;
}

/** What the storage remembers: `{ state: { isAuthenticated, user }, version: 1 }`. */
const STORED_VERSION = 1;

/** The session remembered in storage; nothing when there is none or it cannot be read. */
function remembered(storage: StateStorage): Partial<SessionState> {
  try {
    const raw = storage.getItem(SESSION_STORAGE_KEY);
    if (typeof raw !== 'string') return {};
    const stored = JSON.parse(raw) as { state?: Partial<SessionState>; version?: number } | null;
    if (stored?.version !== STORED_VERSION || typeof stored.state !== 'object') return {};
    const { isAuthenticated, user } = stored.state;
    return {
      isAuthenticated: isAuthenticated === true,
      user: user && typeof user === 'object' ? user : null,
    };
  } catch {
    return {};
  }
}

/** Keeps only `isAuthenticated` and `user` (never a token, never the favorites). */
function remember(storage: StateStorage, state: SessionState): void {
  try {
    const value = { state: { isAuthenticated: state.isAuthenticated, user: state.user } };
    void storage.setItem(
      SESSION_STORAGE_KEY,
      JSON.stringify({ ...value, version: STORED_VERSION }),
    );
  } catch (error) {
    console.warn('Could not remember the session.', error);
  }
}
