import { LogOut, Settings } from '../../../ui/icons.js';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useId } from '../../../ui/use-id.js';
import { useT } from '../../../lib/i18n.js';
import { useDismiss } from '../../../ui/use-dismiss.js';
import { useHydrated } from '../../../ui/use-hydrated.js';
import { LOGIN_PATH, SETTINGS_PATH } from '../api/sign-in.js';
import { displayName, type SessionUser } from '../stores/session-store.js';
import { UserAvatar } from './user-avatar.js';

/** Shown only when the browser runs scripts, resp. only when it does not (no-JS fallbacks). */
export const WITH_SCRIPTS = '[@media(scripting:none)]:hidden';
export const WITHOUT_SCRIPTS = 'hidden [@media(scripting:none)]:inline-flex';

export interface UserMenuProps {
  isAuthenticated: boolean;
  user: SessionUser | null;
  /** False on a portal without an identity provider: then no sign-in control is offered. */
  signInAvailable: boolean;
  onSignIn(): void;
  onSignOut(): void;
}

/**
 * The header's user button on screens 768 px and wider: `Sign in` when signed out; when signed
 * in, `Hello, {given name}` with the letter avatar, opening a small menu with `Notification
 * settings` (a plain link to the server's page) and `Sign out`.
 */
export function UserMenu({
  isAuthenticated,
  user,
  signInAvailable,
  onSignIn,
  onSignOut,
}: UserMenuProps) {
  const t = useT();
  const hydrated = useHydrated();
  const [open, setOpen] = useState(false);
  const container = useRef<HTMLDivElement>(null);
  const trigger = useRef<HTMLButtonElement>(null);
  const firstItem = useRef<HTMLAnchorElement>(null);
  const menuId = useId();
  const close = useCallback(() => setOpen(false), []);
  useDismiss(open, close, container, trigger);
  useEffect(() => {
    if (open) firstItem.current?.focus();
  }, [open]);

  if (!isAuthenticated || !user) {
    if (!signInAvailable) return null;
    // The button signs in through the session store (which adds the way back); without
    // JavaScript (`scripting: none`) a plain link to the sign-in shows instead.
    return (
      <>
        <button
          type="button"
          className={`btn btn-primary btn-sm ${WITH_SCRIPTS}`}
          disabled={!hydrated}
          onClick={onSignIn}
        >
          {t('auth.signIn')}
        </button>
        <a href={LOGIN_PATH} className={`btn btn-primary btn-sm ${WITHOUT_SCRIPTS}`}>
          {t('auth.signIn')}
        </a>
      </>
    );
  }

  const name = displayName(user);
  return (
    <div ref={container} className="relative">
      <button
        ref={trigger}
        type="button"
        className="btn btn-ghost gap-2 normal-case"
        aria-expanded={open}
        aria-controls={menuId}
        disabled={!hydrated}
        onClick={() => setOpen((value) => !value)}
      >
        <UserAvatar name={name} />
        <span>{t('auth.hello', { name })}</span>
      </button>
      {open && (
        <ul
          id={menuId}
          className="menu bg-base-100 rounded-box border-base-300 absolute end-0 z-30 mt-2 w-60 border p-2 shadow-lg"
        >
          <li>
            <a ref={firstItem} href={SETTINGS_PATH}>
              <Settings aria-hidden="true" className="size-4" />
              {t('auth.notificationSettings')}
            </a>
          </li>
          <li>
            <button
              type="button"
              onClick={() => {
                setOpen(false);
                onSignOut();
              }}
            >
              <LogOut aria-hidden="true" className="size-4 rtl:[scale:-1_1]" />
              {t('auth.signOut')}
            </button>
          </li>
        </ul>
      )}
    </div>
  );
}
