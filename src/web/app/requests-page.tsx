/**
 * /requests, the approvers' inbox: a chunk of its own loaded by app.tsx (like the admin
 * console), with the access stylesheet, so the home page never loads the inbox's code.
 */
import accessStyles from '../features/access/access.css?url';
import { Inbox } from '../features/access/components/inbox.js';
import type { SessionStore } from '../features/auth/stores/session-store.js';
import { AccountGate, type AccountGateTexts } from './account-gate.js';

// No `notAllowed`: every signed-in user passes, and the server answers 403 to someone who
// approves nothing, which the inbox shows as "Not allowed".
const TEXTS: AccountGateTexts = {
  title: 'Access requests',
  signIn: 'Sign in to decide the access requests for the apps you approve.',
  noSignIn: 'Sign-in is not set up on this portal, so there are no access requests here.',
};

/**
 * /requests: the approvers' inbox for signed-in users, a sign-in prompt for visitors (the
 * account gate).
 */
export default function RequestsPage({
  session,
  signInAvailable,
}: {
  session: SessionStore;
  signInAvailable: boolean;
}) {
  return (
    <AccountGate session={session} signInAvailable={signInAvailable} texts={TEXTS}>
      <link rel="stylesheet" href={accessStyles} precedence="default" />
      <Inbox />
    </AccountGate>
  );
}
