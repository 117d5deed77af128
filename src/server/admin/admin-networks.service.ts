import { createHash } from 'node:crypto';
import type { Actor } from '../../shared/api/admin-schemas.js';
import type { NetworkList } from '../../shared/api/network-schemas.js';
import { checkNetworks, type Network } from '../../shared/network/networks.js';
import type { AppsRepository } from '../catalog/apps.repository.js';
import { fieldsOf } from '../catalog/app-fields.js';
import { BadRequestError, ConflictError } from '../http/errors.js';
import type { NetworksRepository } from '../networks/networks.repository.js';
import type { AdminRepository } from './admin.repository.js';
import { changeApps } from './app-changes.js';

/** A short hash of the stored list: its version for PUT's check. */
function versionOf(networks: readonly Network[]): string {
  return createHash('sha256').update(JSON.stringify(networks)).digest('base64url').slice(0, 22);
}

/**
 * The networks as admins change them (`PUT /api/admin/networks`, docs/networks.md): the whole
 * list at once, checked by the shared rules, in one transaction with its audit entry (action
 * `networks`, of no single app, the lists before and after); with the version it was read at,
 * refused (409) when the list changed since. A list with any problem, or one that
 * drops a network an app's addresses still name, is refused whole: nothing is saved.
 */
export function createNetworksAdminService(deps: {
  networks: NetworksRepository;
  admin: AdminRepository;
  apps: Pick<AppsRepository, 'notifyChange'>;
  clock: () => string;
  /** Told after a change (the visitor's network reads the list again at once). */
  changed?: () => void;
}) {
  const view = (networks: Network[]): NetworkList => ({ networks, version: versionOf(networks) });

  /** The apps (in the trash too) whose addresses name a network of `removed`, by network. */
  async function stillNamed(removed: ReadonlySet<string>): Promise<string[]> {
    if (removed.size === 0) return [];
    const users = new Map<string, string[]>();
    for (const record of [...(await deps.admin.list(false)), ...(await deps.admin.list(true))]) {
      for (const address of fieldsOf(record).addresses) {
        if (!removed.has(address.network)) continue;
        users.set(address.network, [...(users.get(address.network) ?? []), record.id]);
      }
    }
    return [...users].map(
      ([network, apps]) =>
        `the network "${network}" is still named by the addresses of ${apps.map((id) => `"${id}"`).join(', ')}: remove those addresses first`,
    );
  }

  return {
    async list(): Promise<NetworkList> {
      return view(await deps.networks.list());
    },

    /** Replaces the whole list; a 400 names every problem and saves nothing. */
    async replace(actor: Actor, body: Record<string, unknown>): Promise<NetworkList> {
      const { networks, problems } = checkNetworks(body.networks);
      if (problems.length === 0) {
        const kept = new Set(networks.map((network) => network.id));
        const stored = await deps.networks.list();
        problems.push(
          ...(await stillNamed(new Set(stored.map((n) => n.id).filter((id) => !kept.has(id))))),
        );
      }
      if (problems.length > 0) {
        throw new BadRequestError(`The networks were not saved: ${problems.join('; ')}.`, {
          problems,
        });
      }
      const changed = await changeApps(deps, actor, async ({ trx, audit }) => {
        const before = await deps.networks.list(trx);
        // Read, changed and sent back by one admin while another saved: refused, nothing lost.
        if (typeof body.version === 'string' && body.version !== versionOf(before)) {
          throw new ConflictError(
            'The networks were changed by someone else since you loaded them: nothing was saved. Load them again and redo your change.',
            view(before),
          );
        }
        if (JSON.stringify(before) === JSON.stringify(networks)) return false;
        await deps.networks.replace(trx, networks);
        await audit({
          action: 'networks',
          appId: null,
          before: { networks: before },
          after: { networks },
        });
        return true;
      });
      if (changed) deps.changed?.();
      return view(await deps.networks.list());
    },
  };
}

export type NetworksAdminService = ReturnType<typeof createNetworksAdminService>;
