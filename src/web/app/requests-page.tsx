/**
 * /requests, the approvers' inbox: a chunk of its own loaded by app.tsx (like the admin
 * console), with the access stylesheet, so the home page never loads the inbox's code.
 */
import accessStyles from '../features/access/access.css?url';
import { Inbox } from '../features/access/components/inbox.js';
import type { SessionStore } from '../features/auth/stores/session-store.js';
import { useT } from '../lib/i18n.js';
import { AccountGate, type AccountGateTexts } from './account-gate.js';

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
  const t = useT();
  // No `notAllowed`: every signed-in user passes, and the server answers 403 to someone who
  // approves nothing, which the inbox shows as "Not allowed".
  const texts: AccountGateTexts = {
    title: t('access.inbox.title'),
    signIn: t('access.requests.signIn'),
    noSignIn: t('access.requests.noSignIn'),
  };
  return (
    <AccountGate session={session} signInAvailable={signInAvailable} texts={texts}>
      <link rel="stylesheet" href={accessStyles} precedence="default" />
      <Inbox />
    </AccountGate>
  );
}
