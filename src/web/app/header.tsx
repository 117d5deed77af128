import { Inbox, Settings } from '../ui/icons.js';
import type { ReactNode } from 'react';
import { useStore } from 'zustand';
import type { PortalInfo } from '../../shared/api/schemas.js';
import type { Theme } from '../../shared/theme/theme.js';
import { MobileMenu } from '../features/auth/components/mobile-menu.js';
import { UserMenu } from '../features/auth/components/user-menu.js';
import type { SessionStore } from '../features/auth/stores/session-store.js';
import { LanguageDisclosure } from '../features/language/components/language-disclosure.js';
import { LanguageMenu } from '../features/language/components/language-menu.js';
import { PortalBrand } from '../features/portal/components/portal-brand.js';
import { ThemeDisclosure } from '../features/theme/components/theme-disclosure.js';
import { ThemeMenu } from '../features/theme/components/theme-menu.js';
import { useTheme } from '../features/theme/hooks/use-theme.js';
import { useT } from '../lib/i18n.js';
import { HydrateLater } from '../ui/hydrate-later.js';
import { ADMIN_PATH, followInApp, REQUESTS_PATH } from './routes.js';

export interface HeaderProps {
  info: PortalInfo | null;
  session: SessionStore;
  /** The search bar, on its own row under the navigation on every screen size. */
  search?: ReactNode;
  /** Moves to another screen of the SPA without reloading (the Admin link). */
  go?(path: string): void;
  /** The theme the server rendered the page in (its state); else the cookie says. */
  theme?: Theme;
  /** The page's path and query, where the theme and language forms come back to. */
  returnTo?: string;
}

/**
 * A link to another screen of the SPA: the admin console (admins only) or the approvers' inbox
 * (approvers only); the server checks every call anyway.
 */
function ScreenLink({
  go,
  className,
  screen,
}: {
  go?: ((path: string) => void) | undefined;
  className: string;
  screen: 'admin' | 'requests';
}) {
  const t = useT();
  const admin = screen === 'admin';
  const Icon = admin ? Settings : Inbox;
  return (
    <a
      href={admin ? ADMIN_PATH : REQUESTS_PATH}
      className={className}
      onClick={go ? (event) => followInApp(event, go) : undefined}
    >
      <Icon aria-hidden="true" className="size-4" />
      {t(admin ? 'header.admin' : 'header.requests')}
    </a>
  );
}

/**
 * The top navigation: brand link, the theme and language choices, the Admin link for admins, and
 * the user button (a menu button below 768 px, whose panel then holds the theme and language
 * choices and the Admin link; without JavaScript, "Theme" and "Language" disclosures hold their
 * forms there).
 */
export function Header({ info, session, search, go, theme: initialTheme, returnTo }: HeaderProps) {
  const t = useT();
  const [theme, setTheme] = useTheme(initialTheme);
  const isAuthenticated = useStore(session, (state) => state.isAuthenticated);
  const user = useStore(session, (state) => state.user);
  const login = useStore(session, (state) => state.login);
  const logout = useStore(session, (state) => state.logout);
  const isAdmin = useStore(session, (state) => state.isAuthenticated && state.isAdmin);
  const isApprover = useStore(session, (state) => state.isAuthenticated && state.isApprover);
  const props = {
    isAuthenticated,
    user,
    // Offered until the server says otherwise (the rendered page says it from the first byte).
    signInAvailable: info?.signInAvailable !== false,
    onSignIn: login,
    onSignOut: () => void logout(),
  };
  return (
    <header className="bg-base-100 border-base-300 sticky top-0 z-20 border-b">
      {/* The navigation and the search hydrate in turns of their own (ui/hydrate-later.tsx). */}
      <HydrateLater weight={5}>
        <nav aria-label={t('header.nav')} className="navbar mx-auto max-w-screen-2xl gap-2 px-4">
          <div className="navbar-start min-w-0 flex-1">
            <PortalBrand info={info} />
          </div>
          <div className="navbar-end w-auto">
            <div className="hidden items-center gap-2 md:flex" data-testid="user-menu-wide">
              <ThemeMenu theme={theme} onChange={setTheme} compact returnTo={returnTo} />
              <LanguageMenu compact returnTo={returnTo} />
              {isApprover && (
                <ScreenLink screen="requests" go={go} className="btn btn-ghost btn-sm" />
              )}
              {isAdmin && <ScreenLink screen="admin" go={go} className="btn btn-ghost btn-sm" />}
              <UserMenu {...props} />
            </div>
            <div
              className="relative flex items-center gap-2 md:hidden"
              data-testid="user-menu-narrow"
            >
              {/* Without JavaScript the menu cannot open: the forms get disclosures. */}
              <ThemeDisclosure theme={theme} returnTo={returnTo} />
              <LanguageDisclosure returnTo={returnTo} />
              <MobileMenu
                {...props}
                links={
                  (isApprover || isAdmin) && (
                    <>
                      {isApprover && (
                        <ScreenLink screen="requests" go={go} className="btn btn-outline btn-sm" />
                      )}
                      {isAdmin && (
                        <ScreenLink screen="admin" go={go} className="btn btn-outline btn-sm" />
                      )}
                    </>
                  )
                }
                settings={
                  <>
                    <ThemeMenu theme={theme} onChange={setTheme} returnTo={returnTo} />
                    <LanguageMenu returnTo={returnTo} />
                  </>
                }
              />
            </div>
          </div>
        </nav>
      </HydrateLater>
      {search && (
        <HydrateLater weight={3}>
          <div className="mx-auto max-w-screen-2xl px-4 pb-3">{search}</div>
        </HydrateLater>
      )}
    </header>
  );
}
