import type { PortalInfo } from '../../../../shared/api/schemas.js';
import { useT } from '../../../lib/i18n.js';
import { PortalLogo } from './portal-logo.js';

/** The header's brand link to `/`: logo (the portal's own when set), title and sub-title. */
export function PortalBrand({ info }: { info: PortalInfo | null }) {
  const t = useT();
  return (
    <a href="/" className="flex min-w-0 items-center gap-3 rounded-lg px-1 py-1">
      {info?.logoUrl ? (
        <img src={info.logoUrl} alt="" className="size-9 shrink-0 object-contain" />
      ) : (
        <PortalLogo />
      )}
      <span className="flex min-w-0 flex-col leading-tight">
        {info ? (
          <>
            <span className="truncate text-lg font-bold">{info.title}</span>
            {info.subtitle.trim() !== '' && (
              <span className="text-base-content/75 truncate text-sm">{info.subtitle}</span>
            )}
          </>
        ) : (
          <>
            <span className="sr-only">{t('portal.home')}</span>
            <span aria-hidden="true" className="skeleton h-5 w-32" />
            <span aria-hidden="true" className="skeleton mt-1 h-3 w-24" />
          </>
        )}
      </span>
    </a>
  );
}
