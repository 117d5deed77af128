import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Network } from '../../shared/network/networks.js';
// The real renderer, as page.routes.test.ts: the page is checked with the components hydrated.
// eslint-disable-next-line no-restricted-imports
import { render } from '../../web/entry-server.js';
import { createNetworksRepository } from '../networks/networks.repository.js';
import { getFrom as getFromPort } from '../test-support/get-from.js';
import { bearer, createTestContext, type TestContext } from '../test-support/test-app.js';

// What visitors see of apps with addresses per network (docs/networks.md, "What visitors see"),
// over real sockets: 127.0.0.2 stands for campus, 127.0.0.3 for outside. The internal host name
// must be absent from every answer that does not come from campus.

const INTERNAL = 'intra-campus.example.edu';
const CAMPUS: Network = {
  id: 'campus',
  name: 'Campus network',
  ranges: ['127.0.0.2/32'],
  help: 'https://it.example.edu/vpn',
  helpText: 'Off campus, connect to the VPN first.',
};
const VPN: Network = { id: 'vpn', name: 'VPN', ranges: ['127.0.0.5/32'] };
const LINKS = [
  { kind: 'support', url: 'mailto:galaxy-help@example.edu', label: 'Galaxy team' },
  { kind: 'status', url: 'https://status.example.edu/galaxy' },
];
const TEMPLATE =
  '<!doctype html><html lang="en"><head><title>App Portal</title></head>' +
  '<body><div id="root"></div></body></html>\n';

let ctx: TestContext;
let webRoot: string;
let port: number;

beforeAll(async () => {
  webRoot = mkdtempSync(join(tmpdir(), 'reachable-app-'));
  writeFileSync(join(webRoot, 'index.html'), TEMPLATE);
  mkdirSync(join(webRoot, 'assets'));
  ctx = await createTestContext({
    apps: [
      {
        id: 'galaxy',
        isPublic: true,
        name: 'Galaxy',
        link: '',
        addresses: [
          { network: 'campus', url: `https://galaxy.${INTERNAL}/` },
          { network: 'vpn', url: `https://galaxy.vpn-${INTERNAL}/` },
        ],
        links: LINKS,
      },
      {
        id: 'wiki',
        isPublic: true,
        name: 'Wiki',
        link: 'https://wiki.example.edu/',
        addresses: [{ network: 'campus', url: `https://wiki.${INTERNAL}/` }],
      },
      { id: 'plain', isPublic: true, name: 'Plain' },
      {
        id: 'omero',
        groups: ['imaging'],
        name: 'OMERO',
        link: '',
        addresses: [{ network: 'campus', url: `https://omero.${INTERNAL}/` }],
        links: [{ kind: 'docs', url: 'https://omero-docs.example.edu/' }],
        access: { requestable: true, group: '/imaging', approvers: ['pi'] },
      },
    ],
    deps: { webRoot, renderPage: render },
  });
  const repository = createNetworksRepository(ctx.db);
  await ctx.db.transaction().execute((trx) => repository.replace(trx, [CAMPUS, VPN]));
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  port = (ctx.app.server.address() as AddressInfo).port;
});

afterAll(async () => {
  await ctx.close();
  rmSync(webRoot, { recursive: true, force: true });
});

/** GET `path` over a real socket from the local address `from` (get-from.ts). */
const getFrom = (from: string, path: string, headers: Record<string, string> = {}) =>
  getFromPort(port, from, path, headers);

/** A signed-in person who may open the public apps (a bearer token). */
const signedIn = async () => bearer(await ctx.issuer.tokenFor('visitor', ['genomics']));

type Item = { id: string; link?: string | null; links?: unknown; onlyFrom?: unknown };
const byId = (body: string) =>
  new Map((JSON.parse(body) as { items: Item[] }).items.map((app) => [app.id, app]));

describe('GET /api/apps from campus and from outside', () => {
  it('gives a signed-in person on campus the campus addresses and the typed links', async () => {
    const apps = byId((await getFrom('127.0.0.2', '/api/apps', await signedIn())).body);
    expect(apps.get('galaxy')).toMatchObject({ link: `https://galaxy.${INTERNAL}/`, links: LINKS });
    expect(apps.get('galaxy')).not.toHaveProperty('onlyFrom');
    expect(apps.get('wiki')?.link).toBe(`https://wiki.${INTERNAL}/`);
    expect(apps.get('plain')).toEqual(
      expect.objectContaining({ link: 'https://plain.example.edu/' }),
    );
    expect(apps.get('plain')).not.toHaveProperty('links');
  });

  it('gives an anonymous visitor no internal address, on campus too', async () => {
    const answer = await getFrom('127.0.0.2', '/api/apps');
    expect(answer.body).not.toContain(INTERNAL);
    const apps = byId(answer.body);
    expect(apps.get('galaxy')).toMatchObject({
      link: null,
      onlyFrom: { networks: ['Campus network', 'VPN'] },
    });
    expect(apps.get('wiki')?.link).toBe('https://wiki.example.edu/');
  });

  it('gives outside link null and where the app answers, never an internal address', async () => {
    const answer = await getFrom('127.0.0.3', '/api/apps', await signedIn());
    expect(answer.body).not.toContain(INTERNAL);
    const apps = byId(answer.body);
    expect(apps.get('galaxy')).toMatchObject({
      link: null,
      links: LINKS,
      onlyFrom: {
        networks: ['Campus network', 'VPN'],
        help: CAMPUS.help,
        helpText: CAMPUS.helpText,
      },
    });
    // A public link works from anywhere.
    expect(apps.get('wiki')).toMatchObject({ link: 'https://wiki.example.edu/' });
    expect(apps.get('wiki')).not.toHaveProperty('onlyFrom');
  });

  it('believes no X-Forwarded-For or Forwarded from a peer that is not a trusted proxy', async () => {
    const answer = await getFrom('127.0.0.3', '/api/apps', {
      ...(await signedIn()),
      'x-forwarded-for': '127.0.0.2',
      forwarded: 'for=127.0.0.2',
    });
    expect(answer.body).not.toContain(INTERNAL);
    expect(byId(answer.body).get('galaxy')?.link).toBeNull();
  });

  it('never revalidates one network’s answer for another (the ETag is the answer’s)', async () => {
    const person = await signedIn();
    const campus = await getFrom('127.0.0.2', '/api/apps', person);
    expect(campus.body).toContain(INTERNAL);
    const etag = String(campus.headers.etag);
    const outside = await getFrom('127.0.0.3', '/api/apps', { ...person, 'if-none-match': etag });
    expect(outside.status).toBe(200);
    expect(outside.body).not.toContain(INTERNAL);
  });

  it('never puts addresses or typed links in a locked card, even on campus', async () => {
    const token = await ctx.issuer.tokenFor('visitor', ['genomics']);
    const answer = await getFrom('127.0.0.2', '/api/apps', bearer(token));
    const omero = byId(answer.body).get('omero');
    expect(omero).toMatchObject({ locked: true });
    expect(omero).not.toHaveProperty('link');
    expect(omero).not.toHaveProperty('links');
    expect(answer.body).not.toContain(`omero.${INTERNAL}`);
    expect(answer.body).not.toContain('omero-docs.example.edu');
    // A member on campus gets the app's campus address.
    const member = await ctx.issuer.tokenFor('member', ['imaging']);
    const open = byId((await getFrom('127.0.0.2', '/api/apps', bearer(member))).body);
    expect(open.get('omero')?.link).toBe(`https://omero.${INTERNAL}/`);
    const away = await getFrom('127.0.0.3', '/api/apps', bearer(member));
    expect(away.body).not.toContain(INTERNAL);
  });
});

describe('the server-rendered page from campus and from outside', () => {
  it('shows a signed-in person on campus the campus address; anonymous and outside none', async () => {
    const person = await signedIn();
    const campus = await getFrom('127.0.0.2', '/', person);
    expect(campus.status).toBe(200);
    expect(campus.body).toContain(`https://galaxy.${INTERNAL}/`);
    const anonymous = await getFrom('127.0.0.2', '/');
    expect(anonymous.status).toBe(200);
    expect(anonymous.body).not.toContain(INTERNAL);
    expect(anonymous.body).toContain('Only on Campus network or VPN');
    const outside = await getFrom('127.0.0.3', '/', person);
    expect(outside.status).toBe(200);
    expect(outside.body).not.toContain(INTERNAL);
    expect(outside.body).toContain('Campus network');
    // The card's markup, before any JavaScript: where the app answers and how to connect.
    expect(outside.body).toContain('Only on Campus network or VPN');
    expect(outside.body).toContain(`href="${CAMPUS.help}"`);
    // The campus page is never revalidated for outside.
    const stale = await getFrom('127.0.0.3', '/', {
      ...person,
      'if-none-match': String(campus.headers.etag),
    });
    expect(stale.status).toBe(200);
    expect(stale.body).not.toContain(INTERNAL);
  });

  it('keeps internal addresses out of the search page (?q=) and spoofed headers', async () => {
    const search = await getFrom('127.0.0.3', '/?q=galaxy', { 'x-forwarded-for': '127.0.0.2' });
    expect(search.status).toBe(200);
    expect(search.body).toContain('Galaxy');
    expect(search.body).not.toContain(INTERNAL);
  });
});

describe('favorites and the admin preview from campus and from outside', () => {
  it('gives a person’s favorites the address that works from where they are', async () => {
    const headers = await signedIn();
    const added = await ctx.app.inject({
      method: 'PUT',
      url: '/api/me/favorites/galaxy',
      headers,
    });
    expect(added.statusCode).toBe(200);
    // Through inject, from no network: no internal address in the answer either.
    expect(added.body).not.toContain(INTERNAL);
    const favorite = async (from: string) =>
      (JSON.parse((await getFrom(from, '/api/me', headers)).body) as { favorites: Item[] })
        .favorites[0];
    expect(await favorite('127.0.0.2')).toMatchObject({ link: `https://galaxy.${INTERNAL}/` });
    const outside = await getFrom('127.0.0.3', '/api/me', headers);
    expect(outside.body).not.toContain(INTERNAL);
    expect(await favorite('127.0.0.3')).toMatchObject({
      link: null,
      links: LINKS,
      onlyFrom: { networks: ['Campus network', 'VPN'] },
    });
  });

  it('previews a viewer from a network admins choose; anonymous viewers from none', async () => {
    const admin = bearer(
      await ctx.issuer.tokenFor('admin', [], { realm_access: { roles: ['portal-admin'] } }),
    );
    const preview = async (query: string) =>
      byId((await getFrom('127.0.0.3', `/api/admin/preview?${query}`, admin)).body);
    expect((await preview('groups=genomics&network=campus')).get('galaxy')?.link).toBe(
      `https://galaxy.${INTERNAL}/`,
    );
    expect((await preview('groups=genomics')).get('galaxy')).toMatchObject({
      link: null,
      onlyFrom: { networks: ['Campus network', 'VPN'] },
    });
    expect((await preview('anonymous=true&network=campus')).get('galaxy')?.link).toBeNull();
  });
});

describe('the OpenAPI document', () => {
  it('describes link, links and onlyFrom, and names no internal address', async () => {
    const doc = await getFrom('127.0.0.2', '/api/docs/openapi.json');
    expect(doc.status).toBe(200);
    expect(doc.body).toContain('onlyFrom');
    expect(doc.body).toContain('Campus network');
    expect(doc.body).not.toContain(INTERNAL);
    // The list's item as documented: the schema that has onlyFrom, whatever its name.
    const schemas = Object.values(
      (JSON.parse(doc.body) as { components: { schemas: Record<string, unknown> } }).components
        .schemas,
    ).map((schema) => JSON.stringify(schema));
    const item = schemas.find((schema) => schema.includes('"onlyFrom"'));
    for (const name of ['"link"', '"links"']) expect(item).toContain(name);
    expect(schemas.some((schema) => schema.includes('"helpText"'))).toBe(true);
    expect(item).not.toContain('"addresses"');
  });
});
