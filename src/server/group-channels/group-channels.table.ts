import type { Selectable } from 'kysely';

/** A group's webhook channel (docs/notifications.md, "Group channels"; migration 0022). */
export interface GroupChannelsTable {
  id: string;
  /** The group, normalised as app groups are (no leading `/`): `imaging`. */
  group: string;
  /** Where deliveries go: https (http only to this machine). */
  url: string;
  /** `json`, `slack`, `teams` or `matrix`. */
  format: string;
  /** Signs every delivery (HMAC-SHA256); made when the channel is, shown to its managers. */
  secret: string;
  /** ISO 8601 UTC. */
  created: string;
  updated: string;
}

export type GroupChannelRow = Selectable<GroupChannelsTable>;

/** This feature's table in the database's type (src/server/db/schema.ts). */
declare module '../db/schema.js' {
  interface Database {
    groupChannels: GroupChannelsTable;
  }
}
