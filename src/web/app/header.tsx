import type { ReactNode } from 'react';
import { useStore } from 'zustand';
import type { PortalInfo } from '../../shared/api/schemas.js';
import { MobileMenu } from '../features/auth/components/mobile-menu.js';
import { UserMenu } from '../features/auth/components/user-menu.js';
import type { SessionStore } from '../features/auth/stores/session-store.js';
import { PortalBrand } from '../features/portal/components/portal-brand.js';

export interface HeaderProps {
  info: PortalInfo | null;
  session: SessionStore;
  /** The search bar, on its own row under the navigation on every screen size. */
  search?: ReactNode;
}

/** The top navigation: brand link and the user button (a menu button below 768 px). */
export function Header({ info, session, search }: HeaderProps) {
  const isAuthenticated = useStore(session, (state) => state.isAuthenticated);
  const user = useStore(session, (state) => state.user);
  const login = useStore(session, (state) => state.login);
  const logout = useStore(session, (state) => state.logout);
  const props = {
    isAuthenticated,
    user,
    onSignIn: login,
    onSignOut: () => void logout(),
  };
  return (
    <header className="bg-base-100 border-base-300 sticky top-0 z-20 border-b">
      <nav aria-label="Main" className="navbar mx-auto max-w-screen-2xl gap-2 px-4">
        <div className="navbar-start min-w-0 flex-1">
          <PortalBrand info={info} />
        </div>
        <div className="navbar-end w-auto">
          <div className="hidden md:block" data-testid="user-menu-wide">
            <UserMenu {...props} />
          </div>
          <div className="md:hidden" data-testid="user-menu-narrow">
            <MobileMenu {...props} />
          </div>
        </div>
      </nav>
      {search && <div className="mx-auto max-w-screen-2xl px-4 pb-3">{search}</div>}
    </header>
  );
}
