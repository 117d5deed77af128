import { useEffect, useState } from 'react';
import type { PortalInfo } from '../../../../shared/api/schemas.js';
import { fetchPortalInfo } from '../api/portal-info.js';

/** How often an open page asks whether the branding changed (while the tab is visible). */
export const BRANDING_REFRESH_MS = 30_000;

/**
 * The portal's texts and branding; null until the server answers (or when it cannot). A
 * server-rendered page gives them as `initial`. While the page is open and visible the branding
 * is asked for again every 30 s and when the tab comes back, so an admin's change shows to every
 * viewer without a reload (decision 0028): texts, logo, accent colour and favicon.
 */
export function usePortalInfo(
  initial?: PortalInfo | null,
  refreshMs: number = BRANDING_REFRESH_MS,
): PortalInfo | null {
  const [info, setInfo] = useState<PortalInfo | null>(initial ?? null);
  const rendered = initial != null;
  useEffect(() => {
    let active = true;
    let shown: PortalInfo | null = initial ?? null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const load = async () => {
      if (timer !== undefined) clearTimeout(timer);
      timer = undefined;
      if (document.visibilityState === 'hidden') return;
      try {
        const value = await fetchPortalInfo();
        if (!active) return;
        if (shown === null || JSON.stringify(shown) !== JSON.stringify(value)) {
          // Loaded when the branding first changes (the accent's contrast rules with it): the
          // page's first load never needs it, the server rendered the head already.
          const { applyBranding, retitle } = await import('../utils/apply-branding.js');
          if (!active) return;
          retitle(shown?.title, value.title);
          applyBranding(value);
          shown = value;
          setInfo(value);
        }
      } catch (error) {
        if (active) console.warn('Could not load the portal texts.', error);
      }
      if (active) timer = setTimeout(() => void load(), refreshMs);
    };
    const onVisible = () => {
      if (document.visibilityState === 'visible') void load();
    };
    document.addEventListener('visibilitychange', onVisible);
    if (rendered) timer = setTimeout(() => void load(), refreshMs);
    else void load();
    return () => {
      active = false;
      if (timer !== undefined) clearTimeout(timer);
      document.removeEventListener('visibilitychange', onVisible);
    };
    // `initial` is read once, as the state's starting value.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [rendered, refreshMs]);
  return info;
}
