import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Db } from '../db/database.js';
import { currentDialect, openTestDatabase } from '../db/test-support/test-database.js';
import { createMailer } from './mailer.js';
import {
  createOutbox,
  createOutboxAdmin,
  InvalidMessageError,
  type OutboxMessage,
} from './outbox.js';
import { createOutboxSender, type OutboxSenderOptions } from './outbox-sender.js';
import {
  closedPort,
  startSmtpTestServer,
  startWebhookReceiver,
} from './test-support/smtp-test-server.js';
import { createWebhookSender, verifySignature } from './webhook.js';

const PORTAL = 'https://portal.example.edu';

function requestMail(to: string[] = ['pi@example.edu', 'lead@example.edu']): OutboxMessage {
  return {
    kind: 'mail',
    to,
    subject: 'Access request: Napari',
    text: `alice asks for Napari.\nDecide: ${PORTAL}/access/inbox?request=r1\n`,
    html: `<p>alice asks for Napari.</p><p><a href="${PORTAL}/access/inbox?request=r1">Decide</a></p>`,
  };
}

const hook: OutboxMessage = {
  kind: 'webhook',
  event: 'access.request.created',
  payload: { requestId: 'r1', appId: 'napari', user: 'alice' },
};

let db: Db;
let clock: number;
const now = () => clock;
const senders: { stop(): Promise<void> }[] = [];
const cleanups: (() => Promise<void>)[] = [];

beforeEach(async () => {
  db = await openTestDatabase();
  clock = Date.parse('2026-11-25T10:00:00Z');
});

afterEach(async () => {
  await Promise.all(senders.splice(0).map((sender) => sender.stop()));
  await Promise.all(cleanups.splice(0).map((cleanup) => cleanup()));
  await db.destroy();
});

function sender(overrides: Partial<OutboxSenderOptions>) {
  const created = createOutboxSender({
    db,
    mailer: null,
    webhook: null,
    now,
    baseDelayMs: 60_000,
    maxDelayMs: 600_000,
    maxAttempts: 4,
    ...overrides,
  });
  senders.push(created);
  return created;
}

async function smtp() {
  const server = await startSmtpTestServer();
  cleanups.push(server.close);
  return server;
}

const mailerFor = (url: string, secrets?: string[]) => ({
  mailer: createMailer({ smtpUrl: url, from: 'App Portal <portal@example.edu>', timeoutMs: 3000 }),
  secrets,
});

async function rows() {
  return db.selectFrom('outbox').selectAll().orderBy('createdAt').orderBy('id').execute();
}

describe(`outbox on ${currentDialect()}`, () => {
  it('writes messages with the transaction that causes them, and not without it', async () => {
    const outbox = createOutbox({ now });
    await db
      .transaction()
      .execute(async (trx) => {
        await outbox.enqueue(trx, [requestMail()]);
        throw new Error('the request could not be stored');
      })
      .catch(() => undefined);
    expect(await rows()).toHaveLength(0);

    await db.transaction().execute((trx) => outbox.enqueue(trx, [requestMail(), hook]));
    const written = await rows();
    expect(written.map((row) => [row.kind, row.state, row.attempts])).toEqual(
      expect.arrayContaining([
        ['mail', 'pending', 0],
        ['webhook', 'pending', 0],
      ]),
    );
  });

  it('refuses header injection: subjects with line breaks and mails without recipients write nothing', async () => {
    const outbox = createOutbox({ now });
    const bad: OutboxMessage[] = [
      {
        ...(requestMail() as Extract<OutboxMessage, { kind: 'mail' }>),
        subject: 'Hi\r\nBcc: x@evil.test',
      },
      {
        ...(requestMail(['pi@localhost']) as Extract<OutboxMessage, { kind: 'mail' }>),
        subject: 'Hi\nBcc: x@evil.test',
      },
      {
        ...(requestMail() as Extract<OutboxMessage, { kind: 'mail' }>),
        replyTo: 'me@example.edu\r\nBcc: x@evil.test',
      },
      requestMail([]),
    ];
    for (const message of bad) {
      await expect(outbox.enqueue(db, [requestMail(), message])).rejects.toBeInstanceOf(
        InvalidMessageError,
      );
    }
    expect(await rows()).toHaveLength(0);
  });

  it('keeps recipients it cannot address apart, as skipped with the reason, and never sends to them', async () => {
    const outbox = createOutbox({ now });
    const bad = [
      'pi@example.edu\r\nBcc: x@evil.test',
      'pi@example.edu, x@evil.test',
      'Eve <x@evil.test>',
      'ünï@example.org',
      'user@localhost',
    ];
    await outbox.enqueue(db, [requestMail(['lead@example.edu', ...bad])]);
    const stored = await db.selectFrom('outbox').selectAll().orderBy('state').execute();
    expect(stored.map((row) => [row.state, JSON.parse(row.payload).to])).toEqual([
      ['pending', ['lead@example.edu']],
      ['skipped', bad],
    ]);
    expect(stored[1]!.lastError).toMatch(/^not a plain e-mail address: /);
    // Put back in the queue by an admin, it fails at the sender's own check: nothing is sent.
    const server = await smtp();
    await db
      .updateTable('outbox')
      .set({ state: 'pending' })
      .where('state', '=', 'skipped')
      .execute();
    const run = sender(mailerFor(server.url));
    const outcome = await run.runOnce();
    expect(outcome.sent).toBe(1);
    expect(server.received.map((mail) => mail.to)).toEqual([['lead@example.edu']]);
  });

  it('sends mail through a real SMTP server: recipients, subject, text and HTML with links', async () => {
    const server = await smtp();
    await createOutbox({ now }).enqueue(db, [requestMail()]);
    const run = sender(mailerFor(server.url));
    expect(await run.runOnce()).toEqual({ sent: 1, retried: 0, failed: 0, skipped: 0 });

    expect(server.received).toHaveLength(1);
    const [mail] = server.received;
    expect(mail?.to.sort()).toEqual(['lead@example.edu', 'pi@example.edu']);
    expect(mail?.from).toBe('portal@example.edu');
    expect(mail?.subject).toBe('Access request: Napari');
    expect(mail?.raw).toMatch(/Content-Type: text\/plain/i);
    expect(mail?.raw).toMatch(/Content-Type: text\/html/i);
    expect(mail?.decoded).toContain(`Decide: ${PORTAL}/access/inbox?request=r1`);
    expect(mail?.decoded).toContain(`<a href="${PORTAL}/access/inbox?request=r1">Decide</a>`);

    const [row] = await rows();
    expect(row).toMatchObject({ state: 'sent', attempts: 1, sentAt: clock, lastError: '' });
    // Sent once: later passes find nothing due.
    expect(await run.runOnce()).toEqual({ sent: 0, retried: 0, failed: 0, skipped: 0 });
    expect(server.received).toHaveLength(1);
  });

  it('retries after an SMTP outage (closed port), with back-off, then a restarted sender delivers once', async () => {
    const down = `smtp://portal:smtp-secret-pw@127.0.0.1:${await closedPort()}`;
    await createOutbox({ now }).enqueue(db, [requestMail()]);
    const first = sender(mailerFor(down, ['smtp-secret-pw']));
    expect(await first.runOnce()).toMatchObject({ sent: 0, retried: 1 });
    let [row] = await rows();
    expect(row?.state).toBe('pending');
    expect(row?.attempts).toBe(1);
    expect(row?.lastError).toMatch(/ECONNREFUSED|connect/i);
    expect(row?.lastError).not.toContain('smtp-secret-pw');
    const firstWait = (row?.nextAttemptAt ?? 0) - clock;
    expect(firstWait).toBeGreaterThanOrEqual(54_000);
    expect(firstWait).toBeLessThanOrEqual(66_000);

    // Not due yet: nothing is tried.
    expect(await first.runOnce()).toMatchObject({ retried: 0 });
    clock += 70_000;
    expect(await first.runOnce()).toMatchObject({ retried: 1 });
    [row] = await rows();
    expect(row?.attempts).toBe(2);
    // Doubled.
    expect((row?.nextAttemptAt ?? 0) - clock).toBeGreaterThanOrEqual(108_000);
    await first.stop();

    // The process restarts, the mail server is back: the message goes out once.
    const server = await smtp();
    clock += 200_000;
    const second = sender(mailerFor(server.url));
    expect(await second.runOnce()).toMatchObject({ sent: 1 });
    expect(await second.runOnce()).toMatchObject({ sent: 0 });
    expect(server.received).toHaveLength(1);
    expect(server.received[0]?.subject).toBe('Access request: Napari');
  });

  it('retries when the SMTP server refuses (451) and succeeds once it accepts', async () => {
    const server = await smtp();
    server.state.refuse = true;
    await createOutbox({ now }).enqueue(db, [requestMail()]);
    const run = sender(mailerFor(server.url));
    expect(await run.runOnce()).toMatchObject({ retried: 1 });
    expect((await rows())[0]?.lastError).toMatch(/451/);
    server.state.refuse = false;
    clock += 120_000;
    expect(await run.runOnce()).toMatchObject({ sent: 1 });
    expect(server.received).toHaveLength(1);
  });

  it('a restart sends pending messages once: a new sender on the same database', async () => {
    const server = await smtp();
    await createOutbox({ now }).enqueue(db, [requestMail(), requestMail(['bob@example.edu'])]);
    // The first process stops before its first pass.
    await sender(mailerFor(server.url)).stop();
    const restarted = sender(mailerFor(server.url));
    expect(await restarted.runOnce()).toMatchObject({ sent: 2 });
    const again = sender(mailerFor(server.url));
    expect(await again.runOnce()).toMatchObject({ sent: 0 });
    expect(server.received).toHaveLength(2);
  });

  it('a message claimed by a sender that crashed is sent after its claim runs out', async () => {
    const server = await smtp();
    await createOutbox({ now }).enqueue(db, [requestMail()]);
    // A sender claimed it and died before delivering.
    await db
      .updateTable('outbox')
      .set({ claimedUntil: clock + 300_000, attempts: 1 })
      .execute();
    const run = sender(mailerFor(server.url));
    expect(await run.runOnce()).toMatchObject({ sent: 0 });
    clock += 300_001;
    expect(await run.runOnce()).toMatchObject({ sent: 1 });
    expect(server.received).toHaveLength(1);
  });

  it('two senders at once never send the same message twice', async () => {
    const server = await smtp();
    const messages = Array.from({ length: 12 }, (_, i) => requestMail([`user${i}@example.edu`]));
    await createOutbox({ now }).enqueue(db, messages);
    const a = sender({ ...mailerFor(server.url), batchSize: 5 });
    const b = sender({ ...mailerFor(server.url), batchSize: 5 });
    for (let i = 0; i < 3; i += 1) await Promise.all([a.runOnce(), b.runOnce()]);
    expect(server.received).toHaveLength(12);
    expect(new Set(server.received.map((mail) => mail.to[0])).size).toBe(12);
    expect((await rows()).every((row) => row.state === 'sent' && row.attempts === 1)).toBe(true);
  });

  it('marks a message failed after the last attempt, shows it to admins, and a retry sends it', async () => {
    const down = `smtp://portal:smtp-secret-pw@127.0.0.1:${await closedPort()}`;
    await createOutbox({ now }).enqueue(db, [requestMail()]);
    const failing = sender(mailerFor(down));
    for (let i = 0; i < 4; i += 1) {
      await failing.runOnce();
      clock += 3_600_000;
    }
    const admin = createOutboxAdmin(db, { now });
    const failed = await admin.list({ state: 'failed', page: 1, perPage: 30 });
    expect(failed.totalItems).toBe(1);
    expect(failed.items[0]).toMatchObject({
      kind: 'mail',
      to: ['pi@example.edu', 'lead@example.edu'],
      summary: 'Access request: Napari',
      state: 'failed',
      attempts: 4,
      nextAttemptAt: null,
    });
    expect(failed.items[0]?.lastError).not.toContain('smtp-secret-pw');
    // No further attempts by itself.
    expect(await failing.runOnce()).toMatchObject({ retried: 0, failed: 0 });

    const id = failed.items[0]?.id ?? '';
    expect(await admin.retry('nope')).toBeUndefined();
    expect(await admin.retry(id)).toMatchObject({ state: 'pending', attempts: 0 });
    expect(await admin.retry(id)).toBe('not-retryable');
    const server = await smtp();
    expect(await sender(mailerFor(server.url)).runOnce()).toMatchObject({ sent: 1 });
    expect(server.received).toHaveLength(1);
  });

  it('marks messages skipped when mail or the webhook is not configured', async () => {
    await createOutbox({ now }).enqueue(db, [requestMail(), hook]);
    expect(await sender({}).runOnce()).toMatchObject({ skipped: 2 });
    expect((await rows()).map((row) => row.state)).toEqual(['skipped', 'skipped']);
    const list = await createOutboxAdmin(db).list({ page: 1, perPage: 1 });
    expect(list).toMatchObject({ totalItems: 2, totalPages: 2, page: 1, perPage: 1 });
    expect(list.items).toHaveLength(1);
  });

  it('prunes sent rows after their retention on a pass; failed and skipped rows only after theirs', async () => {
    const DAY = 24 * 60 * 60 * 1000;
    const server = await smtp();
    const outbox = createOutbox({ now });
    await outbox.enqueue(db, [requestMail()]);
    const options = {
      sentRetentionMs: 30 * DAY,
      failedRetentionMs: 365 * DAY,
      pruneIntervalMs: 60 * 60 * 1000,
    };
    expect(await sender({ ...mailerFor(server.url), ...options }).runOnce()).toMatchObject({
      sent: 1,
    });
    // A skipped one (no webhook configured) and a failed one, written at the same time.
    await outbox.enqueue(db, [hook, requestMail(['other@example.edu'])]);
    await sender(options).runOnce();
    await db
      .updateTable('outbox')
      .set({ state: 'failed' })
      .where('kind', '=', 'mail')
      .where('state', '=', 'skipped')
      .execute();
    const states = async () => (await rows()).map((row) => row.state).sort();
    expect(await states()).toEqual(['failed', 'sent', 'skipped']);

    clock += 30 * DAY;
    const later = sender(options);
    expect(await later.prune()).toEqual({ sent: 0, failed: 0 });
    clock += 1;
    // The next pass prunes (the leader's pass, at most once per pruneIntervalMs).
    await later.runOnce();
    expect(await states()).toEqual(['failed', 'skipped']);
    clock += 300 * DAY;
    await later.runOnce();
    expect(await states()).toEqual(['failed', 'skipped']);
    clock += 36 * DAY;
    expect(await later.prune()).toEqual({ sent: 0, failed: 2 });
    expect(await rows()).toEqual([]);
  });

  it('posts signed webhooks, retries a failing receiver, and the signature verifies', async () => {
    const receiver = await startWebhookReceiver();
    cleanups.push(receiver.close);
    const secret = 'webhook-shared-secret';
    await createOutbox({ now }).enqueue(db, [hook]);
    const webhook = createWebhookSender({ url: receiver.url, secret, now });
    const run = sender({ webhook, secrets: [secret] });

    receiver.state.status = 500;
    expect(await run.runOnce()).toMatchObject({ retried: 1 });
    expect((await rows())[0]?.lastError).toBe('webhook answered HTTP 500');
    receiver.state.status = 204;
    clock += 120_000;
    expect(await run.runOnce()).toMatchObject({ sent: 1 });

    expect(receiver.received).toHaveLength(1);
    const [got] = receiver.received;
    const body = JSON.parse(got?.body ?? '{}') as Record<string, unknown>;
    expect(body).toMatchObject({
      event: 'access.request.created',
      payload: { requestId: 'r1', appId: 'napari', user: 'alice' },
    });
    expect(got?.headers['content-type']).toBe('application/json');
    expect(got?.headers['x-app-portal-event']).toBe('access.request.created');
    expect(got?.headers['x-app-portal-delivery']).toBe(body.id);
    const headers = {
      signature: got?.headers['x-app-portal-signature'] as string,
      timestamp: got?.headers['x-app-portal-timestamp'] as string,
    };
    expect(headers.signature).toMatch(/^sha256=[0-9a-f]{64}$/);
    expect(headers.timestamp).toBe(String(Math.floor(clock / 1000)));
    const at = { nowSeconds: Math.floor(clock / 1000) };
    expect(verifySignature(secret, headers, got?.body ?? '', at)).toBe(true);
    expect(verifySignature('other-secret', headers, got?.body ?? '', at)).toBe(false);
    expect(verifySignature(secret, headers, `${got?.body} `, at)).toBe(false);
    // A replay ten minutes later is refused.
    expect(
      verifySignature(secret, headers, got?.body ?? '', { nowSeconds: at.nowSeconds + 600 }),
    ).toBe(false);
  });

  it('a webhook receiver that does not answer in time counts as a failure', async () => {
    const { createServer } = await import('node:http');
    const silent = createServer(() => undefined);
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    cleanups.push(
      () =>
        new Promise<void>((resolve) => {
          silent.closeAllConnections();
          silent.close(() => resolve());
        }),
    );
    const { port } = silent.address() as { port: number };
    await createOutbox({ now }).enqueue(db, [hook]);
    const webhook = createWebhookSender({
      url: `http://127.0.0.1:${port}/`,
      secret: 'webhook-shared-secret',
      timeoutMs: 200,
    });
    expect(await sender({ webhook }).runOnce()).toMatchObject({ retried: 1 });
    expect((await rows())[0]?.lastError).toBe('webhook not reachable: timed out');
  });
});
