/**
 * The catalog as the monitor sees it (docs/networks.md, "Status in context"): each app with the
 * address it is checked at, its public link or, when it has none, its first address on a
 * network. The probes and the status history read it; nothing of it is sent to visitors.
 */
import type { AppRecord } from './apps.queries.js';
import { addressesOf } from './app-fields.js';
import { statusLinkOf } from './reachable-app.js';

export function monitoredApps(apps: { findAll(): Promise<AppRecord[]> }): {
  findAll(): Promise<{ id: string; link: string }[]>;
} {
  return {
    async findAll() {
      const records = await apps.findAll();
      return records.map((record) => ({
        id: record.id,
        link: statusLinkOf(record.link, { addresses: addressesOf(record), links: [] }),
      }));
    },
  };
}
