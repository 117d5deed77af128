import type { PortalInfo } from '../../../../shared/api/schemas.js';
import { accentCss } from '../../../../shared/branding/contrast.js';

/** The `<style>` the server renders the accent into (src/server/spa/page-template.ts). */
export const ACCENT_STYLE_ID = 'portal-accent';
const DEFAULT_FAVICON = '/favicon.svg';

/**
 * Brings the document's head in line with the branding without a reload: the title (unless a
 * page set its own), the accent colour's custom properties and the favicon.
 */
export function applyBranding(info: PortalInfo, doc: Document = document): void {
  const css = accentCss(info.accentColor ?? '');
  let style = doc.getElementById(ACCENT_STYLE_ID);
  if (css === '') {
    style?.remove();
  } else {
    if (!style) {
      style = doc.createElement('style');
      style.id = ACCENT_STYLE_ID;
      doc.head.append(style);
    }
    if (style.textContent !== css) style.textContent = css;
  }
  const href = info.faviconUrl ?? DEFAULT_FAVICON;
  let icon = doc.querySelector<HTMLLinkElement>('link[rel="icon"]');
  if (!icon) {
    icon = doc.createElement('link');
    icon.rel = 'icon';
    doc.head.append(icon);
  }
  if (icon.getAttribute('href') !== href) {
    icon.removeAttribute('type');
    icon.setAttribute('href', href);
  }
}

/**
 * The document title for a new branding title: pages that add to it ("… · Admin") keep it. With
 * no known previous title (the first answer on a page the browser rendered itself), a title that
 * already holds the new one stays: the server's "Page not found · Portal" is not cut back.
 */
export function retitle(previous: string | undefined, next: string, doc: Document = document) {
  if (next.trim() === '') return;
  if (previous === undefined) {
    if (!doc.title.includes(next)) doc.title = next;
  } else if (doc.title === previous || doc.title === '') doc.title = next;
  else if (doc.title.includes(previous)) doc.title = doc.title.replace(previous, next);
}
