import { lazy, Suspense, use, useState } from 'react';
import type { SessionStore } from '../features/auth/stores/session-store.js';
import { errorText } from '../lib/error-text.js';
import { useLocale, type Locale } from '../lib/i18n.js';
import { loadNamespace } from '../lib/load-namespace.js';
import { AccountGate, PageNotice } from './account-gate.js';
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

/** An id of the admin namespace: when the locale has it, the namespace is there already. */
const PROBE_ID = 'admin.common.title';

type Loading = Promise<{ error: unknown } | null>;
const loading = new WeakMap<Locale, Loading>();

/** The admin namespace for the locale, loaded once (a failure answers its error). */
function adminMessages(locale: Locale): Loading {
  let promise = loading.get(locale);
  if (!promise) {
    promise = locale.has(PROBE_ID)
      ? Promise.resolve(null)
      : loadNamespace(locale, 'admin').then(
          () => null,
          (error: unknown) => ({ error }),
        );
    loading.set(locale, promise);
  }
  return promise;
}

/**
 * /admin, a chunk of its own loaded by app.tsx (its gate included: the home page never needs
 * it). It first loads the console's messages (`GET /api/messages/<lang>/admin`; meanwhile the
 * route's loading state shows, app.tsx's Suspense), then: the console for admins (as /api/me
 * says; the server checks every call too), a sign-in prompt for visitors, and a clear "not
 * allowed" page for everyone else (the account gate). When the messages cannot be loaded, it
 * says why and offers to try again.
 */
export default function AdminRoute(props: AdminRouteProps) {
  const locale = useLocale();
  const [, setAttempt] = useState(0);
  const failure = use(adminMessages(locale));
  if (failure) {
    return (
      <PageNotice title={locale.t('errors.adminUnavailable.title')}>
        <p role="alert" className="alert alert-error">
          {errorText(locale, failure.error)}
        </p>
        <div>
          <button
            type="button"
            className="btn btn-sm"
            onClick={() => {
              // Forget the failure: rendering again loads the messages again.
              loading.delete(locale);
              setAttempt((attempt) => attempt + 1);
            }}
          >
            {locale.t('errors.tryAgain')}
          </button>
        </div>
      </PageNotice>
    );
  }
  return <AdminScreen {...props} />;
}

/** The gate and the console, with the admin namespace loaded. */
function AdminScreen({ session, signInAvailable, status, onCatalogChanged }: AdminRouteProps) {
  const { t } = useLocale();
  return (
    <AccountGate
      session={session}
      signInAvailable={signInAvailable}
      texts={{
        title: t('admin.common.title'),
        signIn: t('admin.common.gate.signIn'),
        noSignIn: t('admin.common.gate.noSignIn'),
        notAllowed: t('admin.common.gate.notAllowed'),
      }}
      adminsOnly
    >
      <Suspense
        fallback={
          <PageNotice title={t('admin.common.title')}>
            <p role="status">{t('admin.common.loading')}</p>
          </PageNotice>
        }
      >
        <AdminPage status={status} onCatalogChanged={onCatalogChanged} />
      </Suspense>
    </AccountGate>
  );
}
