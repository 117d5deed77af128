import { useEffect, useState } from 'react';
import type { PortalInfo } from '../../../../shared/api/schemas.js';
import { fetchPortalInfo } from '../api/portal-info.js';

/**
 * The portal's texts; null until the server answers (or when it cannot). A server-rendered page
 * gives them as `initial`: then nothing is fetched.
 */
export function usePortalInfo(initial?: PortalInfo | null): PortalInfo | null {
  const [info, setInfo] = useState<PortalInfo | null>(initial ?? null);
  const rendered = initial != null;
  useEffect(() => {
    if (rendered) return;
    let active = true;
    fetchPortalInfo().then(
      (value) => {
        if (!active) return;
        setInfo(value);
        if (value.title.trim() !== '') document.title = value.title;
      },
      (error: unknown) => console.error('Could not load the portal texts.', error),
    );
    return () => {
      active = false;
    };
  }, [rendered]);
  return info;
}
