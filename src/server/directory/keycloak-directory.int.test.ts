import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  keycloakAvailability,
  SHARED_KEYCLOAK_ENV,
  sharedKeycloak,
  type RunningKeycloak,
} from '../../../scripts/keycloak/keycloak.mjs';
import {
  createKeycloakDirectory,
  GroupDirectoryError,
  type GroupDirectory,
} from './keycloak-directory.js';

// The group directory against a real Keycloak with the realm file of the repository, whose
// client `app-portal-admin` is the service account (docs/access-requests-delivery.md). Runs
// whenever this machine can provide Keycloak, like keycloak.int.test.ts.

const availability = keycloakAvailability();
if (!availability.ok)
  console.warn(`Skipping the Keycloak directory tests: ${availability.reason}.`);

const CLIENT_ID = 'app-portal-admin';
/** The test realm's value (keycloak/realm-app-portal.json); never used outside tests. */
const CLIENT_SECRET = 'dev-only-app-portal-admin-secret';

describe.skipIf(!availability.ok)('the group directory against a real Keycloak', () => {
  let keycloak: RunningKeycloak;
  let directory: GroupDirectory;
  let aliceId: string;

  beforeAll(async () => {
    keycloak = await sharedKeycloak({ log: (line) => console.info(line) });
    directory = createKeycloakDirectory({
      issuer: keycloak.issuer,
      clientId: CLIENT_ID,
      clientSecret: CLIENT_SECRET,
    });
    const genomics = await directory.groupMembers('/genomics');
    aliceId = genomics.find((member) => member.username === 'alice')?.id ?? '';
    expect(aliceId).not.toBe('');
  }, 480_000);
  afterAll(async () => {
    await keycloak?.stop();
  }, 60_000);

  it('lists every group path of the realm, sub-groups included, sorted', async () => {
    expect(await directory.listGroups()).toEqual([
      '/genomics',
      '/imaging',
      '/imaging-leads',
      '/imaging/leads',
      '/staff',
    ]);
  });

  it("lists a group's direct members with their e-mail", async () => {
    expect(await directory.groupMembers('/imaging')).toEqual([
      { id: expect.any(String) as string, username: 'bob', email: 'bob@example.edu' },
    ]);
    expect(await directory.groupMembers('/imaging-leads')).toEqual([]);
  });

  it('adds alice to /imaging and removes her again, both idempotent', async () => {
    await directory.addMember(aliceId, '/imaging');
    await directory.addMember(aliceId, '/imaging');
    const members = (await directory.groupMembers('/imaging')).map((member) => member.username);
    expect(members.sort()).toEqual(['alice', 'bob']);

    await directory.removeMember(aliceId, '/imaging');
    await directory.removeMember(aliceId, '/imaging');
    expect((await directory.groupMembers('/imaging')).map((member) => member.username)).toEqual([
      'bob',
    ]);
    // Her other groups are untouched.
    expect((await directory.groupMembers('/genomics')).map((member) => member.id)).toContain(
      aliceId,
    );
  });

  // The run's one Keycloak (scripts/keycloak/shared-keycloak-setup.mjs) gives each file a realm
  // of its own: what one file writes, another never sees, and stop() takes the realm away.
  it.skipIf(!process.env[SHARED_KEYCLOAK_ENV])(
    'on the shared Keycloak, another realm neither sees this one’s changes nor outlives stop()',
    async () => {
      const other = await sharedKeycloak();
      expect(other.url).toBe(keycloak.url);
      expect(other.issuer).not.toBe(keycloak.issuer);
      const otherDirectory = createKeycloakDirectory({
        issuer: other.issuer,
        clientId: CLIENT_ID,
        clientSecret: CLIENT_SECRET,
      });
      const otherAlice = (await otherDirectory.groupMembers('/genomics')).find(
        (member) => member.username === 'alice',
      );
      expect(otherAlice?.id).toBeDefined();
      expect(otherAlice?.id).not.toBe(aliceId);
      await otherDirectory.addMember(otherAlice?.id ?? '', '/imaging');
      try {
        expect((await directory.groupMembers('/imaging')).map((m) => m.username)).not.toContain(
          'alice',
        );
      } finally {
        await other.stop();
      }
      const discovery = await fetch(`${other.issuer}/.well-known/openid-configuration`);
      expect(discovery.status).toBe(404);
      // This file's realm is still there.
      expect((await directory.listGroups()).length).toBeGreaterThan(0);
    },
  );

  it('writes into sub-groups by their full path', async () => {
    await directory.addMember(aliceId, '/imaging/leads');
    expect((await directory.groupMembers('/imaging/leads')).map((m) => m.username)).toEqual([
      'alice',
    ]);
    await directory.removeMember(aliceId, '/imaging/leads');
    expect(await directory.groupMembers('/imaging/leads')).toEqual([]);
  });

  it('an unknown group or user is a GroupDirectoryError (not found)', async () => {
    const unknownGroup = directory.addMember(aliceId, '/no-such-group');
    await expect(unknownGroup).rejects.toBeInstanceOf(GroupDirectoryError);
    await expect(unknownGroup).rejects.toMatchObject({
      reason: 'not-found',
      message: 'no group /no-such-group in Keycloak',
    });
    await expect(directory.groupMembers('/no-such-group')).rejects.toMatchObject({
      reason: 'not-found',
    });
    await expect(
      directory.addMember('00000000-0000-0000-0000-000000000000', '/imaging'),
    ).rejects.toMatchObject({ name: 'GroupDirectoryError', reason: 'not-found' });
    await expect(directory.addMember(aliceId, 'imaging')).rejects.toMatchObject({
      reason: 'not-found',
    });
  });

  it('a wrong secret is a clear error that does not repeat the secret', async () => {
    const wrong = createKeycloakDirectory({
      issuer: keycloak.issuer,
      clientId: CLIENT_ID,
      clientSecret: 'not-the-secret-at-all',
    });
    const failure = wrong.listGroups();
    await expect(failure).rejects.toBeInstanceOf(GroupDirectoryError);
    const error = (await failure.catch((e: unknown) => e)) as GroupDirectoryError;
    expect(error.reason).toBe('denied');
    expect(error.message).toMatch(/KEYCLOAK_ADMIN_CLIENT_SECRET/);
    expect(error.message).not.toContain('not-the-secret-at-all');
  });

  it('the service account has only the roles it needs: no clients, no realm settings, no roles', async () => {
    const response = await fetch(`${keycloak.issuer}/protocol/openid-connect/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'client_credentials',
        client_id: CLIENT_ID,
        client_secret: CLIENT_SECRET,
      }),
    });
    const { access_token: token } = (await response.json()) as { access_token: string };
    const admin = keycloak.issuer.replace('/realms/', '/admin/realms/');
    for (const path of ['/clients', '/roles', '/identity-provider/instances', '/events']) {
      const refused = await fetch(`${admin}${path}`, {
        headers: { authorization: `Bearer ${token}` },
      });
      expect(refused.status, path).toBe(403);
    }
    // Nor may it sign in to the realm as a person would, nor use the portal's client.
    const password = await fetch(`${keycloak.issuer}/protocol/openid-connect/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'password',
        client_id: CLIENT_ID,
        client_secret: CLIENT_SECRET,
        username: 'alice',
        password: 'alice',
      }),
    });
    expect(password.status).toBe(400);
  });
});
