/**
 * The state the server renders the home page with, sent with the page in a non-executable
 * `<script type="application/json" id="portal-state">` block; the SPA hydrates from it instead of
 * asking GET /api/portal, /api/me and /api/apps again. Plain types (no TypeBox): the browser
 * bundle imports this file.
 */
import type { Messages } from '@lingui/core';
import type { Language } from '../i18n/languages.js';
import type { Notices } from '../status/history-schemas.js';
import type { Density } from '../density/density.js';
import type { Theme } from '../theme/theme.js';
import type { LockedApp } from './access-schemas.js';
import type { App, Me, PortalInfo } from './schemas.js';

export interface PageState {
  /** The portal's texts, as GET /api/portal answers them. */
  portal: PortalInfo;
  /** The signed-in user with favorites, as GET /api/me answers; null for an anonymous visitor. */
  me: Me | null;
  /**
   * Every app the viewer may see, and the locked cards of a signed-in viewer, as GET /api/apps
   * lists them (same server code).
   */
  apps: (App | LockedApp)[];
  /** The query string the page was rendered for (`?q=...` or ''), so the search box matches. */
  search: string;
  /**
   * Whether anyone can sign in on this portal (an identity provider is configured). When not,
   * the page skips the silent sign-in check on load: its answer could only be "unavailable".
   */
  signInAvailable: boolean;
  /**
   * Whether the statuses are simulated (the untouched demo catalog plays a story, decision 0026):
   * the page says so from its first paint; the status polls keep it current after that.
   */
  statusSimulated: boolean;
  /**
   * The notices in force for this viewer and the apps in maintenance, as GET /api/notices answers
   * them: the banner is in the first paint, so nothing moves down when it would have arrived.
   */
  notices?: Notices;
  /** The visitor's theme (the theme cookie), which the page's theme menu shows as chosen. */
  theme?: Theme;
  /** The language the page is in (docs/i18n.md), which the language menu shows as chosen. */
  language?: Language;
  /** How densely the apps are listed (the density cookie), which the view switch shows. */
  density?: Density;
  /** The tokens of the categories the visitor collapsed (their cookie): rendered collapsed. */
  collapsed?: string[];
}

/** The id of the state block in the page. */
export const PAGE_STATE_ID = 'portal-state';

/**
 * JSON for a `<script type="application/json">` block: `<`, `>` and `&` are written as \u
 * escapes, so no value can close the block (`</script>`), open a comment (`<!--`) or change how
 * the HTML parser reads it. So is every character past U+00FF (the two JavaScript line
 * separators among them): the text then holds one byte per character, which V8 stores and
 * encodes at half the cost of a string with one wider character (decision 0044). JSON.parse
 * reads them all back as they were.
 */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value).replace(/[<>&\u0100-\uffff]/g, (char) => {
    return `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`;
  });
}

/**
 * `html` with every character past U+00FF written as a character reference (`&#1593;`). One
 * such character (the Arabic name in the language menu, a typographic quote) makes V8 keep the
 * whole page, a megabyte at 500 apps, at two bytes per character, and doubles the cost of
 * copying and encoding it on the server (decision 0044). The browser reads the references back
 * as the characters, in text and in attributes alike. Only for markup without `<script>` or
 * `<style>` elements, where they would stay as written (the app's markup, a page title).
 */
export function narrowCharacters(html: string): string {
  return html.replace(/[^\0-\xff]/gu, (char) => `&#${char.codePointAt(0)};`);
}

/**
 * The page state as jsonForScript writes it. `appsJson`, when given, is `jsonForScript(state.apps)`
 * written before: many pages share one list of apps (one per set of groups), and writing it is
 * most of the work. The result is the same text either way.
 */
export function serializePageState(state: PageState, appsJson?: string): string {
  if (appsJson === undefined) return jsonForScript(state);
  const fields: string[] = [];
  // In JSON.stringify's order, leaving out what it leaves out (undefined).
  for (const [key, value] of Object.entries(state)) {
    if (value === undefined) continue;
    fields.push(`${JSON.stringify(key)}:${key === 'apps' ? appsJson : jsonForScript(value)}`);
  }
  return `{${fields.join(',')}}`;
}

/**
 * The signature of the server-rendering bundle's `render` (src/web/entry-server.tsx): the page
 * for a state, in the state's language with that language's compiled page messages.
 */
export type RenderPage = (state: PageState, messages?: Messages) => string;
