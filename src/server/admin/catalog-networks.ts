import type { Network } from '../../shared/network/networks.js';
import type { AuditedChange } from '../audit/unit-of-work.js';
import { entryLabel, type CatalogEntry } from '../catalog/catalog-file.js';
import type { NetworksRepository } from '../networks/networks.repository.js';

/**
 * The catalog file's `networks:` list on import (docs/networks.md): each network the file lists
 * is added, or changed where the stored one differs; networks the file does not list are kept
 * (the file never deletes, as with apps; the console and PUT /api/admin/networks do). With
 * CATALOG_FILE's baseline, a network the file did not change since it was last applied keeps
 * what admins set in the console (decision 0006).
 */
export interface NetworksPlan {
  /** The stored list before the import. */
  before: Network[];
  /** The whole list after it, in order (changed networks keep their place, new ones go last). */
  after: Network[];
  add: string[];
  change: string[];
}

const same = (a: Network | undefined, b: Network | undefined) =>
  JSON.stringify(a) === JSON.stringify(b);

/** What the file's networks change of the stored ones (nothing without a section). */
export function planNetworks(
  stored: Network[],
  file: readonly Network[] | undefined,
  baseline?: ReadonlyMap<string, Network>,
): NetworksPlan {
  const plan: NetworksPlan = { before: stored, after: [...stored], add: [], change: [] };
  for (const network of file ?? []) {
    if (baseline && same(baseline.get(network.id), network)) continue;
    const index = plan.after.findIndex((existing) => existing.id === network.id);
    if (index === -1) {
      plan.after.push(network);
      plan.add.push(network.id);
    } else if (!same(plan.after[index], network)) {
      plan.after[index] = network;
      plan.change.push(network.id);
    }
  }
  return plan;
}

/** The apps whose addresses name a network the list does not have, one sentence each. */
export function unknownNetworkProblems(
  entries: readonly CatalogEntry[],
  networks: readonly Network[],
): string[] {
  const known = new Set(networks.map((network) => network.id));
  const problems: string[] = [];
  for (const entry of entries) {
    for (const address of entry.addresses ?? []) {
      if (known.has(address.network)) continue;
      problems.push(
        `app "${entryLabel(entry)}": field "addresses" names the network "${address.network}", which is not defined: add it to the file's networks: list (or in the console)`,
      );
    }
  }
  return problems;
}

/** Writes the plan in the import's transaction, with one audit entry for the list. */
export async function applyNetworks(
  repository: Pick<NetworksRepository, 'replace'>,
  { trx, audit }: AuditedChange,
  plan: NetworksPlan,
): Promise<void> {
  if (plan.add.length === 0 && plan.change.length === 0) return;
  await repository.replace(trx, plan.after);
  await audit({
    action: 'networks',
    appId: null,
    before: { networks: plan.before },
    after: { networks: plan.after },
  });
}
