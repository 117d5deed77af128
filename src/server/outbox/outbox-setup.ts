import type { Config } from '../config/config.js';
import type { Db } from '../db/database.js';
import { createMailer } from './mailer.js';
import { createOutboxLeadership } from './outbox-leader.js';
import {
  createOutboxSender,
  type OutboxSender,
  type OutboxSenderOptions,
} from './outbox-sender.js';
import { createWebhookSender } from './webhook.js';
import { createChannelSender, type ChannelLookup } from './channel-sender.js';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The outbox sender as the configuration asks: mail when `SMTP_URL` is set, the webhook when
 * `ACCESS_WEBHOOK_URL` is set (otherwise such messages are marked skipped); on PostgreSQL only
 * the holder of the outbox lock sends (`postgresUrl`), on SQLite this one process does. Old
 * rows are pruned after OUTBOX_SENT_RETENTION_DAYS / OUTBOX_FAILED_RETENTION_DAYS.
 */
export function createOutboxSenderFromConfig(
  config: Pick<Config, 'mail' | 'accessWebhook' | 'outbox'>,
  deps: {
    db: Db;
    postgresUrl?: string;
    log?: OutboxSenderOptions['log'];
    /** Reads a group channel by id (src/server/group-channels, handed down by main.ts). */
    channels?: ChannelLookup;
    /** Told of each message sent or failed for good (the notification counters). */
    onSettled?: OutboxSenderOptions['onSettled'];
  },
): OutboxSender {
  const { mail, accessWebhook } = config;
  const secrets: string[] = [];
  if (mail) {
    const { password } = new URL(mail.smtpUrl);
    if (password) secrets.push(password, decodeURIComponent(password));
  }
  if (accessWebhook) secrets.push(accessWebhook.url, accessWebhook.secret ?? '');
  return createOutboxSender({
    db: deps.db,
    mailer:
      mail && mail.from !== undefined
        ? createMailer({ smtpUrl: mail.smtpUrl, from: mail.from })
        : null,
    webhook:
      accessWebhook && accessWebhook.secret !== undefined
        ? createWebhookSender({ url: accessWebhook.url, secret: accessWebhook.secret })
        : null,
    // Group channels: always on when the lookup is given; each channel has its own URL and secret.
    channels: deps.channels ? createChannelSender({ lookup: deps.channels }) : null,
    leadership: deps.postgresUrl ? createOutboxLeadership(deps.postgresUrl) : undefined,
    sentRetentionMs: config.outbox.sentRetentionDays * DAY_MS,
    failedRetentionMs: config.outbox.failedRetentionDays * DAY_MS,
    secrets,
    log: deps.log,
    onSettled: deps.onSettled,
  });
}
