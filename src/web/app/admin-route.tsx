import { lazy, Suspense, type ReactNode } from 'react';
import { useStore } from 'zustand';
import type { SessionStore } from '../features/auth/stores/session-store.js';
import type { StatusStore } from '../features/status/stores/status-store.js';

// Its own chunk: the home page never loads the console's code (scripts/check-budget.mjs).
const AdminPage = lazy(() => import('./admin-page.js'));

export interface AdminRouteProps {
  session: SessionStore;
  /** False on a portal without an identity provider: nobody can sign in to use the console. */
  signInAvailable: boolean;
  status: StatusStore;
  onCatalogChanged(): void;
}

function Notice({ title, children }: { title: string; children: ReactNode }) {
  return (
    <main className="mx-auto flex w-full max-w-2xl flex-1 flex-col gap-4 px-4 py-10">
      <h1 className="text-2xl font-bold">{title}</h1>
      {children}
    </main>
  );
}

/**
 * /admin: the console for admins (as /api/me says; the server checks every call too), a sign-in
 * prompt for visitors, and a clear "not allowed" page for everyone else.
 */
export function AdminRoute({
  session,
  signInAvailable,
  status,
  onCatalogChanged,
}: AdminRouteProps) {
  const initialized = useStore(session, (state) => state.initialized);
  const isAuthenticated = useStore(session, (state) => state.isAuthenticated);
  const isAdmin = useStore(session, (state) => state.isAdmin);
  const login = useStore(session, (state) => state.login);

  if (!initialized) {
    return (
      <Notice title="Admin console">
        <p role="status">Checking your account…</p>
      </Notice>
    );
  }
  if (!isAuthenticated && !signInAvailable) {
    return (
      <Notice title="Admin console">
        <p>
          Sign-in is not set up on this portal, so nobody can use the admin console here. The
          portal’s operator can connect an identity provider (OIDC_ISSUER).
        </p>
        <div>
          <a href="/" className="btn btn-ghost btn-sm">
            Back to the portal
          </a>
        </div>
      </Notice>
    );
  }
  if (!isAuthenticated) {
    return (
      <Notice title="Admin console">
        <p>Sign in with an admin account to manage the portal.</p>
        <div className="flex gap-2">
          <button type="button" className="btn btn-primary btn-sm" onClick={login}>
            Sign in
          </button>
          <a href="/" className="btn btn-ghost btn-sm">
            Back to the portal
          </a>
        </div>
      </Notice>
    );
  }
  if (!isAdmin) {
    return (
      <Notice title="Not allowed">
        <p role="alert" className="alert alert-warning">
          Your account is not allowed to use the admin console. Only portal admins can manage the
          catalog; ask one if you need a change.
        </p>
        <div>
          <a href="/" className="btn btn-ghost btn-sm">
            Back to the portal
          </a>
        </div>
      </Notice>
    );
  }
  return (
    <Suspense
      fallback={
        <Notice title="Admin console">
          <p role="status">Loading the admin console…</p>
        </Notice>
      }
    >
      <AdminPage status={status} onCatalogChanged={onCatalogChanged} />
    </Suspense>
  );
}
