import type { PortalInfo } from '../../../../shared/api/schemas.js';
import { PortalLogo } from './portal-logo.js';

/** The footer line (`PORTAL_FOOTER`) with a small logo. */
export function PortalFooter({ info }: { info: PortalInfo | null }) {
  return (
    <footer className="footer footer-center bg-base-200 text-base-content p-6">
      <p className="flex items-center gap-2 text-sm">
        <PortalLogo className="size-5" />
        <span>{info?.footer ?? '\u00a0'}</span>
      </p>
    </footer>
  );
}
