import type { App } from '../../../../shared/api/schemas.js';

/**
 * Whether a problem with `app` can be reported from its card: it has a `support` link that is a
 * `mailto:` address (the server reads the address the same way and answers 409 without one;
 * src/server/reports/support-address.ts). A support web page is only a link.
 */
export function canReport(app: Pick<App, 'links'>): boolean {
  return (app.links ?? []).some(
    (link) => link.kind === 'support' && /^mailto:[^\s?@]+(@|%40)[^\s?]+/i.test(link.url.trim()),
  );
}
