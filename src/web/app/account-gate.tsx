import type { ReactNode } from 'react';
import { useStore } from 'zustand';
import type { SessionStore } from '../features/auth/stores/session-store.js';
import { useT } from '../lib/i18n.js';

/** A page of its own with a title: the gate's answers, and the loading state behind it. */
export function PageNotice({ title, children }: { title: string; children: ReactNode }) {
  return (
    <main className="mx-auto flex w-full max-w-2xl flex-1 flex-col gap-4 px-4 py-10">
      <h1 className="text-2xl font-bold">{title}</h1>
      {children}
    </main>
  );
}

/** What the gate says on one screen; the texts are the screen's own. */
export interface AccountGateTexts {
  /** The title of the gate's pages (the screen's name). */
  title: string;
  /** To signed-out visitors, with a Sign in button beside it. */
  signIn: string;
  /** To visitors of a portal where nobody can sign in (no identity provider). */
  noSignIn: string;
  /** To signed-in users the screen is not for (titled "Not allowed"), when it has a rule. */
  notAllowed?: string;
}

export interface AccountGateProps {
  session: SessionStore;
  /** False on a portal without an identity provider. */
  signInAvailable: boolean;
  texts: AccountGateTexts;
  /**
   * The rule: only admins (as /api/me says; the server checks every call anyway). Without it
   * every signed-in user passes and the screen answers for itself.
   */
  adminsOnly?: boolean;
  /** The screen, shown only past the gate. */
  children: ReactNode;
}

/**
 * The gate of a screen for signed-in users (the admin console, the approvers' inbox): "Checking
 * your account…" until the session is known, a sign-in prompt for visitors (or, where nobody can
 * sign in, a page that says so), "Not allowed" for a signed-in user the screen is not for, and
 * the screen itself for everyone else. Every answer links back to the portal.
 */
export function AccountGate({
  session,
  signInAvailable,
  texts,
  adminsOnly = false,
  children,
}: AccountGateProps) {
  const initialized = useStore(session, (state) => state.initialized);
  const isAuthenticated = useStore(session, (state) => state.isAuthenticated);
  const isAllowed = useStore(session, (state) => !adminsOnly || state.isAdmin);
  const login = useStore(session, (state) => state.login);
  const t = useT();

  if (initialized && isAuthenticated && isAllowed) return children;
  const notAllowed = initialized && isAuthenticated;
  return (
    <PageNotice title={notAllowed ? t('access.gate.notAllowed') : texts.title}>
      {!initialized ? (
        <p role="status">{t('access.gate.checking')}</p>
      ) : notAllowed ? (
        <p role="alert" className="alert alert-warning">
          {texts.notAllowed}
        </p>
      ) : (
        <p>{signInAvailable ? texts.signIn : texts.noSignIn}</p>
      )}
      {initialized && (
        <div className="flex gap-2">
          {!notAllowed && signInAvailable && (
            <button type="button" className="btn btn-primary btn-sm" onClick={login}>
              {t('access.gate.signIn')}
            </button>
          )}
          <a href="/" className="btn btn-ghost btn-sm">
            {t('access.gate.back')}
          </a>
        </div>
      )}
    </PageNotice>
  );
}
