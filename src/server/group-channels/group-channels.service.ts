import { randomBytes } from 'node:crypto';
import type { AppAccess } from '../../shared/api/access-schemas.js';
import {
  GROUP_CHANNEL_FORMATS,
  GROUP_CHANNEL_LIMITS,
  type GroupChannel,
  type GroupChannelFormat,
} from '../../shared/api/group-channel-schemas.js';
import { normalizeGroup } from '../../shared/identity/groups.js';
import { hasControlCharacters } from '../../shared/text/control-characters.js';
import { approves } from '../access/approvers.js';
import { actorOf } from '../audit/actor.js';
import { audited } from '../audit/unit-of-work.js';
import type { Db } from '../db/database.js';
import { BadRequestError, ForbiddenError } from '../http/errors.js';
import { newRecordId } from '../lib/ids.js';
import { isLoopbackHost } from '../lib/loopback.js';
import type { Translate } from '../i18n/translator.js';
import { createGroupChannelMessages } from './group-channel-messages.js';
import type { GroupChannelsRepository } from './group-channels.repository.js';
import type { GroupChannelRow } from './group-channels.table.js';

/** Who manages channels: admins (the admin role), or approvers of some app's group. */
export interface ChannelManager {
  subject: string;
  username: string;
  groups: readonly string[];
  roles: readonly string[];
}

interface CheckedChannel {
  group: string;
  url: string;
  format: GroupChannelFormat;
}

/** A channel's URL: https, or http to this machine only; no user name or password in it. */
export function checkChannelUrl(value: unknown): string | { problem: string } {
  if (typeof value !== 'string' || value.trim() === '') return { problem: 'needs a URL' };
  const text = value.trim();
  if (text.length > GROUP_CHANNEL_LIMITS.url || /\s/.test(text)) {
    return { problem: `needs a URL of at most ${GROUP_CHANNEL_LIMITS.url} characters` };
  }
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return { problem: 'needs an absolute https URL' };
  }
  const local = url.protocol === 'http:' && isLoopbackHost(url.hostname);
  if (url.protocol !== 'https:' && !local) {
    return { problem: 'needs an https URL (http only to this machine)' };
  }
  if (url.username !== '' || url.password !== '') {
    return { problem: 'must not hold a user name or password' };
  }
  return url.href;
}

/** A URL as the audit log keeps it: the path (a chat webhook's token) left out. */
export function redactedUrl(url: string): string {
  try {
    const parsed = new URL(url);
    return parsed.pathname === '/' && parsed.search === '' ? parsed.origin : `${parsed.origin}/…`;
  } catch {
    return '…';
  }
}

const KEYS = new Set(['group', 'url', 'format', 'secret']);
const keyOf = (channel: { group: string; url: string }) => `${channel.group}\n${channel.url}`;

/** The list checked whole: the channels, or one readable sentence per problem. */
export function checkChannels(body: unknown): { channels: CheckedChannel[]; problems: string[] } {
  const problems: string[] = [];
  const channels: CheckedChannel[] = [];
  if (!Array.isArray(body) || body.length > GROUP_CHANNEL_LIMITS.channels) {
    return {
      channels,
      problems: [`the body must be a list of at most ${GROUP_CHANNEL_LIMITS.channels} channels`],
    };
  }
  const seen = new Set<string>();
  body.forEach((item: unknown, index) => {
    const at = `channel ${index + 1}`;
    if (typeof item !== 'object' || item === null || Array.isArray(item)) {
      problems.push(`${at} must be an object with group, url and format`);
      return;
    }
    const fields = item as Record<string, unknown>;
    const unknown = Object.keys(fields).find((key) => !KEYS.has(key));
    if (unknown !== undefined)
      problems.push(`${at} has an unknown field ${JSON.stringify(unknown)}`);
    const group =
      typeof fields.group === 'string' && !hasControlCharacters(fields.group)
        ? normalizeGroup(fields.group)
        : '';
    if (group === '' || group.length > GROUP_CHANNEL_LIMITS.group) {
      problems.push(`${at} needs a group name (e.g. /imaging)`);
    }
    const url = checkChannelUrl(fields.url);
    if (typeof url !== 'string') problems.push(`${at} ${url.problem}`);
    const format = fields.format as GroupChannelFormat;
    if (!GROUP_CHANNEL_FORMATS.includes(format)) {
      problems.push(`${at} needs a format: one of ${GROUP_CHANNEL_FORMATS.join(', ')}`);
    }
    if (group === '' || typeof url !== 'string' || !GROUP_CHANNEL_FORMATS.includes(format)) return;
    const channel = { group, url, format };
    if (seen.has(keyOf(channel))) {
      problems.push(`${at} repeats the URL of another channel of the group /${group}`);
      return;
    }
    seen.add(keyOf(channel));
    channels.push(channel);
  });
  return { channels, problems };
}

const view = (row: GroupChannelRow): GroupChannel => ({
  group: `/${row.group}`,
  url: row.url,
  format: row.format,
  secret: row.secret,
});

/** What the audit log records of channels: never the secret, nor a URL's path. */
const auditedChannels = (rows: readonly { group: string; url: string; format: string }[]) =>
  rows.map((row) => ({ group: `/${row.group}`, url: redactedUrl(row.url), format: row.format }));

/** A new channel's secret: 32 random bytes, base64url. */
export const newChannelSecret = () => randomBytes(32).toString('base64url');

/**
 * Group channels as their managers change them (`GET`/`PUT /api/admin/group-channels`,
 * docs/notifications.md): admins manage every group's, a group's approvers (who approve access
 * requests of an app granting that group, access/approvers.ts) only their groups'. A PUT replaces
 * the caller's part of the list in one transaction with its audit entry (action
 * `group-channels`, without secrets or URL paths); a channel whose group and URL stay keeps its id
 * and secret. Anything wrong: nothing is saved. It also makes the notifier's messages for the
 * channels (group-channel-messages.ts) and reads a channel for the outbox sender.
 */
export function createGroupChannelsService(deps: {
  channels: GroupChannelsRepository;
  db: Db;
  clock: () => string;
  accessSettings: () => Promise<ReadonlyMap<string, AppAccess>>;
  adminRole: string;
  /** The catalog's visibility (the notifier's messages name only apps a channel's group sees). */
  visibleApps: (viewer: {
    groups: readonly string[];
  }) => Promise<readonly { id: string; name: string; link: string }[]>;
  /** The texts of the messages, in the default language. */
  t: Translate;
}) {
  /** The groups `who` manages; null: every group (an admin). */
  async function managed(who: ChannelManager): Promise<Set<string> | null> {
    if (who.roles.includes(deps.adminRole)) return null;
    const groups = new Set<string>();
    for (const access of (await deps.accessSettings()).values()) {
      if (access.group && approves(access, who, deps.adminRole)) {
        groups.add(normalizeGroup(access.group));
      }
    }
    if (groups.size === 0) {
      throw new ForbiddenError(
        'You do not approve access requests for any group, so you manage no group channels.',
        'not_an_approver',
      );
    }
    return groups;
  }

  const mine = (rows: GroupChannelRow[], groups: Set<string> | null) =>
    groups === null ? rows : rows.filter((row) => groups.has(row.group));

  return {
    /** The notifier's messages of confirmed changes (ports.ts `GroupChannelMessages`). */
    messages: createGroupChannelMessages(deps),
    /** A channel by id, as the outbox sender reads it when it sends; undefined when removed. */
    lookup: (id: string) => deps.channels.find(id),

    async list(who: ChannelManager): Promise<GroupChannel[]> {
      const groups = await managed(who);
      return mine(await deps.channels.list(), groups).map(view);
    },

    async replace(who: ChannelManager, body: unknown): Promise<GroupChannel[]> {
      const groups = await managed(who);
      const { channels, problems } = checkChannels(body);
      if (problems.length > 0) {
        throw new BadRequestError(`The group channels were not saved: ${problems.join('; ')}.`, {
          problems,
        });
      }
      const foreign = groups && channels.find((channel) => !groups.has(channel.group));
      if (foreign) {
        throw new ForbiddenError(
          `You do not approve access requests for the group /${foreign.group}, so you cannot manage its channels: nothing was saved.`,
          'not_an_approver',
        );
      }
      const actor = actorOf(who);
      await audited(deps.db, { actor, at: deps.clock() }, async ({ trx, at, audit }) => {
        const before = mine(await deps.channels.list(trx), groups);
        const kept = new Map(before.map((row) => [keyOf(row), row]));
        const wanted = new Set(channels.map(keyOf));
        const removed = before.filter((row) => !wanted.has(keyOf(row)));
        let changed = removed.length > 0;
        await deps.channels.remove(
          trx,
          removed.map((row) => row.id),
        );
        for (const channel of channels) {
          const row = kept.get(keyOf(channel));
          if (!row) {
            changed = true;
            await deps.channels.insert(trx, {
              id: newRecordId(),
              ...channel,
              secret: newChannelSecret(),
              created: at,
              updated: at,
            });
          } else if (row.format !== channel.format) {
            changed = true;
            await deps.channels.update(trx, row.id, { format: channel.format, updated: at });
          }
        }
        if (!changed) return;
        await audit({
          action: 'group-channels',
          appId: null,
          before: { channels: auditedChannels(before) },
          after: { channels: auditedChannels(channels) },
        });
      });
      return mine(await deps.channels.list(), groups).map(view);
    },
  };
}

export type GroupChannelsService = ReturnType<typeof createGroupChannelsService>;
