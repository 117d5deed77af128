import type { Kysely, Transaction } from 'kysely';
import { newRecordId } from '../lib/ids.js';
import type { Database } from '../db/schema.js';
import type { Delivery, DeliveryList } from '../../shared/api/outbox-schemas.js';
import type { OutboxRow, OutboxState } from './outbox.table.js';
import { pageEnvelope } from '../../shared/api/paging.js';

/**
 * A message to deliver. The access requests declare the same type in their ports
 * (src/server/access/ports.ts); this layer is below theirs, so the two meet structurally.
 */
export type OutboxMessage =
  | {
      kind: 'mail';
      to: string[];
      subject: string;
      text: string;
      html: string;
      /** Where answers go (a problem report's reporter); one plain address. */
      replyTo?: string;
      /**
       * One-click unsubscribe (RFC 8058): sent as `List-Unsubscribe: <url>` with
       * `List-Unsubscribe-Post: List-Unsubscribe=One-Click`. An http(s) URL.
       */
      unsubscribeUrl?: string;
      /** What the mail is, for counting (`notification`: portal_notifications_sent/failed). */
      topic?: 'notification';
    }
  | {
      kind: 'webhook';
      event: string;
      payload: Record<string, unknown>;
      /**
       * A group channel's id (src/server/group-channels): posted to that channel's URL, in its
       * format, signed with its secret, all read when sent. Absent: the access webhook.
       */
      channel?: string;
    };

export type MailMessage = Extract<OutboxMessage, { kind: 'mail' }>;
export type WebhookMessage = Extract<OutboxMessage, { kind: 'webhook' }>;

/** Messages written in the same transaction as the change that causes them; sent later by one instance. */
export interface Outbox {
  enqueue(
    db: Kysely<Database> | Transaction<Database>,
    messages: readonly OutboxMessage[],
  ): Promise<void>;
}

/** A message that cannot be delivered as written (a bad address, a subject with a line break). */
export class InvalidMessageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'InvalidMessageError';
  }
}

/**
 * A mail's recipients that no transport could be given safely are data, not a caller's mistake
 * (an identity provider may send `ünï@example.org`, `user@localhost`, a quoted local part): the
 * mail goes to the others, and a copy for those is kept as `skipped` with the reason, so admins
 * see it among the deliveries. The change the mail reports is never undone for it.
 */
function splitRecipients(message: OutboxMessage): {
  deliverable?: OutboxMessage;
  undeliverable?: OutboxMessage & { kind: 'mail' };
} {
  if (message.kind !== 'mail') return { deliverable: message };
  const good = message.to.filter(isMailAddress);
  const bad = message.to.filter((address) => !isMailAddress(address));
  return {
    ...(good.length > 0 || bad.length === 0 ? { deliverable: { ...message, to: good } } : {}),
    ...(bad.length > 0 ? { undeliverable: { ...message, to: bad } } : {}),
  };
}

/**
 * The outbox's write side: rows in the caller's transaction (or database), due at once. The
 * message is checked here too, so that a caller's mistake (a subject with a line break, no
 * recipient) fails its own transaction instead of a delivery much later; recipients that cannot
 * be addressed are kept apart as `skipped` (splitRecipients).
 */
export function createOutbox(options: { now?: () => number } = {}): Outbox {
  const now = options.now ?? Date.now;
  return {
    async enqueue(db, messages) {
      if (messages.length === 0) return;
      const at = now();
      const row = (message: OutboxMessage, state: 'pending' | 'skipped', lastError = '') => {
        const { kind, ...rest } = message;
        return {
          id: newRecordId(),
          kind,
          payload: JSON.stringify(rest),
          state,
          attempts: 0,
          nextAttemptAt: at,
          createdAt: at,
          lastError,
        };
      };
      const rows = messages.flatMap((message) => {
        const { deliverable, undeliverable } = splitRecipients(message);
        const kept = [];
        if (deliverable) {
          checkMessage(deliverable);
          kept.push(row(deliverable, 'pending'));
        }
        if (undeliverable) {
          checkMessage(undeliverable, { addresses: false });
          const bad = undeliverable.to.map((address) => JSON.stringify(address)).join(', ');
          kept.push(
            row(undeliverable, 'skipped', `not a plain e-mail address: ${bad}`.slice(0, 500)),
          );
        }
        return kept;
      });
      await db.insertInto('outbox').values(rows).execute();
    },
  };
}

/** An e-mail address as the outbox accepts it: one plain `local@domain`, nothing a header could hide. */
const ADDRESS =
  /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+$/;

export function isMailAddress(value: string): boolean {
  return value.length <= 254 && ADDRESS.test(value);
}

/** An http(s) URL that fits in a header between `<` and `>`: nothing that could end it early. */
function isHeaderUrl(value: string): boolean {
  if (value.length > 2000 || /[\s<>"]/.test(value)) return false;
  try {
    return ['http:', 'https:'].includes(new URL(value).protocol);
  } catch {
    return false;
  }
}

/**
 * Throws InvalidMessageError for a message no transport could deliver safely; `addresses: false`
 * checks the rest of a mail whose recipients are known to be kept apart (splitRecipients).
 */
export function checkMessage(message: OutboxMessage, options = { addresses: true }): void {
  if (message.kind === 'mail') {
    if (message.to.length === 0)
      throw new InvalidMessageError('a mail needs at least one recipient');
    const bad = message.to.find((address) => !isMailAddress(address));
    if (bad !== undefined && options.addresses) {
      throw new InvalidMessageError(`not a plain e-mail address: ${JSON.stringify(bad)}`);
    }
    if (/[\r\n]/.test(message.subject)) {
      throw new InvalidMessageError('a mail subject must not contain a line break');
    }
    if (message.subject.trim() === '') throw new InvalidMessageError('a mail needs a subject');
    if (message.replyTo !== undefined && !isMailAddress(message.replyTo)) {
      throw new InvalidMessageError(
        `not a plain reply address: ${JSON.stringify(message.replyTo)}`,
      );
    }
    if (message.unsubscribeUrl !== undefined && !isHeaderUrl(message.unsubscribeUrl)) {
      throw new InvalidMessageError(
        `not an unsubscribe URL: ${JSON.stringify(message.unsubscribeUrl)}`,
      );
    }
    return;
  }
  if (message.kind === 'webhook') {
    if (!/^[a-z][a-z0-9_.-]{0,99}$/.test(message.event)) {
      throw new InvalidMessageError(`not an event name: ${JSON.stringify(message.event)}`);
    }
    return;
  }
  throw new InvalidMessageError(
    `unknown message kind: ${JSON.stringify((message as { kind: unknown }).kind)}`,
  );
}

/** The message a row holds. */
export function messageOf(row: Pick<OutboxRow, 'kind' | 'payload'>): OutboxMessage {
  return { kind: row.kind, ...(JSON.parse(row.payload) as object) } as OutboxMessage;
}

/** One delivery as admins see it: what, to whom, and how it went (never the body). */
export type { Delivery };

export function deliveryOf(row: OutboxRow): Delivery {
  let to: string[] = [];
  let summary = '';
  try {
    const message = messageOf(row);
    if (message.kind === 'mail') {
      to = message.to;
      summary = message.subject;
    } else {
      summary = message.event;
    }
  } catch {
    summary = '(unreadable)';
  }
  return {
    id: row.id,
    kind: row.kind === 'webhook' ? 'webhook' : 'mail',
    to,
    summary,
    state: row.state,
    attempts: row.attempts,
    lastError: row.lastError,
    createdAt: new Date(row.createdAt).toISOString(),
    nextAttemptAt: row.state === 'pending' ? new Date(row.nextAttemptAt).toISOString() : null,
    sentAt: row.sentAt === null ? null : new Date(row.sentAt).toISOString(),
  };
}

/** The admins' side of the outbox: the deliveries, newest first, and a retry of a failed one. */
export interface OutboxAdmin {
  list(query: { state?: OutboxState; page: number; perPage: number }): Promise<DeliveryList>;
  /**
   * Puts a failed (or skipped) message back in the queue, due now; undefined when unknown.
   * `onRetried` runs in the same transaction with the row as it was (the admin layer audits).
   */
  retry(
    id: string,
    onRetried?: (trx: Transaction<Database>, before: OutboxRow, after: Delivery) => Promise<void>,
  ): Promise<Delivery | 'not-retryable' | undefined>;
}

export function createOutboxAdmin(
  db: Kysely<Database>,
  options: { now?: () => number } = {},
): OutboxAdmin {
  const now = options.now ?? Date.now;
  return {
    async list({ state, page, perPage }) {
      let count = db.selectFrom('outbox').select((eb) => eb.fn.countAll<number>().as('n'));
      let rows = db.selectFrom('outbox').selectAll();
      if (state !== undefined) {
        count = count.where('state', '=', state);
        rows = rows.where('state', '=', state);
      }
      const total = Number((await count.executeTakeFirstOrThrow()).n);
      const items = await rows
        .orderBy('createdAt', 'desc')
        .orderBy('id', 'desc')
        .limit(perPage)
        .offset((page - 1) * perPage)
        .execute();
      return pageEnvelope(items.map(deliveryOf), total, page, perPage);
    },
    async retry(id, onRetried) {
      return db.transaction().execute(async (trx) => {
        const row = await trx
          .selectFrom('outbox')
          .selectAll()
          .where('id', '=', id)
          .executeTakeFirst();
        if (!row) return undefined;
        if (row.state !== 'failed' && row.state !== 'skipped') return 'not-retryable';
        const updated = await trx
          .updateTable('outbox')
          .set({ state: 'pending', attempts: 0, nextAttemptAt: now(), claimedUntil: null })
          .where('id', '=', id)
          .where('state', 'in', ['failed', 'skipped'])
          .returningAll()
          .executeTakeFirst();
        if (!updated) return 'not-retryable';
        const delivery = deliveryOf(updated);
        await onRetried?.(trx, row, delivery);
        return delivery;
      });
    },
  };
}
