import type { PortalInfo } from '../../../../shared/api/schemas.js';
import { PortalLogo } from './portal-logo.js';

/** The footer line (`PORTAL_FOOTER`, or the admins' branding) with a small logo and its link. */
export function PortalFooter({ info }: { info: PortalInfo | null }) {
  const text = info?.footer ?? '\u00a0';
  return (
    <footer className="footer footer-center bg-base-200 text-base-content p-6">
      <p className="flex items-center gap-2 text-sm">
        {info?.logoUrl ? (
          <img src={info.logoUrl} alt="" className="size-5 object-contain" />
        ) : (
          <PortalLogo className="size-5" />
        )}
        {info?.footerLink && text.trim() !== '' ? (
          <a className="link" href={info.footerLink} rel="noopener">
            {text}
          </a>
        ) : (
          <span>{text}</span>
        )}
      </p>
    </footer>
  );
}
