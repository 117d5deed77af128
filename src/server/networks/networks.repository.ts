import type { Transaction } from 'kysely';
import type { Network } from '../../shared/network/networks.js';
import type { Db } from '../db/database.js';
import type { Database } from '../db/schema.js';
import type { NetworkRow } from './networks.table.js';

type Q = Db | Transaction<Database>;

function networkOf(row: NetworkRow): Network {
  let ranges: string[] = [];
  try {
    const parsed: unknown = JSON.parse(row.ranges);
    if (Array.isArray(parsed)) ranges = parsed.filter((range) => typeof range === 'string');
  } catch {
    // An unreadable row matches nobody rather than failing every request.
  }
  const network: Network = { id: row.id, name: row.name, ranges };
  if (row.help !== '') network.help = row.help;
  if (row.helpText !== '') network.helpText = row.helpText;
  return network;
}

/** Data access of the networks admins define: the only place their SQL lives. */
export function createNetworksRepository(db: Db) {
  return {
    db,

    /** Every network, in the list's order. */
    async list(q: Q = db): Promise<Network[]> {
      const rows = await q.selectFrom('networks').selectAll().orderBy('position').execute();
      return rows.map(networkOf);
    },

    /** Replaces the whole list with `networks` (checked by the caller), in a caller's transaction. */
    async replace(trx: Transaction<Database>, networks: readonly Network[]): Promise<void> {
      await trx.deleteFrom('networks').execute();
      for (const [position, network] of networks.entries()) {
        await trx
          .insertInto('networks')
          .values({
            id: network.id,
            position,
            name: network.name,
            ranges: JSON.stringify(network.ranges),
            help: network.help ?? '',
            helpText: network.helpText ?? '',
          })
          .execute();
      }
    },
  };
}

export type NetworksRepository = ReturnType<typeof createNetworksRepository>;
