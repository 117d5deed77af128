import { createHmac, timingSafeEqual } from 'node:crypto';
import type { WebhookMessage } from './outbox.js';

export const SIGNATURE_HEADER = 'X-App-Portal-Signature';
export const TIMESTAMP_HEADER = 'X-App-Portal-Timestamp';
export const EVENT_HEADER = 'X-App-Portal-Event';
export const DELIVERY_HEADER = 'X-App-Portal-Delivery';

/** Posts one event; throws when the receiver cannot be reached or answers other than 2xx. */
export interface WebhookSender {
  send(message: WebhookMessage, delivery: { id: string; createdAt: number }): Promise<void>;
}

export interface WebhookOptions {
  url: string;
  secret: string;
  timeoutMs?: number;
  /** Epoch milliseconds (tests move it). */
  now?: () => number;
}

/**
 * The signature of a delivery: HMAC-SHA256, keyed with the shared secret, over
 * `{timestamp}.{raw body}` (timestamp: the `X-App-Portal-Timestamp` header, epoch seconds), in
 * lower-case hex, sent as `X-App-Portal-Signature: sha256=<hex>`. Covering the timestamp lets a
 * receiver refuse old (replayed) deliveries: docs/access-requests-delivery.md.
 */
export function signature(secret: string, timestamp: string, body: string): string {
  return `sha256=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;
}

/** What a receiver does (and the tests do): same signature, timestamp within `toleranceSeconds`. */
export function verifySignature(
  secret: string,
  headers: { signature: string | undefined; timestamp: string | undefined },
  body: string,
  options: { nowSeconds?: number; toleranceSeconds?: number } = {},
): boolean {
  const { signature: given, timestamp } = headers;
  if (given === undefined || timestamp === undefined || !/^\d{1,12}$/.test(timestamp)) return false;
  const now = options.nowSeconds ?? Math.floor(Date.now() / 1000);
  if (Math.abs(now - Number(timestamp)) > (options.toleranceSeconds ?? 300)) return false;
  const expected = Buffer.from(signature(secret, timestamp, body));
  const actual = Buffer.from(given);
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}

/**
 * Posts a signed JSON body (the signature headers above, with the shared secret) and throws when
 * the receiver cannot be reached or answers other than 2xx; a redirect counts as a failure (the
 * URL should be the final one). Errors name `label`, never the URL (a chat webhook's URL is its
 * key), and of a network failure only its code.
 */
export async function postSigned(target: {
  url: string;
  secret: string;
  body: string;
  event: string;
  deliveryId: string;
  label: string;
  timeoutMs: number;
  now: () => number;
}): Promise<void> {
  const timestamp = String(Math.floor(target.now() / 1000));
  let response: Response;
  try {
    response = await fetch(target.url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'user-agent': 'app-portal-webhook',
        [EVENT_HEADER]: target.event,
        [DELIVERY_HEADER]: target.deliveryId,
        [TIMESTAMP_HEADER]: timestamp,
        [SIGNATURE_HEADER]: signature(target.secret, timestamp, target.body),
      },
      body: target.body,
      redirect: 'manual',
      signal: AbortSignal.timeout(target.timeoutMs),
    });
  } catch (error) {
    const cause = (error as Error).name === 'TimeoutError' ? 'timed out' : causeOf(error);
    throw new Error(`${target.label} not reachable: ${cause}`);
  }
  await response.body?.cancel().catch(() => undefined);
  if (response.status < 200 || response.status > 299) {
    throw new Error(`${target.label} answered HTTP ${response.status}`);
  }
}

/**
 * The access webhook (for ticket systems): a JSON POST of `{id, event, createdAt, payload}`,
 * signed, with a time-out.
 */
export function createWebhookSender(options: WebhookOptions): WebhookSender {
  const now = options.now ?? Date.now;
  const timeoutMs = options.timeoutMs ?? 10_000;
  return {
    async send(message, delivery) {
      const body = JSON.stringify({
        id: delivery.id,
        event: message.event,
        createdAt: new Date(delivery.createdAt).toISOString(),
        payload: message.payload,
      });
      await postSigned({
        url: options.url,
        secret: options.secret,
        body,
        event: message.event,
        deliveryId: delivery.id,
        label: 'webhook',
        timeoutMs,
        now,
      });
    },
  };
}

function causeOf(error: unknown): string {
  const cause = (error as { cause?: { code?: string } }).cause;
  // Only a code: a message may hold the URL.
  return cause?.code ?? (error as Error).name;
}
