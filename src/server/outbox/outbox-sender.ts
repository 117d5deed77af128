import { isPostgres, type Db } from '../db/database.js';
import type { Mailer } from './mailer.js';
import type { OutboxLeadership } from './outbox-leader.js';
import { InvalidMessageError, messageOf, type OutboxMessage } from './outbox.js';
import type { OutboxRow } from './outbox.table.js';
import type { WebhookSender } from './webhook.js';
import type { ChannelSender } from './channel-sender.js';

export interface OutboxSenderOptions {
  db: Db;
  /** Null when `SMTP_URL` is unset: mail is marked `skipped`. */
  mailer: Mailer | null;
  /** Null when `ACCESS_WEBHOOK_URL` is unset: webhook messages are marked `skipped`. */
  webhook: WebhookSender | null;
  /** Webhook messages with a `channel` (group channels); null or absent: marked `skipped`. */
  channels?: ChannelSender | null;
  /** PostgreSQL: only the holder of the outbox lock sends. Absent (SQLite): this process sends. */
  leadership?: OutboxLeadership;
  /** Attempts before a message is marked `failed` (admins see it, and may retry it). */
  maxAttempts?: number;
  /** Wait after the first failure; doubled after each further one, up to `maxDelayMs`. */
  baseDelayMs?: number;
  maxDelayMs?: number;
  /** How long a sender owns the messages it claimed; a crashed sender's claim runs out then. */
  claimMs?: number;
  batchSize?: number;
  intervalMs?: number;
  /** How long stop() waits for the delivery under way. */
  stopWaitMs?: number;
  /** How long `sent` rows are kept (by `sentAt`) before the sender deletes them. */
  sentRetentionMs?: number;
  /** How long `failed` and `skipped` rows are kept (by their last scheduled attempt). */
  failedRetentionMs?: number;
  /** How often the sender prunes old rows (at most once per this many ms, on the leader). */
  pruneIntervalMs?: number;
  /** Texts never written to `lastError` or the log (SMTP password, webhook secret and URL). */
  secrets?: readonly string[];
  now?: () => number;
  log?: { info(o: object, m: string): void; warn(o: object, m: string): void };
  /** Told of each message sent or failed for good (the notification counters, system/metrics). */
  onSettled?: (message: OutboxMessage, outcome: 'sent' | 'failed') => void;
}

export interface SendReport {
  sent: number;
  retried: number;
  failed: number;
  skipped: number;
}

export interface OutboxSender {
  /** One pass: claims the due messages and delivers them (and prunes old rows when due). */
  runOnce(): Promise<SendReport>;
  /** Deletes `sent` rows past their retention, and `failed`/`skipped` rows past theirs. */
  prune(): Promise<{ sent: number; failed: number }>;
  /** Runs a pass every `intervalMs` until stop(). */
  start(): void;
  /** Stops the passes, waits for the one under way, closes the SMTP connection and the lock. */
  stop(): Promise<void>;
}

const DAY_MS = 24 * 60 * 60 * 1000;

export const DEFAULTS = {
  maxAttempts: 8,
  baseDelayMs: 60_000,
  maxDelayMs: 3_600_000,
  claimMs: 300_000,
  batchSize: 20,
  intervalMs: 5_000,
  stopWaitMs: 5_000,
  sentRetentionMs: 30 * DAY_MS,
  failedRetentionMs: 365 * DAY_MS,
  pruneIntervalMs: 3_600_000,
};

/** The wait before attempt `attempts + 1`: base·2^(attempts−1), capped, with ±10% jitter. */
export function backoffMs(
  attempts: number,
  base: number,
  cap: number,
  random = Math.random,
): number {
  const plain = Math.min(cap, base * 2 ** Math.max(0, attempts - 1));
  return Math.round(plain * (0.9 + 0.2 * random()));
}

/** An error's message fit to store and show: no secrets, no credentials in URLs, one short line. */
export function safeError(error: unknown, secrets: readonly string[] = []): string {
  let text = error instanceof Error ? error.message : String(error);
  for (const secret of secrets) {
    if (secret.length >= 4) text = text.split(secret).join('***');
  }
  text = text.replace(/\/\/[^/@\s]*@/g, '//***@').replace(/[\r\n\t]+/g, ' ');
  return text.length > 500 ? `${text.slice(0, 497)}...` : text;
}

/**
 * Sends the outbox (docs/decisions/0032-keycloak-admin-and-outbox.md). A pass claims due
 * messages in one transaction (`FOR UPDATE SKIP LOCKED` on PostgreSQL, so two senders never get
 * the same row; SQLite has one writer), counting the attempt; each message is then delivered and
 * marked `sent` at once. A failure schedules the next attempt with back-off, or marks the message
 * `failed` after `maxAttempts`. A crash between the delivery and its mark is the one way a message
 * goes out twice (at-least-once): its claim runs out and it is sent again.
 */
export function createOutboxSender(options: OutboxSenderOptions): OutboxSender {
  const settings = { ...DEFAULTS, ...definedOnly(options) };
  const now = options.now ?? Date.now;
  const { db } = options;
  const secrets = options.secrets ?? [];
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<SendReport> | undefined;
  let stopped = false;
  let nextPruneAt = 0;

  async function prune(): Promise<{ sent: number; failed: number }> {
    const at = now();
    const sent = await db
      .deleteFrom('outbox')
      .where('state', '=', 'sent')
      .where('sentAt', '<', at - settings.sentRetentionMs)
      .executeTakeFirst();
    // Failed and skipped rows wait for an admin (a retry makes them pending again), up to theirs.
    const failed = await db
      .deleteFrom('outbox')
      .where('state', 'in', ['failed', 'skipped'])
      .where('nextAttemptAt', '<', at - settings.failedRetentionMs)
      .executeTakeFirst();
    const counts = { sent: Number(sent.numDeletedRows), failed: Number(failed.numDeletedRows) };
    if (counts.sent + counts.failed > 0) options.log?.info(counts, 'outbox: old deliveries pruned');
    return counts;
  }

  async function claim(): Promise<{ rows: OutboxRow[]; until: number }> {
    const at = now();
    const until = at + settings.claimMs;
    const rows = await db.transaction().execute(async (trx) => {
      let due = trx
        .selectFrom('outbox')
        .select('id')
        .where('state', '=', 'pending')
        .where('nextAttemptAt', '<=', at)
        .where((eb) => eb.or([eb('claimedUntil', 'is', null), eb('claimedUntil', '<=', at)]))
        .orderBy('nextAttemptAt')
        .orderBy('createdAt')
        .limit(settings.batchSize);
      if (isPostgres(trx)) due = due.forUpdate().skipLocked();
      const ids = (await due.execute()).map((row) => row.id);
      if (ids.length === 0) return [];
      return trx
        .updateTable('outbox')
        .set((eb) => ({ claimedUntil: until, attempts: eb('attempts', '+', 1) }))
        .where('id', 'in', ids)
        .returningAll()
        .execute();
    });
    return { rows, until };
  }

  /** Updates a message this sender still owns (its claim has not been taken over). */
  async function settle(
    row: OutboxRow,
    until: number,
    values: Partial<Omit<OutboxRow, 'id' | 'createdAt'>>,
  ) {
    await db
      .updateTable('outbox')
      .set({ ...values, claimedUntil: null })
      .where('id', '=', row.id)
      .where('claimedUntil', '=', until)
      .execute();
  }

  /** 'sent', or why the message is not sent (a removed group channel; not configured). */
  async function deliver(row: OutboxRow): Promise<'sent' | { skipped: string }> {
    const notConfigured = { skipped: `not configured: ${row.kind}` };
    const message = messageOf(row);
    if (message.kind === 'mail') {
      if (!options.mailer) return notConfigured;
      await options.mailer.send(message);
      return 'sent';
    }
    if (message.kind === 'webhook' && message.channel !== undefined) {
      if (!options.channels) return { skipped: 'not configured: group channels' };
      return (await options.channels.send(message, row)) ?? 'sent';
    }
    if (message.kind === 'webhook') {
      if (!options.webhook) return notConfigured;
      await options.webhook.send(message, { id: row.id, createdAt: row.createdAt });
      return 'sent';
    }
    throw new InvalidMessageError(`unknown message kind: ${JSON.stringify(row.kind)}`);
  }

  function told(row: OutboxRow, outcome: 'sent' | 'failed'): void {
    if (!options.onSettled) return;
    try {
      options.onSettled(messageOf(row), outcome);
    } catch {
      // An unreadable row is counted nowhere; it is marked failed already.
    }
  }

  async function pass(): Promise<SendReport> {
    const report: SendReport = { sent: 0, retried: 0, failed: 0, skipped: 0 };
    if (options.leadership && !(await options.leadership.check())) return report;
    if (now() >= nextPruneAt) {
      nextPruneAt = now() + settings.pruneIntervalMs;
      await prune().catch((error: unknown) => {
        options.log?.warn({ error: safeError(error, secrets) }, 'outbox: pruning failed');
      });
    }
    const { rows, until } = await claim();
    for (const row of rows) {
      if (stopped) break;
      try {
        const delivered = await deliver(row);
        const outcome = delivered === 'sent' ? 'sent' : 'skipped';
        await settle(row, until, {
          state: outcome,
          sentAt: outcome === 'sent' ? now() : null,
          lastError: delivered === 'sent' ? '' : delivered.skipped,
        });
        report[outcome] += 1;
        if (outcome === 'sent') told(row, 'sent');
      } catch (error) {
        const lastError = safeError(error, secrets);
        const permanent = error instanceof InvalidMessageError || error instanceof SyntaxError;
        if (permanent || row.attempts >= settings.maxAttempts) {
          await settle(row, until, { state: 'failed', lastError });
          report.failed += 1;
          told(row, 'failed');
          options.log?.warn(
            { id: row.id, kind: row.kind, attempts: row.attempts, error: lastError },
            'outbox message failed for good',
          );
        } else {
          const wait = backoffMs(row.attempts, settings.baseDelayMs, settings.maxDelayMs);
          await settle(row, until, { lastError, nextAttemptAt: now() + wait });
          report.retried += 1;
          options.log?.info(
            {
              id: row.id,
              kind: row.kind,
              attempts: row.attempts,
              retryInMs: wait,
              error: lastError,
            },
            'outbox message will be retried',
          );
        }
      }
    }
    return report;
  }

  function runOnce(): Promise<SendReport> {
    // One pass at a time in this process.
    running ??= pass().finally(() => {
      running = undefined;
    });
    return running;
  }

  return {
    runOnce,
    prune,
    start() {
      if (timer || stopped) return;
      timer = setInterval(() => {
        runOnce().catch((error: unknown) => {
          options.log?.warn({ error: safeError(error, secrets) }, 'outbox pass failed');
        });
      }, settings.intervalMs);
      timer.unref();
    },
    async stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      timer = undefined;
      // The message being delivered finishes, within a bound: a later one stays claimed and is
      // sent again once its claim runs out (the at-least-once edge).
      if (running) {
        let timer: NodeJS.Timeout | undefined;
        const bound = new Promise((resolve) => (timer = setTimeout(resolve, settings.stopWaitMs)));
        await Promise.race([running.catch(() => undefined), bound]);
        clearTimeout(timer);
      }
      options.mailer?.close();
      await options.leadership?.stop();
    },
  };
}

function definedOnly(options: OutboxSenderOptions): Partial<typeof DEFAULTS> {
  const picked: Partial<typeof DEFAULTS> = {};
  for (const key of Object.keys(DEFAULTS) as (keyof typeof DEFAULTS)[]) {
    if (options[key] !== undefined) picked[key] = options[key];
  }
  return picked;
}
