import { lazy, Suspense } from 'react';
import type { SessionStore } from '../features/auth/stores/session-store.js';
import { AccountGate, PageNotice, type AccountGateTexts } from './account-gate.js';
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

const TEXTS: AccountGateTexts = {
  title: 'Admin console',
  signIn: 'Sign in with an admin account to manage the portal.',
  noSignIn:
    'Sign-in is not set up on this portal, so nobody can use the admin console here. The ' +
    'portal’s operator can connect an identity provider (OIDC_ISSUER).',
  notAllowed:
    'Your account is not allowed to use the admin console. Only portal admins can manage the ' +
    'catalog; ask one if you need a change.',
};

/**
 * /admin, a chunk of its own loaded by app.tsx (its gate included: the home page never needs
 * it): the console for admins (as /api/me says; the server checks every call too), a sign-in
 * prompt for visitors, and a clear "not allowed" page for everyone else (the account gate).
 */
export default function AdminRoute({
  session,
  signInAvailable,
  status,
  onCatalogChanged,
}: AdminRouteProps) {
  return (
    <AccountGate session={session} signInAvailable={signInAvailable} texts={TEXTS} adminsOnly>
      <Suspense
        fallback={
          <PageNotice title="Admin console">
            <p role="status">Loading the admin console…</p>
          </PageNotice>
        }
      >
        <AdminPage status={status} onCatalogChanged={onCatalogChanged} />
      </Suspense>
    </AccountGate>
  );
}
