import type { Translate } from '../i18n/translator.js';
import { escapeHtml } from '../lib/escape-html.js';
import type { GroupChannelsRepository } from './group-channels.repository.js';
import type { AppChange, GroupChannelMessages, OutboxMessage } from './ports.js';

/** The event of a group channel's delivery (X-App-Portal-Event). */
export const GROUP_CHANNEL_EVENT = 'status.changed';

/** What a channel's message says of an app: only apps its group may see reach it. */
interface SeenApp {
  id: string;
  name: string;
  link: string;
}

/** A change as the delivery lists it. */
interface ListedChange {
  appId: string;
  name: string;
  event: AppChange['event'];
  phase?: 'begins' | 'ends';
  at: string;
  notice?: { id: string; title: string };
  link: string;
}

/** The time of a change as chat readers read it: `2026-11-30 01:45 UTC`. */
function timeOf(at: number): string {
  return `${new Date(at).toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}

/** The catalog text of a change, its app name left as `marker` to be filled per format. */
function lineOf(t: Translate, change: ListedChange, marker: string): string {
  const values = { app: marker, time: timeOf(Date.parse(change.at)) };
  if (change.event === 'down') return t('groupChannel.down', values);
  if (change.event === 'up') return t('groupChannel.up', values);
  if (change.event === 'maintenance') {
    return t(
      change.phase === 'ends' ? 'groupChannel.maintenanceEnds' : 'groupChannel.maintenanceBegins',
      values,
    );
  }
  return t('groupChannel.notice', { ...values, title: change.notice?.title ?? '' });
}

// A character no name or title can hold (both refuse control characters).
const MARK = '\u0001';

const slackEscape = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
/** A link inside chat markup: the characters that would end it (`|`, `>`, parentheses, spaces) encoded. */
const linkIn = (url: string) =>
  url.replace(
    /[|<>()\s]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`,
  );
const markdownEscape = (text: string) => text.replace(/([\\`*_[\]()<>#|~])/g, '\\$1');

/**
 * The message of one channel in every form the formats need, in the default language: plain
 * text, Slack mrkdwn, Markdown (Teams) and HTML (Matrix); each line names its app with a link.
 */
export function channelTexts(t: Translate, group: string, changes: readonly ListedChange[]) {
  const heading = t('groupChannel.heading', { group });
  const lines = changes.map((change) => ({ change, line: lineOf(t, change, MARK) }));
  const fill =
    (text: string, escape: (s: string) => string, name: (c: ListedChange) => string) =>
    (change: ListedChange) =>
      escape(text).split(MARK).join(name(change));
  const text = [heading, ...lines.map(({ change, line }) => line.split(MARK).join(change.name))];
  const slack = [
    `*${slackEscape(heading)}*`,
    ...lines.map(({ change, line }) =>
      fill(line, slackEscape, (c) => `<${linkIn(c.link)}|${slackEscape(c.name)}>`)(change),
    ),
  ];
  const markdown = [
    `**${markdownEscape(heading)}**`,
    ...lines.map(({ change, line }) =>
      fill(line, markdownEscape, (c) => `[${markdownEscape(c.name)}](${linkIn(c.link)})`)(change),
    ),
  ];
  const html = [
    `<p><strong>${escapeHtml(heading)}</strong></p>`,
    `<ul>${lines
      .map(
        ({ change, line }) =>
          `<li>${fill(line, escapeHtml, (c) => `<a href="${escapeHtml(c.link)}">${escapeHtml(c.name)}</a>`)(change)}</li>`,
      )
      .join('')}</ul>`,
  ];
  return {
    text: text.join('\n'),
    slack: slack.join('\n'),
    markdown: markdown.join('\n\n'),
    html: html.join(''),
  };
}

/**
 * The group channels' messages of confirmed changes (docs/notifications.md, "Group channels"):
 * for each channel, the changes of the apps a member of its group only may see (the catalog's
 * visibility rules: public apps and the group's), one webhook message listing them, or none when
 * it sees none of them. An app the group may not see is never named. The texts are written in
 * the default language here; the outbox sender picks the form the channel's format needs.
 */
export function createGroupChannelMessages(deps: {
  channels: Pick<GroupChannelsRepository, 'list'>;
  visibleApps: (viewer: { groups: readonly string[] }) => Promise<readonly SeenApp[]>;
  t: Translate;
}): GroupChannelMessages {
  return {
    async messagesFor(changes) {
      if (changes.length === 0) return [];
      const channels = await deps.channels.list();
      const ordered = [...changes].sort((a, b) => a.at - b.at);
      const messages: OutboxMessage[] = [];
      const seenBy = new Map<string, Map<string, SeenApp>>();
      for (const channel of channels) {
        let seen = seenBy.get(channel.group);
        if (!seen) {
          const apps = await deps.visibleApps({ groups: [channel.group] });
          seen = new Map(apps.map((app) => [app.id, app]));
          seenBy.set(channel.group, seen);
        }
        const listed: ListedChange[] = [];
        for (const change of ordered) {
          const app = seen.get(change.appId);
          if (!app) continue;
          listed.push({
            appId: app.id,
            name: app.name,
            event: change.event,
            ...(change.event === 'maintenance' && change.phase ? { phase: change.phase } : {}),
            at: new Date(change.at).toISOString(),
            ...(change.event === 'notice' && change.notice ? { notice: change.notice } : {}),
            link: app.link,
          });
        }
        if (listed.length === 0) continue;
        const group = `/${channel.group}`;
        messages.push({
          kind: 'webhook',
          event: GROUP_CHANNEL_EVENT,
          channel: channel.id,
          payload: { group, changes: listed, texts: channelTexts(deps.t, group, listed) },
        });
      }
      return messages;
    },
  };
}
