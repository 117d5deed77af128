import type { OutboxMessage } from '../outbox/outbox.js';

/**
 * What the notifier hands the group channels (src/server/group-channels declares the same
 * shape; the composition root gives their object to the notifier, so the two meet structurally).
 */
export interface AppChange {
  appId: string;
  event: 'down' | 'up' | 'maintenance' | 'notice';
  /** maintenance only. */
  phase?: 'begins' | 'ends';
  /** Epoch ms the new state began (or the notice took effect). */
  at: number;
  notice?: { id: string; title: string };
}

export interface GroupChannelMessages {
  /**
   * Outbox webhook messages (kind 'webhook', `channel` set) for confirmed changes: at most one
   * per channel per call, listing the changes of apps that channel's group may see.
   */
  messagesFor(changes: readonly AppChange[]): Promise<OutboxMessage[]>;
}

/** The notifier's counters (src/server/system/metrics.ts); absent in tests that do not count. */
export interface NotifierCounters {
  queued(count: number): void;
  suppressed(reason: SuppressReason, count?: number): void;
}

export type SuppressReason = 'digest' | 'quiet_hours' | 'rate_limit' | 'not_visible';

export const NOTIFY_EVENTS = ['down', 'up', 'maintenance', 'notice'] as const;
export type NotifyEvent = (typeof NOTIFY_EVENTS)[number];
