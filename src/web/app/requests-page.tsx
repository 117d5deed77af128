/**
 * /requests, the approvers' inbox: a chunk of its own loaded by app.tsx (like the admin
 * console), with the access stylesheet, so the home page never loads the inbox's code.
 */
import type { ReactNode } from 'react';
import { useStore } from 'zustand';
import accessStyles from '../features/access/access.css?url';
import { Inbox } from '../features/access/components/inbox.js';
import type { SessionStore } from '../features/auth/stores/session-store.js';

function Notice({ title, children }: { title: string; children: ReactNode }) {
  return (
    <main className="mx-auto flex w-full max-w-2xl flex-1 flex-col gap-4 px-4 py-10">
      <h1 className="text-2xl font-bold">{title}</h1>
      {children}
    </main>
  );
}

/**
 * /requests: the approvers' inbox for signed-in users (the server answers 403 to someone who
 * approves nothing, which the inbox shows as "Not allowed"), a sign-in prompt for visitors.
 */
export default function RequestsPage({
  session,
  signInAvailable,
}: {
  session: SessionStore;
  signInAvailable: boolean;
}) {
  const initialized = useStore(session, (state) => state.initialized);
  const isAuthenticated = useStore(session, (state) => state.isAuthenticated);
  const login = useStore(session, (state) => state.login);

  if (!initialized) {
    return (
      <Notice title="Access requests">
        <p role="status">Checking your account…</p>
      </Notice>
    );
  }
  if (!isAuthenticated) {
    return (
      <Notice title="Access requests">
        <p>
          {signInAvailable
            ? 'Sign in to decide the access requests for the apps you approve.'
            : 'Sign-in is not set up on this portal, so there are no access requests here.'}
        </p>
        <div className="flex gap-2">
          {signInAvailable && (
            <button type="button" className="btn btn-primary btn-sm" onClick={login}>
              Sign in
            </button>
          )}
          <a href="/" className="btn btn-ghost btn-sm">
            Back to the portal
          </a>
        </div>
      </Notice>
    );
  }
  return (
    <>
      <link rel="stylesheet" href={accessStyles} precedence="default" />
      <Inbox />
    </>
  );
}
