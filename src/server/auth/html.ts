/** Small server-rendered pages (sign-in errors, the silent check, the demo IdP's forms). */

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => ESCAPES[char] ?? char);
}

/**
 * A complete page. `body` must already be escaped. No inline scripts: the CSP allows scripts
 * from the portal's origin only, so pages that need one name a file in `scripts`.
 */
export function htmlPage(options: { title: string; body: string; scripts?: string[] }): string {
  const scripts = (options.scripts ?? [])
    .map((src) => `<script src="${escapeHtml(src)}" defer></script>`)
    .join('');
  return `<!doctype html>
<html lang="en">
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

const PAGE_STYLE = `
body{font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;margin:0;background:#f3f4f6;color:#1f2937}
main{max-width:26rem;margin:4rem auto;padding:2rem;background:#fff;border-radius:.75rem;box-shadow:0 1px 3px rgba(0,0,0,.15)}
h1{font-size:1.4rem;margin:0 0 1rem}
label{display:block;font-weight:600;margin:.75rem 0 .25rem}
input{box-sizing:border-box;width:100%;padding:.55rem .7rem;border:1px solid #9ca3af;border-radius:.4rem;font-size:1rem}
button,.button{display:inline-block;margin-top:1.25rem;padding:.6rem 1.2rem;border:0;border-radius:.4rem;background:#1d4ed8;color:#fff;font-size:1rem;cursor:pointer;text-decoration:none}
button.secondary{background:#e5e7eb;color:#111827}
.error{color:#991b1b;background:#fee2e2;padding:.6rem .8rem;border-radius:.4rem}
.hint{color:#4b5563;font-size:.9rem}
code{background:#f3f4f6;padding:0 .25rem;border-radius:.2rem}
`;
