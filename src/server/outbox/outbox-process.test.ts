import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { freePort } from '../../../scripts/lib/net.mjs';
import { openDatabase } from '../db/database.js';
import { startMain, PROCESS_TEST_TIMEOUT_MS } from '../test-support/run-main.js';
import { createOutbox } from './outbox.js';
import { startSmtpTestServer } from './test-support/smtp-test-server.js';

// The real server process sends what is written to its outbox: main.ts wires SMTP_URL and
// MAIL_FROM to the sender and starts it after listening.
vi.setConfig({ testTimeout: PROCESS_TEST_TIMEOUT_MS });

const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  while (cleanups.length > 0) await cleanups.pop()?.();
});

async function waitFor(check: () => boolean, timeoutMs: number) {
  const started = Date.now();
  while (!check()) {
    if (Date.now() - started > timeoutMs) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('the server process and its outbox', () => {
  it('mails a message written to the outbox, once, and stops cleanly', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'outbox-main-'));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    const smtp = await startSmtpTestServer();
    cleanups.push(smtp.close);
    const port = await freePort();
    const server = startMain({
      DATA_DIR: dir,
      PORT: String(port),
      DEMO_CATALOG: 'false',
      SMTP_URL: smtp.url,
      MAIL_FROM: 'App Portal <portal@example.edu>',
    });
    cleanups.push(async () => {
      server.signal('SIGKILL');
      await server.exited;
    });
    await server.ready;

    const db = openDatabase(join(dir, 'portal.db'));
    cleanups.push(() => db.destroy());
    await createOutbox().enqueue(db, [
      {
        kind: 'mail',
        to: ['alice@example.edu'],
        subject: 'Your access to Napari was approved',
        text: `Open it: http://127.0.0.1:${port}/`,
        html: `<p><a href="http://127.0.0.1:${port}/">Open it</a></p>`,
      },
    ]);
    await waitFor(() => smtp.received.length > 0, 20_000);
    expect(smtp.received[0]).toMatchObject({
      to: ['alice@example.edu'],
      subject: 'Your access to Napari was approved',
    });
    // The sender marks the row once the SMTP server has answered the message, a moment after
    // the server recorded it: wait for the state, never read it once.
    await expect
      .poll(
        async () => (await db.selectFrom('outbox').select('state').executeTakeFirstOrThrow()).state,
        { timeout: 10_000 },
      )
      .toBe('sent');

    // A few more passes send nothing again.
    await new Promise((resolve) => setTimeout(resolve, 6_000));
    expect(smtp.received).toHaveLength(1);
    server.signal('SIGTERM');
    expect((await server.exited).code).toBe(0);
    expect(server.output()).not.toContain('smtp-secret-pw');
  });
});
