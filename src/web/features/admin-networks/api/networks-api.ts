import type { NetworkList } from '../../../../shared/api/network-schemas.js';
import type { Network } from '../../../../shared/network/networks.js';
import { apiRequest } from '../../../lib/api-client.js';

/** The networks admins define (/api/admin/networks, docs/networks.md) as the console calls them. */

export function getNetworks(): Promise<NetworkList> {
  return apiRequest<NetworkList>('/api/admin/networks');
}

/**
 * Replaces the whole list; a 400 names every problem (`data.problems`) and saves nothing, a 409
 * says the list changed since `version` was read (nothing saved either).
 */
export function putNetworks(
  networks: readonly Network[],
  version: string | undefined,
): Promise<NetworkList> {
  return apiRequest<NetworkList>('/api/admin/networks', {
    method: 'PUT',
    body: version === undefined ? { networks } : { networks, version },
  });
}
