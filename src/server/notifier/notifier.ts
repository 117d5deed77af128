import {
  createAdvisoryLeadership,
  startLeaderLoop,
  type AdvisoryLeadership,
} from '../db/advisory-leader.js';
import type { Db } from '../db/database.js';
import type { Translate } from '../i18n/translator.js';
import type { Outbox } from '../outbox/outbox.js';
import type { Language } from '../../shared/i18n/languages.js';
import { confirmChanges } from './confirm.js';
import { flushQueue } from './flush.js';
import type { AppChange, GroupChannelMessages, NotifierCounters, SuppressReason } from './ports.js';

/** The advisory lock whose holder runs the notifier (any fixed 64-bit number of its own). */
export const NOTIFIER_LOCK_KEY = 7_364_522_047;

export const NOTIFIER_DEFAULTS = {
  /** A pass every this many ms. */
  intervalMs: 15_000,
  /** How long the oldest change waits for others (twenty apps down at once: one mail). */
  batchMs: 60_000,
  perHour: 6,
  perPass: 1000,
};

export interface NotifierOptions {
  db: Db;
  outbox: Outbox;
  /** NOTIFY_CONFIRM_SECONDS. */
  confirmSeconds: number;
  publicUrl: string;
  defaultLanguage: string;
  texts: (language: Language) => Translate;
  /** PostgreSQL: the URL whose advisory lock picks the one instance that runs; absent: SQLite. */
  postgresUrl?: string;
  /** Given instead of one made from `postgresUrl` (tests). */
  leadership?: AdvisoryLeadership;
  groupChannels?: GroupChannelMessages;
  counters?: NotifierCounters;
  now?: () => number;
  intervalMs?: number;
  batchMs?: number;
  perHour?: number;
  perPass?: number;
  log?: { warn(o: object, m: string): void };
}

export interface Notifier {
  /** One pass on this instance, leader or not (tests; the timer asks the lock first). */
  runOnce(): Promise<{ changes: AppChange[]; mails: number }>;
  start(): void;
  stop(): Promise<void>;
}

const DAY_MS = 24 * 3_600_000;

/**
 * The notifier (docs/notifications.md, "Messages"): every `intervalMs`, on the one instance that
 * holds its advisory lock (PostgreSQL; on SQLite this process), a pass confirms the changes of
 * state and the notices that came into force (confirm.ts), then mails the people whose batch is
 * due (flush.ts). Both write their outbox messages in the transactions of their own changes.
 */
export function createNotifier(options: NotifierOptions): Notifier {
  const now = options.now ?? Date.now;
  const settings = { ...NOTIFIER_DEFAULTS };
  for (const key of Object.keys(NOTIFIER_DEFAULTS) as (keyof typeof NOTIFIER_DEFAULTS)[]) {
    const given = options[key];
    if (given !== undefined) settings[key] = given;
  }
  const leadership =
    options.leadership ?? createAdvisoryLeadership(options.postgresUrl, NOTIFIER_LOCK_KEY);
  const held = new Map<string, SuppressReason>();
  let loop: ReturnType<typeof startLeaderLoop> | undefined;
  /** The pass under way, which stop() waits for. */
  let current: Promise<unknown> | undefined;
  let nextPruneAt = 0;

  async function prune(at: number): Promise<void> {
    if (at < nextPruneAt) return;
    nextPruneAt = at + 3_600_000;
    // Expired links are kept a while so that they still say "expired", not "not valid".
    await options.db
      .deleteFrom('notifyTokens')
      .where('expiresAt', '<', at - 30 * DAY_MS)
      .execute();
    await options.db
      .deleteFrom('notifySends')
      .where('sentAt', '<', at - 2 * DAY_MS)
      .execute();
  }

  async function runOnce() {
    const changes = await confirmChanges({
      db: options.db,
      outbox: options.outbox,
      confirmMs: options.confirmSeconds * 1000,
      now,
      groupChannels: options.groupChannels,
      counters: options.counters,
    });
    const { mails } = await flushQueue({
      db: options.db,
      outbox: options.outbox,
      now,
      texts: options.texts,
      publicUrl: options.publicUrl,
      defaultLanguage: options.defaultLanguage,
      batchMs: settings.batchMs,
      perHour: settings.perHour,
      perPass: settings.perPass,
      counters: options.counters,
      held,
    });
    await prune(now());
    return { changes, mails };
  }

  return {
    runOnce,
    start() {
      loop ??= startLeaderLoop({
        leadership,
        intervalMs: settings.intervalMs,
        pass: () => {
          current = runOnce().finally(() => (current = undefined));
          return current;
        },
        onError: (error) =>
          options.log?.warn({ error: (error as Error).message }, 'notifier pass failed'),
      });
    },
    async stop() {
      loop?.stop();
      await current?.catch(() => undefined);
      await leadership.stop();
    },
  };
}
