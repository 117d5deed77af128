import { cookieValue } from '../../../lib/cookies.js';
import {
  DENSITY_COOKIE,
  densityCookieAttributes,
  parseDensity,
  type Density,
} from '../../../../shared/density/density.js';

/** The density the `density` cookie names in `cookies` (document.cookie); comfortable without. */
export function densityFromCookies(cookies: string): Density {
  return parseDensity(cookieValue(cookies, DENSITY_COOKIE));
}

/** The browser's current choice; comfortable while rendering on the server. */
export function currentDensity(): Density {
  return typeof document === 'undefined' ? 'comfortable' : densityFromCookies(document.cookie);
}

/** Shows `density` now: `<html data-density>`, which the cards' styles follow. */
export function showDensity(density: Density, doc: Document = document): void {
  if (doc.documentElement.getAttribute('data-density') !== density) {
    doc.documentElement.setAttribute('data-density', density);
  }
}

/** Keeps `density` (the cookie the server reads when it renders the next page) and shows it. */
export function applyDensity(density: Density, doc: Document = document): void {
  doc.cookie = `${DENSITY_COOKIE}=${density}; ${densityCookieAttributes(doc.location?.protocol === 'https:')}`;
  showDensity(density, doc);
}
