/**
 * What a visitor on one network is told of an app (docs/networks.md, "What visitors see"): the
 * address that works from there as `link`, or, when none does, `link: null` and the names of the
 * networks it answers on (`onlyFrom`); its typed links. Only for apps the visitor may open (a
 * locked card is made from the plain app, catalog-snapshot.ts). An app without addresses keeps
 * its public link as it is (empty or not), so a catalog without networks reads as before.
 */
import type { App } from '../../shared/api/schemas.js';
import type { OnlyFrom } from '../../shared/api/reach-schemas.js';
import type { AppAddress, AppLink } from '../../shared/catalog/link-kinds.js';
import type { Network } from '../../shared/network/networks.js';
import type { PlainApp } from './api-app.js';

/** An app's addresses per network and typed links, as stored. */
export interface AppReach {
  addresses: readonly AppAddress[];
  links: readonly AppLink[];
}

/** Whether the app's answer depends on anything in `reach`. */
export function hasReach(reach: AppReach | undefined): reach is AppReach {
  return reach !== undefined && (reach.addresses.length > 0 || reach.links.length > 0);
}

/**
 * The address the monitor checks an app at (docs/networks.md, "Status in context"): its public
 * link, or, when it has none, its first address on a network; the portal's probe runs from the
 * server, which is usually inside those networks. '' when there is neither. Never sent to
 * visitors: status answers name the app by id and its public link.
 */
export function statusLinkOf(link: string, reach: AppReach | undefined): string {
  const own = link.trim();
  if (own !== '') return own;
  return reach?.addresses[0]?.url.trim() ?? '';
}

/**
 * `app` as a visitor on `network` (an id; null: none) sees it, `networks` the list admins
 * define (for the names and help of `onlyFrom`). The same object when nothing changes.
 */
export function reachableApp(
  app: PlainApp,
  reach: AppReach | undefined,
  network: string | null,
  networks: readonly Network[],
): App {
  if (!hasReach(reach)) return app;
  const seen: App = { ...app };
  if (reach.links.length > 0) seen.links = reach.links.map((link) => ({ ...link }));
  if (reach.addresses.length === 0) return seen;
  const own = network === null ? undefined : reach.addresses.find((a) => a.network === network);
  if (own) seen.link = own.url;
  else if (app.link.trim() === '') {
    seen.link = null;
    seen.onlyFrom = onlyFrom(reach.addresses, networks);
  }
  return seen;
}

/** The networks an app answers on, in the list's order; the first one's help. */
function onlyFrom(addresses: readonly AppAddress[], networks: readonly Network[]): OnlyFrom {
  const named = networks.filter((n) => addresses.some((address) => address.network === n.id));
  const found: OnlyFrom = { networks: named.map((n) => n.name) };
  const first = named[0];
  if (first?.help !== undefined) found.help = first.help;
  if (first?.helpText !== undefined) found.helpText = first.helpText;
  return found;
}
