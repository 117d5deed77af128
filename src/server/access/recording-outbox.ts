import type { Outbox, OutboxMessage } from './ports.js';

/**
 * An outbox that keeps what is enqueued in memory, for tests: `messages` holds every message in
 * order. Messages enqueued in a transaction that rolls back are kept too (tests that need
 * "same transaction" read the real outbox table).
 */
export function createRecordingOutbox(): Outbox & { messages: OutboxMessage[] } {
  const messages: OutboxMessage[] = [];
  return {
    messages,
    async enqueue(_db, list) {
      messages.push(...list);
    },
  };
}
