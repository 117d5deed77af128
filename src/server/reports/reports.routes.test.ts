import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Network } from '../../shared/network/networks.js';
import type { Monitor } from '../monitor/monitor.js';
import { createStatusCache } from '../monitor/status-cache.js';
import { createNetworksRepository } from '../networks/networks.repository.js';
import { messageOf } from '../outbox/outbox.js';
import { bearer, createTestContext, type TestContext } from '../test-support/test-app.js';
import { REPORT_LIMITS } from './report-limits.js';

// POST /api/apps/{appId}/report (docs/networks.md, "Reporting a problem") over real sockets, as
// the network tests: 127.0.0.2 stands for campus, 127.0.0.3 for outside. The reporter's
// address must never be in what is queued or audited.

const CAMPUS: Network = { id: 'campus', name: 'Campus network', ranges: ['127.0.0.2/32'] };
const SUPPORT = 'galaxy-help@example.edu';

let ctx: TestContext;

/** The monitor's results with Galaxy up (its public link). */
function galaxyUp() {
  const results = createStatusCache({ sources: ['probes'], dropAfterMs: 60 * 60_000 });
  results.recordSuccess('probes', [{ url: 'https://galaxy.example.edu/', status: 1 }]);
  return results;
}
let port: number;

beforeEach(async () => {
  ctx = await createTestContext({
    apps: [
      {
        id: 'galaxy',
        isPublic: true,
        name: 'Galaxy',
        links: [
          { kind: 'docs', url: 'https://docs.example.edu/galaxy' },
          // The query part (a cc, a subject) is ignored: the report goes to the address only.
          { kind: 'support', url: `mailto:${SUPPORT}?cc=someone@example.org&subject=Hi` },
        ],
      },
      {
        id: 'jupyter',
        isPublic: true,
        name: 'Jupyter',
        links: [{ kind: 'support', url: 'mailto:jupyter-team%40example.edu' }],
      },
      {
        id: 'wiki',
        isPublic: true,
        name: 'Wiki',
        links: [{ kind: 'support', url: 'https://help.example.edu/wiki' }],
      },
      { id: 'plain', isPublic: true, name: 'Plain' },
      {
        id: 'omero',
        groups: ['imaging'],
        name: 'OMERO',
        links: [{ kind: 'support', url: 'mailto:omero-help@example.edu' }],
        access: { requestable: true, group: '/imaging', approvers: ['pi'] },
      },
      {
        id: 'vault',
        groups: ['secret'],
        name: 'Vault',
        links: [{ kind: 'support', url: 'mailto:vault-help@example.edu' }],
      },
    ],
    // The monitor sees Galaxy up; the other apps have no status.
    deps: { monitor: { results: galaxyUp() } as unknown as Monitor },
  });
  const networks = createNetworksRepository(ctx.db);
  await ctx.db.transaction().execute((trx) => networks.replace(trx, [CAMPUS]));
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  port = (ctx.app.server.address() as AddressInfo).port;
});

afterEach(async () => {
  await ctx.close();
});

interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
}

/** POST a JSON body over a real socket whose local address is `from` (as get-from.ts). */
function postFrom(
  from: string,
  path: string,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<Answer> {
  const payload = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: '127.0.0.1',
        port,
        path,
        method: 'POST',
        localAddress: from,
        headers: { 'content-type': 'application/json', ...headers },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }),
        );
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

const person = async (subject = 'rita', extra: Record<string, unknown> = {}) =>
  bearer(
    await ctx.issuer.tokenFor(subject, ['/genomics'], {
      name: 'Rita Reporter',
      email: `${subject}@example.edu`,
      ...extra,
    }),
  );

const report = async (appId: string, body: unknown, from = '127.0.0.2', who?: object) =>
  postFrom(from, `/api/apps/${appId}/report`, body, {
    ...((who as Record<string, string>) ?? (await person())),
  });

async function queued() {
  const rows = await ctx.db.selectFrom('outbox').selectAll().orderBy('createdAt').execute();
  return rows.map((row) => ({ row, message: messageOf(row) }));
}

/** The one mail queued, and its row. */
async function onlyMail() {
  const rows = await queued();
  expect(rows).toHaveLength(1);
  const { row, message } = rows[0]!;
  if (message.kind !== 'mail') throw new Error('not a mail');
  return { row, mail: message };
}

const audits = () =>
  ctx.db.selectFrom('audit').selectAll().where('action', '=', 'report').orderBy('id').execute();

describe('POST /api/apps/{appId}/report', () => {
  it('queues one mail to the support address with the app, its status, the reporter and the network name, never the address', async () => {
    const answer = await report('galaxy', { message: '  The upload page hangs at 99 %.\n' });
    expect(answer.status).toBe(202);
    expect(JSON.parse(answer.body)).toEqual({ queued: true });
    const rows = await queued();
    expect(rows).toHaveLength(1);
    const { row, message } = rows[0]!;
    expect(row.state).toBe('pending');
    expect(message.kind).toBe('mail');
    if (message.kind !== 'mail') return;
    expect(message.to).toEqual([SUPPORT]);
    // Support answers the reporter directly.
    expect(message.replyTo).toBe('rita@example.edu');
    expect(message.subject).toContain('Galaxy');
    for (const part of [message.text, message.html]) {
      expect(part).toContain('Galaxy');
      expect(part).toContain('galaxy');
      expect(part).toContain('The portal shows Galaxy as: up.');
      expect(part).toContain('Rita Reporter');
      expect(part).toContain('rita@example.edu');
      expect(part).toContain('Campus network');
      expect(part).toContain('The upload page hangs at 99 %.');
    }
    // Neither the reporter's address nor the mailto: query reaches the mail.
    expect(row.payload).not.toContain('127.0.0.2');
    expect(row.payload).not.toContain('someone@example.org');
  });

  it('says "no known network" from outside the defined networks, and the status unknown', async () => {
    expect((await report('jupyter', { message: 'Kernel dies.' }, '127.0.0.3')).status).toBe(202);
    const { row, mail: message } = await onlyMail();
    // A percent-encoded mailto: address is decoded.
    expect(message.to).toEqual(['jupyter-team@example.edu']);
    expect(message.text).toContain('Sent from: no known network.');
    expect(message.text).toContain('The portal shows Jupyter as: unknown.');
    expect(row.payload).not.toContain('127.0.0.3');
  });

  it('answers an anonymous caller 401 before reading the body, and queues nothing', async () => {
    const answer = await postFrom('127.0.0.2', '/api/apps/galaxy/report', { nonsense: true });
    expect(answer.status).toBe(401);
    expect(JSON.parse(answer.body).code).toBe('unauthorized');
    expect(await queued()).toHaveLength(0);
  });

  it('answers an app the person may not open (hidden or locked) exactly as a missing one', async () => {
    const missing = await report('no-such-app', { message: 'Broken.' });
    expect(missing.status).toBe(404);
    for (const appId of ['vault', 'omero']) {
      const hidden = await report(appId, { message: 'Broken.' });
      expect(hidden.status).toBe(404);
      expect(hidden.body).toBe(missing.body);
    }
    expect(JSON.parse(missing.body)).toMatchObject({ status: 404, code: 'not_found' });
    expect(await queued()).toHaveLength(0);
    expect(await audits()).toHaveLength(0);
  });

  it('answers 409 for an app without a support e-mail address (a web page, or no link) and changes nothing', async () => {
    for (const appId of ['wiki', 'plain']) {
      const answer = await report(appId, { message: 'Broken.' });
      expect(answer.status).toBe(409);
      expect(JSON.parse(answer.body)).toMatchObject({
        code: 'no_support_address',
        message: expect.stringContaining('no support e-mail address'),
      });
    }
    expect(await queued()).toHaveLength(0);
    expect(await audits()).toHaveLength(0);
  });

  it('answers 400 for a missing, empty, blank, too long or unknown body field, and queues nothing', async () => {
    for (const body of [
      {},
      { message: '' },
      { message: ' \n\t ' },
      { message: 'x'.repeat(2001) },
      { message: 'Broken.', cc: 'x@example.org' },
      { message: 42 },
    ]) {
      const answer = await report('galaxy', body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(JSON.parse(answer.body).message).toMatch(/message|field|body/i);
    }
    expect(await queued()).toHaveLength(0);
    expect(await audits()).toHaveLength(0);
  });

  it('keeps line breaks of the name and message out of every header', async () => {
    const who = await person('eve', { name: 'Eve\r\nBcc: victim@example.org' });
    const answer = await report(
      'galaxy',
      { message: 'Hello\r\nBcc: victim@example.org\r\n\r\n<b>bold</b>' },
      '127.0.0.2',
      who,
    );
    expect(answer.status).toBe(202);
    const { mail: message } = await onlyMail();
    expect(message.to).toEqual([SUPPORT]);
    expect(message.subject).not.toMatch(/[\r\n]/);
    expect(message.subject).not.toContain('victim');
    // In the body, as text: the HTML part escapes it.
    expect(message.text).toContain('Hello\nBcc: victim@example.org');
    expect(message.html).toContain('&lt;b&gt;bold&lt;/b&gt;');
    expect(message.html).not.toContain('<b>bold</b>');
  });

  it('limits reports per person and app, then per person: 429 with Retry-After, nothing queued or audited', async () => {
    const who = await person('busy');
    for (let i = 0; i < REPORT_LIMITS.perPersonAndApp; i += 1) {
      expect((await report('galaxy', { message: `Try ${i}` }, '127.0.0.2', who)).status).toBe(202);
    }
    const refused = await report('galaxy', { message: 'Once more' }, '127.0.0.2', who);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(JSON.parse(refused.body)).toMatchObject({ code: 'too_many_reports' });
    // Another person is not held back by it.
    expect((await report('galaxy', { message: 'Me too' })).status).toBe(202);
    // The same person about another app, up to the limit per person.
    const left = REPORT_LIMITS.perPerson - REPORT_LIMITS.perPersonAndApp;
    for (let i = 0; i < left; i += 1) {
      expect((await report('jupyter', { message: `Try ${i}` }, '127.0.0.2', who)).status).toBe(202);
    }
    const over = await report('jupyter', { message: 'Once more' }, '127.0.0.2', who);
    expect(over.status).toBe(429);
    expect(over.headers['retry-after']).toBeDefined();
    const sent = REPORT_LIMITS.perPerson + 1;
    expect(await queued()).toHaveLength(sent);
    expect(await audits()).toHaveLength(sent);
  });

  it('audits the report: action report, the app, the reporter; the recipient, network, status and length, never the address', async () => {
    await report('galaxy', { message: 'Twelve chars' });
    const [entry, ...others] = await audits();
    expect(others).toHaveLength(0);
    expect(entry).toMatchObject({ appId: 'galaxy', actorSubject: 'rita', actorUsername: 'rita' });
    expect(entry!.before).toBeNull();
    expect(JSON.parse(entry!.after ?? 'null')).toEqual({
      to: [SUPPORT],
      network: 'Campus network',
      status: 'up',
      length: 12,
    });
    expect(entry!.after).not.toContain('127.0.0.2');
  });
});
