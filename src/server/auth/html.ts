/** Small server-rendered pages (sign-in errors, the silent check, the demo IdP's forms). */
import { directionOf, SOURCE_LANGUAGE, type Language } from '../../shared/i18n/languages.js';

import { escapeHtml } from '../lib/escape-html.js';

export { escapeHtml };

/**
 * A complete page. `body` must already be escaped. No inline scripts: the CSP allows scripts
 * from the portal's origin only, so pages that need one name a file in `scripts`.
 */
export function htmlPage(options: {
  title: string;
  body: string;
  scripts?: string[];
  /** The visitor's chosen theme (the theme cookie); none follows the system setting. */
  theme?: 'light' | 'dark' | null;
  /** The page's language (`<html lang dir>`); English by default. */
  language?: Language;
}): string {
  const language = options.language ?? SOURCE_LANGUAGE;
  const scripts = (options.scripts ?? [])
    .map((src) => `<script src="${escapeHtml(src)}" defer></script>`)
    .join('');
  const theme =
    options.theme === 'light' || options.theme === 'dark' ? ` data-theme="${options.theme}"` : '';
  return `<!doctype html>
<html lang="${language}" dir="${directionOf(language)}"${theme}>
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(options.title)}</title>
<style>${PAGE_STYLE}</style>
${scripts}
</head>
<body>
${options.body}
</body>
</html>
`;
}

/*
 * Light by default, dark when the system is dark and no light theme was chosen, or when dark
 * was chosen (decision 0027). Every pair of text and background meets WCAG AA (4.5:1) in both.
 */
const LIGHT =
  '--bg:#f3f4f6;--panel:#fff;--text:#1f2937;--muted:#4b5563;--link:#1d4ed8;--border:#6b7280;' +
  '--error:#991b1b;--error-bg:#fee2e2;--second:#e5e7eb;--second-text:#111827;--code:#f3f4f6;' +
  'color-scheme:light';
const DARK =
  '--bg:#111827;--panel:#1f2937;--text:#f3f4f6;--muted:#d1d5db;--link:#93c5fd;--border:#9ca3af;' +
  '--error:#fecaca;--error-bg:#450a0a;--second:#374151;--second-text:#f9fafb;--code:#111827;' +
  'color-scheme:dark';

const PAGE_STYLE = `
:root{${LIGHT}}
@media (prefers-color-scheme:dark){:root:not([data-theme=light]){${DARK}}}
:root[data-theme=dark]{${DARK}}
body{font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;margin:0;background:var(--bg);color:var(--text)}
main{max-width:26rem;margin:4rem auto;padding:2rem;background:var(--panel);border-radius:.75rem;box-shadow:0 1px 3px rgba(0,0,0,.15)}
h1{font-size:1.4rem;margin:0 0 1rem}
a{color:var(--link)}
:focus-visible{outline:2px solid var(--link);outline-offset:2px}
label{display:block;font-weight:600;margin:.75rem 0 .25rem}
input{box-sizing:border-box;width:100%;padding:.55rem .7rem;border:1px solid var(--border);border-radius:.4rem;font-size:1rem;background:var(--panel);color:var(--text)}
button,.button{display:inline-block;margin-top:1.25rem;padding:.6rem 1.2rem;border:0;border-radius:.4rem;background:#1d4ed8;color:#fff;font-size:1rem;cursor:pointer;text-decoration:none}
button.secondary{background:var(--second);color:var(--second-text)}
.error{color:var(--error);background:var(--error-bg);padding:.6rem .8rem;border-radius:.4rem}
.hint{color:var(--muted);font-size:.9rem}
code{background:var(--code);padding:0 .25rem;border-radius:.2rem}
`;
