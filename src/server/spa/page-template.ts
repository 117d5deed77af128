import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { narrowCharacters, PAGE_STATE_ID } from '../../shared/api/page-schemas.js';
import { parseDensity, type Density } from '../../shared/density/density.js';
import {
  directionOf,
  PAGE_MESSAGES_ID,
  SOURCE_LANGUAGE,
  type Language,
} from '../../shared/i18n/languages.js';
import { escapeHtml } from '../auth/html.js';

/** Vite's stylesheet links in the built index.html. */
const STYLESHEET = /<link rel="stylesheet"[^>]*? href="(\/assets\/[^"]+\.css)"[^>]*>/g;

/**
 * The mark of the whole stylesheet's link at the end of the body (vite.config.ts,
 * `firstScreenStylesheet`): loaded by the browser after the first paint, never inlined.
 */
export const AFTER_PAINT = 'data-after-paint';

/**
 * The built index.html with its stylesheets inlined as `<style>` (the CSP allows inline styles,
 * never inline scripts): the page then paints from its own bytes, without waiting a round trip
 * for the stylesheet while the JavaScript shares the connection. Revalidated anonymous pages
 * (304) do not resend it. A stylesheet that cannot be read, or that could end the element,
 * stays a link; so does the whole stylesheet marked AFTER_PAINT (the head's is the part the
 * first screen needs).
 */
export function inlineStylesheets(
  html: string,
  readAsset: (path: string) => string | null,
): string {
  return html.replace(STYLESHEET, (link, href: string) => {
    if (link.includes(AFTER_PAINT)) return link;
    const css = readAsset(href);
    if (css === null || /<\/style/i.test(css)) return link;
    return `<style>${css}</style>`;
  });
}

/** Where the built index.html holds the app; the rendered markup goes inside it. */
const ROOT_ELEMENT = '<div id="root"></div>';
const TITLE = /<title>[^<]*<\/title>/;
const ICON = /<link rel="icon"[^>]*>/;
/** The id of the `<style>` that carries the accent colour (the browser updates it in place). */
export const ACCENT_STYLE_ID = 'portal-accent';
/** The document element's start tag, where the language, the theme and the density go. */
const HTML_START = /<html(?=[\s>])[^>]*>/i;

/**
 * The page's messages as a preload, after everything else of the head: fetched while the app's
 * script loads, at its low priority, never ahead of what the first paint needs (which needs no
 * messages: the markup is rendered). `crossorigin="anonymous"` is how fetch() asks for it (mode
 * cors, same-origin credentials): the app's request then takes the preloaded answer.
 */
function messagesLink(url: string): string {
  return (
    `<link rel="preload" id="${PAGE_MESSAGES_ID}" href="${escapeHtml(url)}" as="fetch" ` +
    'crossorigin="anonymous" fetchpriority="low"></head>'
  );
}

export interface PageParts<Body = string> {
  /** The document title (escaped here). */
  title: string;
  /** The server-rendered markup of the app (already HTML). */
  body: Body;
  /** The page state as serializePageState wrote it (safe inside a script block), or null. */
  state: string | null;
  /** The branding's head parts (decision 0028): accent CSS (validated colours only), favicon. */
  branding?: { accentCss: string; faviconUrl: string | null };
  /** The theme chosen (`<html data-theme>`); none follows the system (decision 0027). */
  theme?: 'light' | 'dark' | null;
  /** The page's language (`<html lang dir>`; English when not given). */
  language?: Language;
  /** How densely the home page lists the apps (`<html data-density>`; comfortable when not given). */
  density?: Density;
  /**
   * Where that language's compiled page messages are (pageMessagesPath, with their version), or
   * none: the page preloads them and the app fetches them before hydrating.
   */
  messagesUrl?: string;
}

export interface PageTemplate {
  fill(parts: PageParts): string;
  /** The same page as UTF-8, its markup given as text or already encoded (the render worker's). */
  fillBytes(parts: PageParts<string | Uint8Array>): Buffer;
}

/**
 * The built index.html (dist/web, with Vite's hashed script and stylesheet links) cut around its
 * empty root element once, at start. `fill` puts the rendered markup inside the root and the
 * state in a `<script type="application/json">` block after it: data, never run, so the CSP
 * keeps `script-src 'self'`. The messages are a file of their own, preloaded (`messagesUrl`):
 * the same bytes on every page, cached by the browser rather than sent with each page.
 */
export function parseTemplate(html: string): PageTemplate {
  const at = html.indexOf(ROOT_ELEMENT);
  if (at < 0) throw new Error(`index.html has no ${ROOT_ELEMENT}`);
  const head = html.slice(0, at);
  const tail = html.slice(at + ROOT_ELEMENT.length);
  /** The page before and after the markup. */
  function around({
    title,
    state,
    branding,
    theme,
    language = SOURCE_LANGUAGE,
    density = 'comfortable',
    messagesUrl,
  }: Omit<PageParts, 'body'>): [string, string] {
    let titled = TITLE.test(head)
      ? head.replace(TITLE, () => `<title>${narrowCharacters(escapeHtml(title))}</title>`)
      : head;
    if (branding?.faviconUrl) {
      const icon = `<link rel="icon" href="${escapeHtml(branding.faviconUrl)}">`;
      titled = titled.replace(ICON, () => icon);
    }
    if (branding?.accentCss && !/<\//.test(branding.accentCss)) {
      const style = `<style id="${ACCENT_STYLE_ID}">${branding.accentCss}</style>`;
      titled = titled.replace('</head>', () => `${style}</head>`);
    }
    if (messagesUrl !== undefined)
      titled = titled.replace('</head>', () => messagesLink(messagesUrl));
    // Only known values reach here (parseTheme, parseDensity, the language list); nothing from
    // the request is copied.
    const themeAttribute = theme === 'light' || theme === 'dark' ? ` data-theme="${theme}"` : '';
    const densityAttribute = ` data-density="${parseDensity(density)}"`;
    titled = titled.replace(
      HTML_START,
      () =>
        `<html lang="${language}" dir="${directionOf(language)}"${themeAttribute}${densityAttribute}>`,
    );
    const stateBlock =
      state === null
        ? ''
        : `<script type="application/json" id="${PAGE_STATE_ID}">${state}</script>`;
    return [`${titled}<div id="root">`, `</div>${stateBlock}${tail}`];
  }
  return {
    fill(parts) {
      const [before, after] = around(parts);
      return `${before}${parts.body}${after}`;
    },
    fillBytes(parts) {
      const [before, after] = around(parts);
      const body = typeof parts.body === 'string' ? Buffer.from(parts.body) : parts.body;
      return Buffer.concat([Buffer.from(before), body, Buffer.from(after)]);
    },
  };
}

/** The built index.html of the web app in `root`, or null when there is no build. */
export function readTemplate(root: string): PageTemplate | null {
  const path = join(root, 'index.html');
  if (!existsSync(path)) return null;
  const readAsset = (href: string) => {
    const file = join(root, ...href.split('/').filter((part) => part !== '' && part !== '..'));
    return existsSync(file) ? readFileSync(file, 'utf8') : null;
  };
  return parseTemplate(inlineStylesheets(readFileSync(path, 'utf8'), readAsset));
}
