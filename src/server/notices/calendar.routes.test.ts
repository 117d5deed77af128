import ICAL from 'ical.js';
import { afterEach, describe, expect, it } from 'vitest';
import { bearer, createTestContext, type TestContext } from '../test-support/test-app.js';

// The public maintenance calendar end to end: notices posted through the admin API, the feed
// read back with a maintained iCalendar parser (ical.js, Mozilla's), not by string matching.

let ctx: TestContext;
const clock = { now: Date.parse('2026-11-03T09:00:00Z') };
const HOUR = 3_600_000;
const at = (offset: number) => new Date(clock.now + offset).toISOString();

afterEach(async () => {
  await ctx.close();
});

async function setup(env: Record<string, string> = {}) {
  ctx = await createTestContext({
    apps: [
      { id: 'galaxy', name: 'Galaxy', isPublic: true },
      { id: 'rstudio', name: 'RStudio Hiddenname', groups: ['genomics'] },
    ],
    env,
    deps: { now: () => clock.now },
  });
  const admin = await ctx.issuer.tokenFor('admin', [], {
    realm_access: { roles: ['portal-admin'] },
  });
  const post = async (notice: Record<string, unknown>) => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/admin/notices',
      headers: bearer(admin),
      payload: { severity: 'maintenance', text: '', ...notice },
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
  const remove = async (id: string) => {
    const response = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/admin/notices/${id}`,
      headers: bearer(admin),
    });
    expect(response.statusCode).toBe(204);
  };
  return { post, patch, remove };
}

async function feed(headers: Record<string, string> = {}) {
  const response = await ctx.app.inject({ url: '/calendar.ics', headers });
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toBe('text/calendar; charset=utf-8');
  const calendar = new ICAL.Component(ICAL.parse(response.body));
  const events = calendar.getAllSubcomponents('vevent').map((vevent) => {
    const event = new ICAL.Event(vevent);
    return {
      uid: event.uid,
      sequence: event.sequence,
      status: String(vevent.getFirstPropertyValue('status') ?? ''),
      summary: event.summary,
      description: event.description,
      start: event.startDate.toJSDate().toISOString(),
      end: event.endDate.toJSDate().toISOString(),
    };
  });
  return { body: response.body, calendar, events };
}

describe('GET /calendar.ics', () => {
  it('lists the posted notices as events a calendar parser reads back exactly', async () => {
    const { post } = await setup();
    const text = 'Jobs are paused; queues drain first.\nBack by noon, "probably", \\ sorry.';
    await post({
      title: 'Cluster, storage; network',
      text,
      startsAt: at(HOUR),
      endsAt: at(3 * HOUR),
    });
    const { calendar, events } = await feed();
    expect(calendar.name).toBe('vcalendar');
    expect(calendar.getFirstPropertyValue('method')).toBe('PUBLISH');
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      summary: 'Cluster, storage; network',
      description: text,
      start: at(HOUR),
      end: at(3 * HOUR),
      sequence: 0,
    });
    expect(events[0]?.uid).toMatch(/^portal-notice-[\w-]+@/);
  });

  it('keeps an edited notice under its UID and bumps its SEQUENCE', async () => {
    const { post, patch } = await setup();
    const notice = await post({ title: 'Upgrade', startsAt: at(HOUR), endsAt: at(2 * HOUR) });
    const before = (await feed()).events[0];
    await patch(notice.id, notice.version, { title: 'Upgrade, moved', endsAt: at(4 * HOUR) });
    const after = (await feed()).events;
    expect(after).toHaveLength(1);
    expect(after[0]?.uid).toBe(before?.uid);
    expect(after[0]?.sequence).toBe(1);
    expect(after[0]).toMatchObject({ summary: 'Upgrade, moved', end: at(4 * HOUR) });
  });

  it('sends a deleted notice once more as cancelled, under its UID with the next SEQUENCE', async () => {
    const { post, patch, remove } = await setup();
    const notice = await post({ title: 'Upgrade', startsAt: at(HOUR), endsAt: at(2 * HOUR) });
    await patch(notice.id, notice.version, { title: 'Upgrade, moved' });
    const hidden = await post({
      title: 'Only the hidden one',
      appIds: ['rstudio'],
      startsAt: at(HOUR),
      endsAt: at(2 * HOUR),
    });
    const before = (await feed()).events[0];
    expect(before).toMatchObject({ sequence: 1, status: '' });
    await remove(notice.id);
    await remove(hidden.id);
    const after = (await feed()).events;
    // The hidden app's notice was never in the public feed: nor is its cancellation.
    expect(after).toHaveLength(1);
    expect(after[0]).toMatchObject({
      uid: before?.uid,
      sequence: 2,
      status: 'CANCELLED',
      summary: 'Upgrade, moved',
      start: at(HOUR),
    });
    // Thirty days after its window, it leaves the feed.
    clock.now += 31 * 24 * HOUR;
    expect((await feed()).events).toEqual([]);
    clock.now -= 31 * 24 * HOUR;
  });

  it('tells anonymous subscribers only what anonymous visitors may know', async () => {
    const { post } = await setup();
    await post({
      title: 'Galaxy and RStudio',
      appIds: ['galaxy', 'rstudio'],
      startsAt: at(HOUR),
      endsAt: at(2 * HOUR),
    });
    await post({
      title: 'Only the hidden one',
      appIds: ['rstudio'],
      startsAt: at(HOUR),
      endsAt: at(2 * HOUR),
    });
    await post({ title: 'Everyone', startsAt: at(HOUR), endsAt: at(2 * HOUR) });
    // Signed in or not, the feed is the public one (it is meant to be subscribed to).
    const alice = await ctx.issuer.tokenFor('alice', ['genomics']);
    for (const headers of [{}, bearer(alice)]) {
      const { body, events } = await feed(headers);
      expect(events.map((event) => event.summary).sort()).toEqual([
        'Everyone',
        'Galaxy and RStudio',
      ]);
      expect(events.find((event) => event.summary === 'Galaxy and RStudio')?.description).toBe(
        'Apps: Galaxy',
      );
      expect(body).not.toContain('rstudio');
      expect(body).not.toContain('Hiddenname');
      expect(body).not.toContain('Only the hidden one');
    }
  });

  it('keeps ended notices for 30 days and every coming one', async () => {
    const { post } = await setup();
    const day = 24 * HOUR;
    await post({ title: 'Long ago', startsAt: at(-40 * day), endsAt: at(-31 * day) });
    await post({ title: 'Last week', startsAt: at(-8 * day), endsAt: at(-7 * day) });
    await post({ title: 'Now', startsAt: at(-HOUR), endsAt: at(HOUR) });
    await post({ title: 'Next month', startsAt: at(30 * day), endsAt: at(31 * day) });
    const { events } = await feed();
    expect(events.map((event) => event.summary)).toEqual(['Last week', 'Now', 'Next month']);
  });

  it('is named after the portal, in the visitor’s language, and empty but valid without notices', async () => {
    await setup({ PORTAL_TITLE: 'Genomics Portal' });
    const english = await feed();
    expect(english.events).toEqual([]);
    expect(english.calendar.getFirstPropertyValue('x-wr-calname')).toBe(
      'Genomics Portal: maintenance and notices',
    );
    const german = await feed({ 'accept-language': 'de' });
    expect(german.calendar.getFirstPropertyValue('x-wr-calname')).toBe(
      'Genomics Portal: Wartung und Hinweise',
    );
  });
});
