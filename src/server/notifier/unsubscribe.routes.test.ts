import { afterEach, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../test-support/test-app.js';
import { addPerson } from './test-support/notify-fixtures.js';
import { issueUnsubscribeToken, UNSUBSCRIBE_TTL_MS } from './unsubscribe.js';

let ctx: TestContext | undefined;
afterEach(async () => {
  await ctx?.close();
  ctx = undefined;
});

const FORM = { 'content-type': 'application/x-www-form-urlencoded' };

async function setup() {
  ctx = await createTestContext();
  const { db } = ctx;
  await addPerson(db, { subject: 'alice' });
  const token = await db
    .transaction()
    .execute((trx) => issueUnsubscribeToken(trx, 'alice', Date.now()));
  const channel = async () =>
    Number(
      (
        await db
          .selectFrom('subscriptions')
          .select('emailChannel')
          .where('userSubject', '=', 'alice')
          .executeTakeFirstOrThrow()
      ).emailChannel,
    );
  const audits = () =>
    db.selectFrom('audit').selectAll().where('action', '=', 'unsubscribe').execute();
  return { ctx, db, token, channel, audits };
}

describe('GET /unsubscribe', () => {
  it('shows a page with a button and changes nothing (mail scanners open links)', async () => {
    const { ctx, token, channel } = await setup();
    for (let i = 0; i < 3; i += 1) {
      const page = await ctx.app.inject({ method: 'GET', url: `/unsubscribe?token=${token}` });
      expect(page.statusCode).toBe(200);
      expect(page.headers['cache-control']).toBe('no-store');
      expect(page.body).toContain('<form method="post" action="/unsubscribe">');
      expect(page.body).toContain(`name="token" value="${token}"`);
    }
    expect(await channel()).toBe(1);
  });

  it('answers 400 for an unknown token', async () => {
    const { ctx } = await setup();
    const page = await ctx.app.inject({ method: 'GET', url: '/unsubscribe?token=nope' });
    expect(page.statusCode).toBe(400);
    expect(page.body).toContain('This unsubscribe link is not valid');
  });
});

describe('POST /unsubscribe', () => {
  it('one-click (RFC 8058 body, token in the query): e-mail off, audited, once', async () => {
    const { ctx, token, channel, audits } = await setup();
    const response = await ctx.app.inject({
      method: 'POST',
      url: `/unsubscribe?token=${token}`,
      headers: FORM,
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('You will no longer get these e-mails.');
    expect(response.body).toContain('href="/settings"');
    expect(await channel()).toBe(0);
    const entries = await audits();
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ actorSubject: 'alice', appId: null });

    // Reused: already unsubscribed, nothing changed.
    const again = await ctx.app.inject({
      method: 'POST',
      url: `/unsubscribe?token=${token}`,
      headers: FORM,
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(again.statusCode).toBe(200);
    expect(again.body).toContain('already unsubscribed');
    expect(await audits()).toHaveLength(1);
  });

  it('takes the token from the form (the page’s button)', async () => {
    const { ctx, token, channel } = await setup();
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/unsubscribe',
      headers: FORM,
      payload: `token=${token}`,
    });
    expect(response.statusCode).toBe(200);
    expect(await channel()).toBe(0);
  });

  it('refuses forged and unknown tokens with 400 and changes nothing', async () => {
    const { ctx, token, channel, audits } = await setup();
    const forged = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`;
    for (const bad of [forged, '', 'x'.repeat(43), '<script>']) {
      const response = await ctx.app.inject({
        method: 'POST',
        url: `/unsubscribe?token=${encodeURIComponent(bad)}`,
        headers: FORM,
        payload: 'List-Unsubscribe=One-Click',
      });
      expect(response.statusCode).toBe(400);
      expect(response.body).toContain('This unsubscribe link is not valid');
    }
    expect(await channel()).toBe(1);
    expect(await audits()).toEqual([]);
  });

  it('refuses an expired token with 400 and changes nothing', async () => {
    const { ctx, db, channel } = await setup();
    const old = await db
      .transaction()
      .execute((trx) => issueUnsubscribeToken(trx, 'alice', Date.now() - UNSUBSCRIBE_TTL_MS - 1));
    const response = await ctx.app.inject({
      method: 'POST',
      url: `/unsubscribe?token=${old}`,
      headers: FORM,
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(response.statusCode).toBe(400);
    expect(response.body).toContain('has expired');
    expect(await channel()).toBe(1);
  });

  // Exempt from the portal's same-origin guard on purpose: a mail client posts from its own
  // site, and a browser may still carry the session cookie. Any other route would answer 403.
  it('works cross-site, even with a session cookie (mail clients post from elsewhere)', async () => {
    const { ctx, token, channel } = await setup();
    const headers = {
      ...FORM,
      origin: 'https://mail.example.com',
      'sec-fetch-site': 'cross-site',
      cookie: 'portal_session=whatever',
    };
    // The guard is there for the portal's own routes.
    const guarded = await ctx.app.inject({
      method: 'PUT',
      url: '/api/me/favorites/napari',
      headers,
    });
    expect(guarded.statusCode).toBe(403);
    const response = await ctx.app.inject({
      method: 'POST',
      url: `/unsubscribe?token=${token}`,
      headers,
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(response.statusCode).toBe(200);
    expect(await channel()).toBe(0);
  });

  it('answers in the visitor’s language', async () => {
    const { ctx, token } = await setup();
    const response = await ctx.app.inject({
      method: 'POST',
      url: `/unsubscribe?token=${token}`,
      headers: { ...FORM, 'accept-language': 'de' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(response.body).toContain('Sie erhalten diese E-Mails nicht mehr.');
  });
});
