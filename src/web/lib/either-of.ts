import type { Translate } from './i18n.js';

/**
 * Names as alternatives, in the page's language: "Campus network", "Campus network or VPN",
 * "Campus network, VPN or Lab". Written from the messages, not `Intl.ListFormat`: no `Intl`
 * object is made before the first interaction (docs/web.md).
 */
export function eitherOf(t: Translate, names: readonly string[]): string {
  if (names.length <= 1) return names[0] ?? '';
  const first = names.slice(0, -1).join(t('list.separator'));
  return t('list.or', { first, last: names[names.length - 1] });
}
