import type { NetworkList } from '../../../../shared/api/network-schemas.js';
import type { Network } from '../../../../shared/network/networks.js';
import { apiRequest } from '../../../lib/api-client.js';

/** The networks admins define (/api/admin/networks, docs/networks.md) as the console calls them. */

export function getNetworks(): Promise<NetworkList> {
  return apiRequest<NetworkList>('/api/admin/networks');
}

/** Replaces the whole list; a 400 names every problem (`data.problems`) and saves nothing. */
export function putNetworks(networks: readonly Network[]): Promise<NetworkList> {
  return apiRequest<NetworkList>('/api/admin/networks', { method: 'PUT', body: { networks } });
}
