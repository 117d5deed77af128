import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { GroupDirectory } from '../directory/keycloak-directory.js';
import { GroupDirectoryError } from '../directory/keycloak-directory.js';
import { createOutbox } from '../outbox/outbox.js';
import { createOutboxSender } from '../outbox/outbox-sender.js';
import { bearer, createTestContext, type TestContext } from '../test-support/test-app.js';

// The admins' view of the access notifications (GET /api/admin/outbox, retry) and the group
// picker fed by the identity provider's groups.

let ctx: TestContext;
let adminToken: string;
let aliceToken: string;
let directoryGroups: string[] | Error = [];

/** The identity provider's side, as the picker reads it (the real one: keycloak-directory.int.test.ts). */
const directory: GroupDirectory = {
  listGroups: async () => {
    if (directoryGroups instanceof Error) throw directoryGroups;
    return directoryGroups;
  },
  addMember: async () => undefined,
  removeMember: async () => undefined,
  groupMembers: async () => [],
};

async function setup(withDirectory: boolean) {
  ctx = await createTestContext({
    apps: [{ id: 'rstudio', name: 'RStudio', groups: ['genomics', 'old-lab'] }],
    deps: withDirectory ? { groupDirectory: directory } : {},
  });
  adminToken = await ctx.issuer.tokenFor('admin', [], {
    realm_access: { roles: ['portal-admin'] },
  });
  aliceToken = await ctx.issuer.tokenFor('alice', ['/genomics']);
}

afterEach(async () => {
  await ctx.close();
  directoryGroups = [];
});

const call = (method: 'GET' | 'POST', url: string, token = adminToken) =>
  ctx.app.inject({ method, url, headers: bearer(token) });

describe('GET /api/admin/outbox and retry', () => {
  beforeEach(() => setup(false));

  it('is for admins only', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/api/admin/outbox' })).statusCode).toBe(
      401,
    );
    expect((await call('GET', '/api/admin/outbox', aliceToken)).statusCode).toBe(403);
    const retry = await call('POST', '/api/admin/outbox/aaaaaaaaaaaaaaa/retry', aliceToken);
    expect(retry.statusCode).toBe(403);
  });

  it('lists deliveries newest first with the list convention, filters by state, and retries a failed one', async () => {
    const outbox = createOutbox();
    await outbox.enqueue(ctx.db, [
      {
        kind: 'mail',
        to: ['pi@example.edu'],
        subject: 'Access request: RStudio',
        text: 't',
        html: '<p>t</p>',
      },
    ]);
    await outbox.enqueue(ctx.db, [
      { kind: 'webhook', event: 'access.request.created', payload: { a: 1 } },
    ]);
    // No SMTP, no webhook configured: both are skipped.
    await createOutboxSender({ db: ctx.db, mailer: null, webhook: null }).runOnce();
    await ctx.db
      .updateTable('outbox')
      .set({ state: 'failed', lastError: 'connect ECONNREFUSED' })
      .where('kind', '=', 'mail')
      .execute();

    const all = await call('GET', '/api/admin/outbox?perPage=1');
    expect(all.statusCode).toBe(200);
    expect(all.json()).toMatchObject({ page: 1, perPage: 1, totalItems: 2, totalPages: 2 });
    const failed = (await call('GET', '/api/admin/outbox?state=failed')).json();
    expect(failed.items).toEqual([
      expect.objectContaining({
        kind: 'mail',
        to: ['pi@example.edu'],
        summary: 'Access request: RStudio',
        state: 'failed',
        attempts: 1,
        lastError: 'connect ECONNREFUSED',
        nextAttemptAt: null,
      }),
    ]);
    expect(failed.items[0]).not.toHaveProperty('text');
    expect((await call('GET', '/api/admin/outbox?state=lost')).statusCode).toBe(400);

    const id = failed.items[0].id as string;
    const retried = await call('POST', `/api/admin/outbox/${id}/retry`);
    expect(retried.statusCode).toBe(200);
    expect(retried.json()).toMatchObject({ id, state: 'pending', attempts: 0 });
    // Audited: who, which delivery, how it stood before.
    const audit = (await call('GET', '/api/admin/audit')).json();
    expect(audit.items[0]).toMatchObject({
      action: 'delivery-retry',
      actor: { username: 'admin' },
      appId: null,
      before: { delivery: id, state: 'failed', attempts: 1, lastError: 'connect ECONNREFUSED' },
      after: {
        delivery: id,
        kind: 'mail',
        to: ['pi@example.edu'],
        summary: 'Access request: RStudio',
        state: 'pending',
      },
    });
    const again = await call('POST', `/api/admin/outbox/${id}/retry`);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      status: 409,
      code: 'conflict',
      message: 'Only a failed or skipped delivery can be retried.',
    });
    const unknown = await call('POST', '/api/admin/outbox/zzzzzzzzzzzzzzz/retry');
    expect(unknown.statusCode).toBe(404);
    expect((await call('POST', '/api/admin/outbox/..%2Fx/retry')).statusCode).toBe(400);
    // Only the retry that happened is in the audit log.
    const retries = (await call('GET', '/api/admin/audit'))
      .json()
      .items.filter((item: { action: string }) => item.action === 'delivery-retry');
    expect(retries).toHaveLength(1);
  });

  it('is in the OpenAPI document', async () => {
    const doc = (await ctx.app.inject({ method: 'GET', url: '/api/docs/openapi.json' })).json();
    expect(doc.paths['/api/admin/outbox'].get.operationId).toBe('listDeliveries');
    expect(doc.paths['/api/admin/outbox/{deliveryId}/retry'].post.operationId).toBe(
      'retryDelivery',
    );
  });
});

describe('the group picker (GET /api/admin/groups)', () => {
  it("offers the identity provider's groups when the service account is set", async () => {
    await setup(true);
    directoryGroups = ['/staff', '/genomics', '/imaging', '/imaging/leads'];
    const groups = (await call('GET', '/api/admin/groups')).json();
    expect(groups.items).toEqual([
      { name: 'genomics', apps: 1, users: 0 },
      { name: 'imaging', apps: 0, users: 0 },
      { name: 'imaging/leads', apps: 0, users: 0 },
      { name: 'staff', apps: 0, users: 0 },
    ]);
  });

  it('falls back to the groups seen on apps and users when the directory fails', async () => {
    await setup(true);
    directoryGroups = new GroupDirectoryError(
      'Keycloak not reachable (token): timed out',
      'unavailable',
    );
    const groups = await call('GET', '/api/admin/groups');
    expect(groups.statusCode).toBe(200);
    expect(groups.json().items.map((g: { name: string }) => g.name)).toEqual([
      'genomics',
      'old-lab',
    ]);
  });

  it('offers the groups seen on apps and users without a service account', async () => {
    await setup(false);
    const groups = (await call('GET', '/api/admin/groups')).json();
    expect(groups.items.map((g: { name: string }) => g.name)).toEqual(['genomics', 'old-lab']);
  });
});
