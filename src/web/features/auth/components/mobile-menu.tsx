import { Menu, X } from '../../../ui/icons.js';
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { useId } from '../../../ui/use-id.js';
import { useT } from '../../../lib/i18n.js';
import { useDismiss } from '../../../ui/use-dismiss.js';
import { useHydrated } from '../../../ui/use-hydrated.js';
import { displayName } from '../stores/session-store.js';
import { LOGIN_PATH, SETTINGS_PATH } from '../api/sign-in.js';
import { WITH_SCRIPTS, WITHOUT_SCRIPTS, type UserMenuProps } from './user-menu.js';

/**
 * The header's user button below 768 px: a menu button (bars when closed, a cross when open)
 * opening a panel with a greeting (`Hello, {given name}` or `Welcome!`), for signed-in people a
 * link to their `Notification settings`, and `Sign In` or `Sign Out`. Escape and a click outside close it.
 */
export function MobileMenu({
  isAuthenticated,
  user,
  signInAvailable,
  onSignIn,
  onSignOut,
  links,
  settings,
}: UserMenuProps & {
  /** Further links shown in the panel (the admin console's, for admins). */
  links?: ReactNode;
  /** Controls shown in the panel that keep it open when used (the theme choice). */
  settings?: ReactNode;
}) {
  const t = useT();
  const hydrated = useHydrated();
  const [open, setOpen] = useState(false);
  const container = useRef<HTMLDivElement>(null);
  const trigger = useRef<HTMLButtonElement>(null);
  const action = useRef<HTMLButtonElement>(null);
  const panelId = useId();
  const close = useCallback(() => setOpen(false), []);
  useDismiss(open, close, container, trigger);
  useEffect(() => {
    if (open) action.current?.focus();
  }, [open]);

  const signedIn = isAuthenticated && user !== null;
  const canSignIn = signedIn || signInAvailable;
  // Nobody can sign in here and there is nothing to set: the panel would hold nothing to do.
  if (!canSignIn && !settings) return null;
  return (
    <div ref={container} className="relative">
      {!signedIn && signInAvailable && (
        // Without JavaScript the menu cannot open: a plain link to the sign-in shows instead.
        <a href={LOGIN_PATH} className={`btn btn-primary btn-sm ${WITHOUT_SCRIPTS}`}>
          {t('auth.signIn')}
        </a>
      )}
      <button
        ref={trigger}
        type="button"
        className={`btn btn-ghost btn-square ${signedIn || !signInAvailable ? '' : WITH_SCRIPTS}`}
        aria-expanded={open}
        aria-controls={panelId}
        disabled={!hydrated}
        aria-label={t(open ? 'auth.menu.close' : 'auth.menu.open')}
        onClick={() => setOpen((value) => !value)}
      >
        {open ? (
          <X aria-hidden="true" data-icon="close" className="size-6" />
        ) : (
          <Menu aria-hidden="true" data-icon="bars" className="size-6" />
        )}
      </button>
      {open && (
        <div
          id={panelId}
          className="bg-base-100 rounded-box border-base-300 absolute end-0 z-30 mt-2 flex w-60 flex-col gap-3 border p-4 shadow-lg"
        >
          <p className="font-medium">
            {signedIn ? t('auth.hello', { name: displayName(user) }) : t('auth.welcome')}
          </p>
          {links && (
            // A followed link closes the panel (the page may not reload).
            <div className="flex flex-col gap-2" onClick={close}>
              {links}
            </div>
          )}
          {settings}
          {signedIn && (
            // A plain link: the settings page is rendered by the server.
            <a href={SETTINGS_PATH} className="btn btn-outline btn-sm">
              {t('auth.notificationSettings')}
            </a>
          )}
          {canSignIn && (
            <button
              ref={action}
              type="button"
              className="btn btn-primary btn-sm"
              onClick={() => {
                setOpen(false);
                if (signedIn) onSignOut();
                else onSignIn();
              }}
            >
              {t(signedIn ? 'auth.menu.signOut' : 'auth.menu.signIn')}
            </button>
          )}
        </div>
      )}
    </div>
  );
}
