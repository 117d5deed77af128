import { escapeHtml } from '../lib/escape-html.js';

/**
 * A mail's two bodies from its paragraphs and a closing link: plain text, and HTML with every
 * paragraph escaped (line breaks kept). The portal's mails (access requests, problem reports)
 * are written this way.
 */
export function mailBodies(
  lines: readonly string[],
  link: { href: string; label: string },
): { text: string; html: string } {
  const text = `${lines.join('\n\n')}\n\n${link.label}: ${link.href}\n`;
  const html =
    lines.map((line) => `<p>${escapeHtml(line).replace(/\n/g, '<br>')}</p>`).join('\n') +
    `\n<p><a href="${escapeHtml(link.href)}">${escapeHtml(link.label)}</a></p>\n`;
  return { text, html };
}
