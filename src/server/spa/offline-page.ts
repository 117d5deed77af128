import { directionOf, type Language } from '../../shared/i18n/languages.js';
import { DEFAULT_PORTAL_TITLE } from '../../shared/routes/client-routes.js';
import { escapeHtml } from '../auth/html.js';
import type { Translate } from '../i18n/translator.js';
import type { Branding } from './web-manifest.js';

/** Where the offline page is served; the service worker keeps a copy (src/web/sw/sw.js). */
export const OFFLINE_PATH = '/offline.html';

const STYLE = `
:root{color-scheme:light dark;--bg:#fff;--fg:#1f2937;--muted:#4b5563;--accent:#4338ca;--on-accent:#fff}
@media (prefers-color-scheme:dark){:root{--bg:#1d232a;--fg:#e5e7eb;--muted:#d1d5db;--accent:#a5b4fc;--on-accent:#111827}}
*{box-sizing:border-box}
body{margin:0;min-height:100vh;display:flex;align-items:center;justify-content:center;background:var(--bg);color:var(--fg);font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif}
main{max-width:32rem;padding:2rem 1.5rem;text-align:center}
.brand{font-weight:600;color:var(--muted);margin:0 0 1rem}
h1{font-size:1.75rem;margin:0 0 .75rem}
p{margin:0 0 1.5rem}
a.retry{display:inline-block;padding:.625rem 1.25rem;border-radius:.5rem;background:var(--accent);color:var(--on-accent);font-weight:600;text-decoration:none}
a.retry:hover{text-decoration:underline}
a.retry:focus-visible{outline:3px solid var(--fg);outline-offset:3px}
`
  .trim()
  .replace(/\n/g, '');

/**
 * The page the service worker shows when a page cannot be loaded because the network is down:
 * self-contained (styles inline, no script, no image), branded with the portal's title, light or
 * dark as the system, and a link that tries the home page again; in the visitor's language
 * (the service worker keeps the copy of the language it was installed in).
 */
export function renderOfflinePage(
  branding: Pick<Branding, 'title'>,
  { language, t }: { language: Language; t: Translate },
): string {
  const portal = branding.title.trim() || DEFAULT_PORTAL_TITLE;
  const title = escapeHtml(portal);
  return `<!doctype html>
<html lang="${language}" dir="${directionOf(language)}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(t('offlinePage.title', { portal }))}</title>
<style>${STYLE}</style>
</head>
<body>
<main>
<p class="brand">${title}</p>
<h1>${escapeHtml(t('offlinePage.heading'))}</h1>
<p>${escapeHtml(t('offlinePage.message'))}</p>
<a class="retry" href="/">${escapeHtml(t('offlinePage.retry'))}</a>
</main>
</body>
</html>
`;
}
