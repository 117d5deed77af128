import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { messageOf } from '../outbox/outbox.js';
import { bearer, createTestContext, type TestContext } from '../test-support/test-app.js';

// Mailing a notice to its audience (docs/notifications.md, "Mailing a notice"): a notice with
// `mailAudience` queues one mail per known person of its audience with an address, in the same
// transaction as the notice, and again for each edited version; without it, nothing is mailed.

let ctx: TestContext;
let admin: string;

const PEOPLE = [
  { subject: 'ann', groups: ['/imaging'], email: 'ann@example.edu' },
  { subject: 'bob', groups: ['genomics'], email: 'bob@example.edu' },
  { subject: 'cyd', groups: [], email: 'cyd@example.edu' },
  // Known without an address: never mailed.
  { subject: 'dee', groups: ['imaging'], email: '' },
  // Two accounts with one address: one mail.
  { subject: 'ann2', groups: ['imaging'], email: 'ann@example.edu' },
];

beforeEach(async () => {
  ctx = await createTestContext({
    apps: [
      { id: 'galaxy', isPublic: true },
      { id: 'omero', groups: ['imaging'] },
    ],
  });
  admin = await ctx.issuer.tokenFor('admin', [], { realm_access: { roles: ['portal-admin'] } });
  const at = new Date().toISOString();
  await ctx.db
    .insertInto('kcUsers')
    .values(
      PEOPLE.map((p) => ({
        id: p.subject,
        subject: p.subject,
        name: p.subject,
        username: p.subject,
        email: p.email,
        givenName: p.subject,
        groups: JSON.stringify(p.groups),
        roles: '[]',
        created: at,
        updated: at,
      })),
    )
    .execute();
});
afterEach(async () => {
  await ctx.close();
});

const notice = {
  title: 'Storage upgrade',
  text: { en: 'Files are read-only on Saturday.', de: 'Dateien sind am Samstag schreibgeschützt.' },
  severity: 'maintenance',
  startsAt: '2026-12-05T08:00:00Z',
  endsAt: '2026-12-05T18:00:00Z',
};

function call(method: 'POST' | 'PATCH', url: string, body: unknown) {
  return ctx.app.inject({ method, url, headers: bearer(admin), payload: body as object });
}

async function mails() {
  const rows = await ctx.db.selectFrom('outbox').selectAll().execute();
  return rows.map((row) => {
    const message = messageOf(row);
    if (message.kind !== 'mail') throw new Error('not a mail');
    return { row, message };
  });
}

const recipients = async () => (await mails()).flatMap(({ message }) => message.to).sort();

describe('mailing a notice to its audience', () => {
  it('nothing is mailed without mailAudience', async () => {
    const created = await call('POST', '/api/admin/notices', notice);
    expect(created.statusCode).toBe(201);
    expect(created.json().mailAudience).toBe(false);
    expect(await mails()).toEqual([]);
  });

  it('everyone: one mail per known address, in the default language, with the text and a link', async () => {
    const created = await call('POST', '/api/admin/notices', {
      ...notice,
      mailAudience: true,
      requireAck: true,
    });
    expect(created.statusCode).toBe(201);
    expect(created.json().mailAudience).toBe(true);
    expect(await recipients()).toEqual(['ann@example.edu', 'bob@example.edu', 'cyd@example.edu']);
    const [{ row, message }] = (await mails()) as [Awaited<ReturnType<typeof mails>>[number]];
    expect(row.state).toBe('pending');
    expect(message.subject).toBe('Notice: Storage upgrade');
    for (const body of [message.text, message.html]) {
      expect(body).toContain('Storage upgrade');
      expect(body).toContain('Files are read-only on Saturday.');
      expect(body).toContain('2026-12-05 08:00 UTC');
      expect(body).toContain('confirm that you have read it');
      expect(body).toContain(`${ctx.config.publicUrl.replace(/\/+$/, '')}/`);
    }
    expect(message.text).not.toContain('Samstag');
  });

  it('a group audience and a notice naming apps reach only those of the group who see one', async () => {
    await call('POST', '/api/admin/notices', {
      ...notice,
      mailAudience: true,
      audience: { kind: 'groups', groups: ['/imaging', 'genomics'] },
    });
    expect(await recipients()).toEqual(['ann@example.edu', 'bob@example.edu']);
    await ctx.db.deleteFrom('outbox').execute();
    await call('POST', '/api/admin/notices', { ...notice, mailAudience: true, appIds: ['omero'] });
    expect(await recipients()).toEqual(['ann@example.edu']);
  });

  it('an edited version with mailAudience is mailed again; a bad value saves and mails nothing', async () => {
    const id = (await call('POST', '/api/admin/notices', notice)).json().id as string;
    expect(await mails()).toEqual([]);
    const edited = await call('PATCH', `/api/admin/notices/${id}`, { mailAudience: true });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().version).toBe(2);
    expect(await recipients()).toHaveLength(3);
    const bad = await call('PATCH', `/api/admin/notices/${id}`, {
      mailAudience: 'yes',
      title: 'X',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('"mailAudience" must be true or false');
    expect(await recipients()).toHaveLength(3);
    // The audit entry records the field.
    const audit = await ctx.db
      .selectFrom('audit')
      .selectAll()
      .where('action', '=', 'notice')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(JSON.parse(audit.after!).mailAudience).toBe(true);
  });
});
