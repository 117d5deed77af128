import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import {
  createKeycloakDirectory,
  GroupDirectoryError,
  keycloakAdminUrl,
} from './keycloak-directory.js';

// The directory's own rules (token cache, one retry on 401, errors) against a small loopback
// stand-in; keycloak-directory.int.test.ts runs it against a real Keycloak.

let server: Server | undefined;
afterEach(async () => {
  const running = server;
  server = undefined;
  if (!running) return;
  running.closeAllConnections();
  await new Promise((resolve) => running.close(resolve));
});

async function fakeKeycloak(
  handle: (request: IncomingMessage) => { status: number; body?: unknown },
) {
  const seen: string[] = [];
  server = createServer((request, response) => {
    seen.push(`${request.method} ${request.url} ${request.headers.authorization ?? ''}`);
    request.resume();
    request.on('end', () => {
      const { status, body } = handle(request);
      response.statusCode = status;
      response.setHeader('content-type', 'application/json');
      response.end(body === undefined ? '' : JSON.stringify(body));
    });
  });
  await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { issuer: `http://127.0.0.1:${port}/realms/lab`, seen };
}

describe('keycloakAdminUrl', () => {
  it('derives the admin base from a Keycloak issuer', () => {
    expect(keycloakAdminUrl('https://sso.example.edu/realms/app-portal')).toBe(
      'https://sso.example.edu/admin/realms/app-portal',
    );
    expect(keycloakAdminUrl('https://sso.example.edu/auth/realms/lab/')).toBe(
      'https://sso.example.edu/auth/admin/realms/lab',
    );
    expect(keycloakAdminUrl('https://login.example.com/tenant')).toBeUndefined();
  });
});

describe('the Keycloak group directory', () => {
  it('caches the service-account token until shortly before it expires', async () => {
    let tokens = 0;
    const kc = await fakeKeycloak((request) => {
      if (request.url?.endsWith('/token'))
        return { status: 200, body: { access_token: `t${(tokens += 1)}`, expires_in: 300 } };
      return { status: 200, body: [] };
    });
    let clock = 0;
    const directory = createKeycloakDirectory({
      issuer: kc.issuer,
      clientId: 'c',
      clientSecret: 's',
      now: () => clock,
    });
    await Promise.all([directory.listGroups(), directory.listGroups()]);
    await directory.listGroups();
    expect(tokens).toBe(1);
    clock += 271_000;
    await directory.listGroups();
    expect(tokens).toBe(2);
    expect(
      kc.seen
        .filter((line) => line.includes('/admin/realms/lab/groups'))
        .every((l) => /Bearer t[12]$/.test(l)),
    ).toBe(true);
    expect(kc.seen[0]).toMatch(/^POST \/realms\/lab\/protocol\/openid-connect\/token Basic /);
  });

  it('fetches a new token once when Keycloak says the cached one is no longer valid', async () => {
    let tokens = 0;
    const kc = await fakeKeycloak((request) => {
      if (request.url?.endsWith('/token'))
        return { status: 200, body: { access_token: `t${(tokens += 1)}`, expires_in: 300 } };
      return request.headers.authorization === 'Bearer t1'
        ? { status: 401 }
        : { status: 200, body: [] };
    });
    const directory = createKeycloakDirectory({
      issuer: kc.issuer,
      clientId: 'c',
      clientSecret: 's',
    });
    expect(await directory.listGroups()).toEqual([]);
    expect(tokens).toBe(2);
  });

  it('says clearly when a role is missing, and never shows the token', async () => {
    const kc = await fakeKeycloak((request) =>
      request.url?.endsWith('/token')
        ? { status: 200, body: { access_token: 'tok-123456', expires_in: 300 } }
        : { status: 403 },
    );
    const directory = createKeycloakDirectory({
      issuer: kc.issuer,
      clientId: 'c',
      clientSecret: 's',
    });
    const error = (await directory
      .addMember('u1', '/imaging')
      .catch((e: unknown) => e)) as GroupDirectoryError;
    expect(error).toBeInstanceOf(GroupDirectoryError);
    expect(error.reason).toBe('denied');
    expect(error.message).toMatch(/lacks a realm-management role/);
    expect(error.message).not.toContain('tok-123456');
  });

  it('an unreachable or slow Keycloak is "unavailable"', async () => {
    const kc = await fakeKeycloak(() => ({ status: 200, body: {} }));
    server?.removeAllListeners('request');
    server?.on('request', () => undefined); // never answers
    const slow = createKeycloakDirectory({
      issuer: kc.issuer,
      clientId: 'c',
      clientSecret: 's',
      timeoutMs: 200,
    });
    await expect(slow.listGroups()).rejects.toMatchObject({
      reason: 'unavailable',
      message: 'Keycloak not reachable (token): timed out',
    });
    const down = createKeycloakDirectory({
      issuer: 'http://127.0.0.1:9/realms/lab',
      clientId: 'c',
      clientSecret: 's',
    });
    await expect(down.listGroups()).rejects.toMatchObject({
      name: 'GroupDirectoryError',
      reason: 'unavailable',
    });
  });

  it('refuses group paths and user ids that could change the address it calls', async () => {
    const directory = createKeycloakDirectory({
      issuer: 'http://127.0.0.1:9/realms/lab',
      clientId: 'c',
      clientSecret: 's',
    });
    for (const [user, group] of [
      ['u1', 'imaging'],
      ['u1', '/'],
      ['u1', '/a//b'],
      ['../x', '/imaging'],
      ['a?b', '/imaging'],
      ['', '/imaging'],
    ]) {
      await expect(directory.addMember(user ?? '', group ?? '')).rejects.toMatchObject({
        reason: 'not-found',
      });
    }
  });

  // A subject `..` once turned a membership removal into DELETE /groups/{id}: the whole group.
  it.each([
    ['a subject ..', '..', '/imaging'],
    ['a subject .', '.', '/imaging'],
    ['a group segment ..', 'u1', '/imaging/..'],
    ['a group segment .', 'u1', '/./imaging'],
    ['a group of ..', 'u1', '/..'],
  ])('refuses %s and sends Keycloak nothing', async (_name, user, group) => {
    const kc = await fakeKeycloak((request) => {
      if (request.url?.endsWith('/token'))
        return { status: 200, body: { access_token: 't', expires_in: 300 } };
      if (request.url?.includes('/group-by-path/')) return { status: 200, body: { id: 'g1' } };
      return { status: 204 };
    });
    const directory = createKeycloakDirectory({
      issuer: kc.issuer,
      clientId: 'c',
      clientSecret: 's',
    });
    await expect(directory.removeMember(user, group)).rejects.toMatchObject({
      reason: 'not-found',
    });
    await expect(directory.addMember(user, group)).rejects.toMatchObject({ reason: 'not-found' });
    if (user === 'u1') {
      await expect(directory.groupMembers(group)).rejects.toMatchObject({ reason: 'not-found' });
    }
    expect(kc.seen.filter((line) => line.includes('/admin/'))).toEqual([]);
  });

  it('never lets an id Keycloak returns change the address: a group id of .. is refused', async () => {
    const kc = await fakeKeycloak((request) => {
      if (request.url?.endsWith('/token'))
        return { status: 200, body: { access_token: 't', expires_in: 300 } };
      if (request.url?.includes('/group-by-path/')) return { status: 200, body: { id: '..' } };
      return { status: 204 };
    });
    const directory = createKeycloakDirectory({
      issuer: kc.issuer,
      clientId: 'c',
      clientSecret: 's',
    });
    await expect(directory.removeMember('u1', '/imaging')).rejects.toBeInstanceOf(
      GroupDirectoryError,
    );
    expect(kc.seen.some((line) => /^DELETE /.test(line))).toBe(false);
  });

  it('encodes every other value as one path segment', async () => {
    const kc = await fakeKeycloak((request) => {
      if (request.url?.endsWith('/token'))
        return { status: 200, body: { access_token: 't', expires_in: 300 } };
      if (request.url?.includes('/group-by-path/')) return { status: 200, body: { id: 'g 1/2' } };
      return { status: 204 };
    });
    const directory = createKeycloakDirectory({
      issuer: kc.issuer,
      clientId: 'c',
      clientSecret: 's',
    });
    await directory.addMember('user:1', '/lab ä/..x');
    expect(
      kc.seen
        .filter((line) => line.includes('/admin/'))
        .map((l) => l.split(' ').slice(0, 2).join(' ')),
    ).toEqual([
      'GET /admin/realms/lab/group-by-path/lab%20%C3%A4/..x',
      'PUT /admin/realms/lab/users/user%3A1/groups/g%201%2F2',
    ]);
  });
});
