/**
 * What group channels meet from above and below, declared here by shape (docs/architecture.md,
 * "Layers of the server"): the notifier (a higher layer) declares the same `AppChange` and
 * `GroupChannelMessages` in its own ports and is handed this folder's object by the composition
 * root; the outbox's message type is declared structurally as the access requests do.
 */
import type { OutboxMessage } from '../outbox/outbox.js';

export type { OutboxMessage };

/** One confirmed change of an app (or a notice taking effect for it). */
export interface AppChange {
  appId: string;
  event: 'down' | 'up' | 'maintenance' | 'notice';
  phase?: 'begins' | 'ends'; // maintenance only
  at: number; // epoch ms the new state began (or the notice took effect)
  notice?: { id: string; title: string };
}

export interface GroupChannelMessages {
  /** Outbox webhook messages (kind 'webhook', `channel` set) for confirmed changes: at most
   * one per channel per call, listing the changes of apps that channel's group may see. */
  messagesFor(changes: readonly AppChange[]): Promise<OutboxMessage[]>;
}
