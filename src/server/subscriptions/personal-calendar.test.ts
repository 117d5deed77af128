import ICAL from 'ical.js';
import { afterEach, describe, expect, it } from 'vitest';
import { bearer, createTestContext, type TestContext } from '../test-support/test-app.js';

// The personal maintenance calendar: made, renewed and removed on the settings page, read back
// with ical.js. It holds the notices of the person's audience about the apps they may see.

let ctx: TestContext;
const clock = { now: Date.parse('2026-11-03T09:00:00Z') };
const HOUR = 3_600_000;
const at = (offset: number) => new Date(clock.now + offset).toISOString();

afterEach(async () => {
  await ctx.close();
});

async function setup() {
  ctx = await createTestContext({
    apps: [
      { id: 'galaxy', name: 'Galaxy', isPublic: true },
      { id: 'rstudio', name: 'RStudio', groups: ['genomics'] },
      { id: 'scanner', name: 'Scanner', groups: ['imaging'] },
    ],
    env: { PUBLIC_URL: 'https://portal.example.edu' },
    deps: { now: () => clock.now },
  });
  const admin = await ctx.issuer.tokenFor('admin', [], {
    realm_access: { roles: ['portal-admin'] },
  });
  const alice = await ctx.issuer.tokenFor('alice', ['/genomics']);
  // Known to the portal: the calendar is read with the groups of the person's last sign-in.
  await ctx.app.inject({ method: 'GET', url: '/api/me', headers: bearer(alice) });
  const post = async (notice: Record<string, unknown>) => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/admin/notices',
      headers: bearer(admin),
      payload: {
        severity: 'maintenance',
        text: '',
        startsAt: at(HOUR),
        endsAt: at(2 * HOUR),
        ...notice,
      },
    });
    expect(response.statusCode).toBe(201);
    return response.json<{ id: string; version: number }>();
  };
  const patch = async (id: string, version: number, change: Record<string, unknown>) => {
    const response = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/admin/notices/${id}`,
      headers: { ...bearer(admin), 'if-match': `"${version}"` },
      payload: change,
    });
    expect(response.statusCode).toBe(200);
  };
  return { alice, post, patch };
}

async function calendarAction(token: string, action: string) {
  return ctx.app.inject({
    method: 'POST',
    url: '/settings',
    headers: { ...bearer(token), 'content-type': 'application/x-www-form-urlencoded' },
    payload: `action=${action}`,
  });
}

/** Creates (or renews) the calendar; its URL, shown on the answer's page only. */
async function makeCalendar(token: string, action = 'calendar-create'): Promise<string> {
  const response = await calendarAction(token, action);
  expect(response.statusCode).toBe(200);
  expect(response.body).toContain('Copy it now: it cannot be shown again.');
  const url = /id="calendar-url" type="text" readonly value="([^"]+)"/.exec(response.body)?.[1];
  expect(url).toMatch(/^https:\/\/portal\.example\.edu\/calendar\/[\w-]{40,}\.ics$/);
  return url as string;
}

async function feed(url: string) {
  const response = await ctx.app.inject({ method: 'GET', url: new URL(url, 'http://x').pathname });
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toBe('text/calendar; charset=utf-8');
  const calendar = new ICAL.Component(ICAL.parse(response.body));
  return calendar.getAllSubcomponents('vevent').map((vevent) => {
    const event = new ICAL.Event(vevent);
    return {
      uid: event.uid,
      sequence: event.sequence,
      summary: event.summary,
      description: event.description,
    };
  });
}

describe('GET /calendar/{secret}.ics', () => {
  it('lists the notices of the person’s audience about the apps they may see', async () => {
    const { alice, post } = await setup();
    await post({ title: 'Everyone about Galaxy', appIds: ['galaxy'] });
    await post({ title: 'Genomics only', audience: { kind: 'groups', groups: ['/genomics'] } });
    await post({ title: 'Signed-in people', audience: { kind: 'signed-in' } });
    await post({ title: 'RStudio and Scanner', appIds: ['rstudio', 'scanner'] });
    await post({ title: 'Scanner only', appIds: ['scanner'] });
    await post({ title: 'Imaging only', audience: { kind: 'groups', groups: ['/imaging'] } });
    const url = await makeCalendar(alice);
    const events = await feed(url);
    expect(events.map((event) => event.summary).sort()).toEqual([
      'Everyone about Galaxy',
      'Genomics only',
      'RStudio and Scanner',
      'Signed-in people',
    ]);
    expect(events.find((event) => event.summary === 'RStudio and Scanner')?.description).toBe(
      'Apps: RStudio',
    );
    // The public feed has only what anonymous visitors may know.
    const open = await ctx.app.inject({ method: 'GET', url: '/calendar.ics' });
    expect(open.body).toContain('Everyone about Galaxy');
    expect(open.body).not.toContain('Genomics only');
  });

  it('keeps an edited notice’s UID and bumps its SEQUENCE, in both feeds', async () => {
    const { alice, post, patch } = await setup();
    const notice = await post({ title: 'Upgrade' });
    const url = await makeCalendar(alice);
    const publicFeed = '/calendar.ics';
    const [mine] = await feed(url);
    const [open] = await feed(publicFeed);
    expect(mine?.uid).toBe(open?.uid);
    expect(mine?.sequence).toBe(0);
    await patch(notice.id, notice.version, { title: 'Upgrade, moved' });
    for (const source of [url, publicFeed]) {
      const events = await feed(source);
      expect(events).toHaveLength(1);
      expect(events[0]).toMatchObject({ uid: mine?.uid, sequence: 1, summary: 'Upgrade, moved' });
    }
  });

  it('answers 404 to an unknown secret, to a renewed one’s old URL and after removal', async () => {
    const { alice } = await setup();
    expect(
      (
        await ctx.app.inject({
          method: 'GET',
          url: '/calendar/not-a-real-secret-at-all-0123456789.ics',
        })
      ).statusCode,
    ).toBe(404);
    const first = await makeCalendar(alice);
    await feed(first);
    expect(
      (await ctx.app.inject({ method: 'GET', url: '/settings', headers: bearer(alice) })).body,
    ).not.toContain(first);

    const renewed = await makeCalendar(alice, 'calendar-renew');
    expect(renewed).not.toBe(first);
    expect((await ctx.app.inject({ method: 'GET', url: new URL(first).pathname })).statusCode).toBe(
      404,
    );
    await feed(renewed);

    const removed = await calendarAction(alice, 'calendar-remove');
    expect(removed.statusCode).toBe(303);
    expect(removed.headers.location).toBe('/settings?saved=calendar-removed');
    expect(
      (await ctx.app.inject({ method: 'GET', url: new URL(renewed).pathname })).statusCode,
    ).toBe(404);
    const row = await ctx.db.selectFrom('subscriptions').selectAll().executeTakeFirstOrThrow();
    expect(row.calendarSecretDigest).toBeNull();

    // Audited without the secret: created, renewed, removed.
    const audits = await ctx.db
      .selectFrom('audit')
      .select(['before', 'after'])
      .where('action', '=', 'subscriptions')
      .orderBy('id')
      .execute();
    expect(audits.map((entry) => entry.after)).toEqual([
      '{"calendar":true}',
      '{"calendar":true,"renewed":true}',
      '{"calendar":false}',
    ]);
    for (const url of [first, renewed]) {
      const secret = /calendar\/(.+)\.ics$/.exec(url)?.[1] ?? '';
      expect(JSON.stringify(audits)).not.toContain(secret);
    }
  });

  it('keeps only the secret’s digest', async () => {
    const { alice } = await setup();
    const url = await makeCalendar(alice);
    const secret = /calendar\/(.+)\.ics$/.exec(url)?.[1] ?? '';
    const row = await ctx.db.selectFrom('subscriptions').selectAll().executeTakeFirstOrThrow();
    expect(row.calendarSecretDigest).toMatch(/^[\w-]{43}$/);
    expect(row.calendarSecretDigest).not.toBe(secret);
  });
});
