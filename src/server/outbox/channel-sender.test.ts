import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Db } from '../db/database.js';
import { openTestDatabase } from '../db/test-support/test-database.js';
import { createChannelSender, type ChannelTarget } from './channel-sender.js';
import { createOutbox, type OutboxMessage } from './outbox.js';
import { createOutboxSender } from './outbox-sender.js';
import { createOutboxSenderFromConfig } from './outbox-setup.js';
import { startWebhookReceiver } from './test-support/smtp-test-server.js';
import { verifySignature } from './webhook.js';

// Group channels' messages (docs/notifications.md, "Group channels"): the outbox sender posts a
// webhook message with `channel` to that channel, read when sending, in its format, signed with
// its secret; a removed channel's message is skipped with the reason.

let db: Db;
let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;
const channels = new Map<string, ChannelTarget>();
const SECRET = 'a-channel-secret-of-the-group';

beforeEach(async () => {
  db = await openTestDatabase();
  receiver = await startWebhookReceiver();
  channels.clear();
});
afterEach(async () => {
  await receiver.close();
  await db.destroy();
});

function message(channel: string): OutboxMessage {
  return {
    kind: 'webhook',
    event: 'status.changed',
    channel,
    payload: {
      group: '/imaging',
      changes: [{ appId: 'omero', name: 'OMERO', event: 'down', at: '2026-11-30T01:00:00.000Z' }],
      texts: {
        text: 'Status of the apps of /imaging\nOMERO is down.',
        slack: '*Status of the apps of /imaging*\n<https://omero.example.edu/|OMERO> is down.',
        markdown:
          '**Status of the apps of /imaging**\n\n[OMERO](https://omero.example.edu/) is down.',
        html: '<p><strong>Status</strong></p><ul><li><a href="https://omero.example.edu/">OMERO</a> is down.</li></ul>',
      },
    },
  };
}

async function sendOne(channel: string) {
  await createOutbox().enqueue(db, [message(channel)]);
  const sender = createOutboxSender({
    db,
    mailer: null,
    webhook: null,
    channels: createChannelSender({ lookup: async (id) => channels.get(id) }),
  });
  const report = await sender.runOnce();
  await sender.stop();
  const row = await db.selectFrom('outbox').selectAll().executeTakeFirstOrThrow();
  return { report, row };
}

function received() {
  expect(receiver.received).toHaveLength(1);
  const hook = receiver.received[0]!;
  const signed = verifySignature(
    SECRET,
    {
      signature: hook.headers['x-app-portal-signature'] as string,
      timestamp: hook.headers['x-app-portal-timestamp'] as string,
    },
    hook.body,
  );
  expect(signed).toBe(true);
  expect(
    verifySignature(
      'another-secret-entirely',
      {
        signature: hook.headers['x-app-portal-signature'] as string,
        timestamp: hook.headers['x-app-portal-timestamp'] as string,
      },
      hook.body,
    ),
  ).toBe(false);
  expect(hook.headers['x-app-portal-event']).toBe('status.changed');
  expect(hook.headers['content-type']).toBe('application/json');
  return JSON.parse(hook.body) as Record<string, unknown>;
}

describe('the outbox sender and group channels', () => {
  it('json: the portal’s signed envelope with the payload', async () => {
    channels.set('c1', { url: receiver.url, format: 'json', secret: SECRET });
    const { report, row } = await sendOne('c1');
    expect(report.sent).toBe(1);
    expect(row.state).toBe('sent');
    const body = received();
    expect(body).toMatchObject({
      id: row.id,
      event: 'status.changed',
      payload: { group: '/imaging' },
    });
    expect(receiver.received[0]!.headers['x-app-portal-delivery']).toBe(row.id);
  });

  it('slack: an incoming webhook’s { text } in mrkdwn', async () => {
    channels.set('c1', { url: receiver.url, format: 'slack', secret: SECRET });
    await sendOne('c1');
    expect(received()).toEqual({
      text: '*Status of the apps of /imaging*\n<https://omero.example.edu/|OMERO> is down.',
    });
  });

  it('teams: a message with one Adaptive Card', async () => {
    channels.set('c1', { url: receiver.url, format: 'teams', secret: SECRET });
    await sendOne('c1');
    const body = received() as {
      type: string;
      attachments: { contentType: string; content: { type: string; body: { text: string }[] } }[];
    };
    expect(body.type).toBe('message');
    expect(body.attachments[0]!.contentType).toBe('application/vnd.microsoft.card.adaptive');
    expect(body.attachments[0]!.content.type).toBe('AdaptiveCard');
    expect(body.attachments[0]!.content.body[0]!.text).toContain(
      '[OMERO](https://omero.example.edu/)',
    );
  });

  it('matrix: a hookshot generic webhook’s { text, format, html }', async () => {
    channels.set('c1', { url: receiver.url, format: 'matrix', secret: SECRET });
    await sendOne('c1');
    expect(received()).toEqual({
      text: 'Status of the apps of /imaging\nOMERO is down.',
      format: 'org.matrix.custom.html',
      html: '<p><strong>Status</strong></p><ul><li><a href="https://omero.example.edu/">OMERO</a> is down.</li></ul>',
    });
  });

  it('a removed channel: the message is skipped with the reason, nothing posted', async () => {
    const { report, row } = await sendOne('gone');
    expect(report.skipped).toBe(1);
    expect(row.state).toBe('skipped');
    expect(row.lastError).toBe('the group channel gone was removed');
    expect(receiver.received).toHaveLength(0);
  });

  it('a failing receiver: retried later, and the error never names the URL (its key)', async () => {
    const url = `${receiver.url}/secret-token-in-path`;
    channels.set('c1', { url, format: 'slack', secret: SECRET });
    receiver.state.status = 500;
    const { report, row } = await sendOne('c1');
    expect(report.retried).toBe(1);
    expect(row.state).toBe('pending');
    expect(row.lastError).toBe('group channel c1 answered HTTP 500');
  });

  it('a redirect is a failure, not followed', async () => {
    channels.set('c1', { url: receiver.url, format: 'json', secret: SECRET });
    receiver.state.status = 302;
    const { row } = await sendOne('c1');
    expect(row.lastError).toBe('group channel c1 answered HTTP 302');
  });

  it('the configured sender (outbox-setup.ts) posts with the lookup it is handed', async () => {
    channels.set('c1', { url: receiver.url, format: 'json', secret: SECRET });
    await createOutbox().enqueue(db, [message('c1')]);
    const sender = createOutboxSenderFromConfig(
      {
        mail: undefined,
        accessWebhook: undefined,
        outbox: { sentRetentionDays: 30, failedRetentionDays: 365 },
      },
      { db, channels: async (id) => channels.get(id) },
    );
    expect((await sender.runOnce()).sent).toBe(1);
    await sender.stop();
    expect(received()).toMatchObject({ event: 'status.changed' });
  });

  it('without a channel sender: skipped as not configured', async () => {
    await createOutbox().enqueue(db, [message('c1')]);
    const sender = createOutboxSender({ db, mailer: null, webhook: null });
    expect((await sender.runOnce()).skipped).toBe(1);
    await sender.stop();
    const row = await db.selectFrom('outbox').selectAll().executeTakeFirstOrThrow();
    expect(row.lastError).toBe('not configured: group channels');
  });
});
