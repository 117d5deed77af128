import type {
  GroupChannelInput,
  GroupChannelList,
} from '../../../../shared/api/group-channel-schemas.js';
import { apiRequest } from '../../../lib/api-client.js';

/** Group channels (/api/admin/group-channels, docs/notifications.md) as the console calls them. */

export function getGroupChannels(): Promise<GroupChannelList> {
  return apiRequest<GroupChannelList>('/api/admin/group-channels');
}

/** Replaces the whole list; a 400 names every problem (`data.problems`) and saves nothing. */
export function putGroupChannels(
  channels: readonly GroupChannelInput[],
): Promise<GroupChannelList> {
  return apiRequest<GroupChannelList>('/api/admin/group-channels', {
    method: 'PUT',
    body: channels,
  });
}
