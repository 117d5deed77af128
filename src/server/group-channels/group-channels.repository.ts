import type { Trx } from '../audit/unit-of-work.js';
import type { Db } from '../db/database.js';
import type { GroupChannelRow } from './group-channels.table.js';

/** Data access of group channels: the only place their SQL lives. */
export function createGroupChannelsRepository(db: Db) {
  return {
    /** Every channel, by group then URL. */
    async list(q: Trx | Db = db): Promise<GroupChannelRow[]> {
      return q.selectFrom('groupChannels').selectAll().orderBy('group').orderBy('url').execute();
    },

    /** One channel by id (the outbox sender reads it when it sends); undefined when removed. */
    async find(id: string, q: Trx | Db = db): Promise<GroupChannelRow | undefined> {
      return q.selectFrom('groupChannels').selectAll().where('id', '=', id).executeTakeFirst();
    },

    async insert(trx: Trx, row: GroupChannelRow): Promise<void> {
      await trx.insertInto('groupChannels').values(row).execute();
    },

    async update(trx: Trx, id: string, values: { format: string; updated: string }) {
      await trx.updateTable('groupChannels').set(values).where('id', '=', id).execute();
    },

    async remove(trx: Trx, ids: readonly string[]): Promise<void> {
      if (ids.length === 0) return;
      await trx.deleteFrom('groupChannels').where('id', 'in', ids).execute();
    },
  };
}

export type GroupChannelsRepository = ReturnType<typeof createGroupChannelsRepository>;
