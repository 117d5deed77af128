import type { WebhookMessage } from './outbox.js';
import { postSigned } from './webhook.js';

/** A group channel as the sender needs it (src/server/group-channels), read when sending. */
export interface ChannelTarget {
  url: string;
  format: string;
  secret: string;
}

/** Reads a channel by id; undefined when it was removed. Handed down by the composition root. */
export type ChannelLookup = (id: string) => Promise<ChannelTarget | undefined>;

/** Posts a message to its group channel; answers the reason when it is not sent (removed). */
export interface ChannelSender {
  send(
    message: WebhookMessage,
    delivery: { id: string; createdAt: number },
  ): Promise<{ skipped: string } | undefined>;
}

/** The texts the group channels write into a message's payload, one per form. */
interface Texts {
  text: string;
  slack: string;
  markdown: string;
  html: string;
}

function textsOf(message: WebhookMessage): Texts {
  const given = (message.payload.texts ?? {}) as Partial<Record<keyof Texts, unknown>>;
  const pick = (key: keyof Texts) => (typeof given[key] === 'string' ? given[key] : message.event);
  return {
    text: pick('text'),
    slack: pick('slack'),
    markdown: pick('markdown'),
    html: pick('html'),
  };
}

/**
 * A channel's body by its format: `json`, the portal's envelope as the access webhook's
 * (`{id, event, createdAt, payload}`); `slack`, a Slack (or Mattermost) incoming webhook's
 * `{text}` in mrkdwn; `teams`, a message with one Adaptive Card (what Teams incoming webhooks and
 * Workflows take); `matrix`, a Matrix hookshot generic webhook's `{text, html, format}`.
 */
export function channelBody(
  format: string,
  message: WebhookMessage,
  delivery: { id: string; createdAt: number },
): Record<string, unknown> {
  const texts = textsOf(message);
  if (format === 'slack') return { text: texts.slack };
  if (format === 'teams') {
    return {
      type: 'message',
      attachments: [
        {
          contentType: 'application/vnd.microsoft.card.adaptive',
          contentUrl: null,
          content: {
            $schema: 'http://adaptivecards.io/schemas/adaptive-card.json',
            type: 'AdaptiveCard',
            version: '1.4',
            body: [{ type: 'TextBlock', text: texts.markdown, wrap: true }],
          },
        },
      ],
    };
  }
  if (format === 'matrix') {
    return { text: texts.text, format: 'org.matrix.custom.html', html: texts.html };
  }
  return {
    id: delivery.id,
    event: message.event,
    createdAt: new Date(delivery.createdAt).toISOString(),
    payload: message.payload,
  };
}

/**
 * The group channels' sender (docs/notifications.md, "Group channels"): reads the channel when
 * the message is sent (a removed one: the message is skipped, with the reason), writes the body
 * its format needs and signs it with the channel's secret as the access webhook is signed
 * (`X-App-Portal-Signature` over `{timestamp}.{body}`), whatever the format. A time-out, and a
 * redirect counts as a failure; errors never name the URL (a chat webhook's URL is its key).
 */
export function createChannelSender(options: {
  lookup: ChannelLookup;
  timeoutMs?: number;
  now?: () => number;
}): ChannelSender {
  const now = options.now ?? Date.now;
  const timeoutMs = options.timeoutMs ?? 10_000;
  return {
    async send(message, delivery) {
      const channelId = message.channel ?? '';
      const channel = await options.lookup(channelId);
      if (!channel) return { skipped: `the group channel ${channelId} was removed` };
      await postSigned({
        url: channel.url,
        secret: channel.secret,
        body: JSON.stringify(channelBody(channel.format, message, delivery)),
        event: message.event,
        deliveryId: delivery.id,
        label: `group channel ${channelId}`,
        timeoutMs,
        now,
      });
      return undefined;
    },
  };
}
