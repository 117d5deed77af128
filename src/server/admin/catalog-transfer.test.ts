import { unzipSync } from 'fflate';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { isPostgres } from '../db/database.js';
import { bearer, createTestContext, type TestContext } from '../test-support/test-app.js';

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);
const SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1 1"><rect width="1" height="1"></rect></svg>';

let contexts: TestContext[] = [];
afterEach(async () => {
  await Promise.all(contexts.map((ctx) => ctx.close()));
  contexts = [];
});

async function portal() {
  const ctx = await createTestContext();
  contexts.push(ctx);
  const token = await ctx.issuer.tokenFor('admin', [], {
    realm_access: { roles: ['portal-admin'] },
  });
  const call = (
    method: 'GET' | 'POST' | 'PUT' | 'PATCH',
    url: string,
    payload?: string | Buffer | object,
    headers: Record<string, string> = {},
  ) =>
    ctx.app.inject({
      method,
      url,
      headers: { ...bearer(token), ...headers },
      ...(payload === undefined ? {} : { payload }),
    });
  return { ctx, call };
}

type Portal = Awaited<ReturnType<typeof portal>>;

async function seedCatalog({ call }: Portal) {
  await call('POST', '/api/admin/apps', {
    name: 'Galaxy',
    description: 'Analyses: "quoted", #hash, and ünïcode',
    isPublic: true,
    link: 'https://galaxy.example.edu/',
    doc: 'https://docs.example.edu/galaxy',
  });
  await call('POST', '/api/admin/apps', {
    name: 'RStudio',
    category: 'Data',
    env: 'stage',
    associatedGroups: ['genomics', 'staff'],
  });
  await call('POST', '/api/admin/apps', { id: 'omero', name: 'OMERO', collectionId: 'imaging' });
  await call('PUT', '/api/admin/apps/galaxy/logo', SVG, { 'content-type': 'image/svg+xml' });
  await call('PUT', '/api/admin/apps/rstudio/logo', PNG, { 'content-type': 'image/png' });
}

const yamlImport = (p: Portal, yaml: string, query = '') =>
  p.call('POST', `/api/admin/catalog/import${query}`, yaml, { 'content-type': 'application/yaml' });

async function snapshot({ call }: Portal) {
  return (await call('GET', '/api/apps?perPage=500')).json();
}

describe('export -> import into an empty portal -> export', () => {
  it('gives the same YAML file', async () => {
    const source = await portal();
    await seedCatalog(source);
    const exported = await source.call('GET', '/api/admin/catalog/export');
    expect(exported.statusCode).toBe(200);
    expect(exported.headers['content-type']).toMatch(/^application\/yaml/);
    expect(exported.headers['content-disposition']).toMatch(/attachment; filename="catalog-/);
    expect(exported.body).toContain('id: galaxy');
    expect(exported.body).not.toContain('image:');

    const target = await portal();
    const result = await yamlImport(target, exported.body, '?dryRun=false');
    expect(result.statusCode).toBe(200);
    expect(result.json()).toMatchObject({ applied: true, change: [], delete: [], unchanged: 0 });
    expect(result.json().add.map((app: { id: string }) => app.id)).toEqual([
      'galaxy',
      'omero',
      'rstudio',
    ]);
    expect((await target.call('GET', '/api/admin/catalog/export')).body).toBe(exported.body);
  });

  it('gives the same .zip with logos', async () => {
    const source = await portal();
    await seedCatalog(source);
    const exported = await source.call('GET', '/api/admin/catalog/export?logos=true');
    expect(exported.headers['content-type']).toBe('application/zip');
    const files = unzipSync(new Uint8Array(exported.rawPayload));
    expect(Object.keys(files).sort()).toEqual([
      'catalog.yaml',
      'logos/galaxy.svg',
      'logos/rstudio.png',
    ]);

    const target = await portal();
    const result = await target.call(
      'POST',
      '/api/admin/catalog/import?dryRun=false',
      exported.rawPayload,
      { 'content-type': 'application/zip' },
    );
    expect(result.statusCode).toBe(200);
    const again = await target.call('GET', '/api/admin/catalog/export?logos=true');
    expect(again.rawPayload.equals(exported.rawPayload)).toBe(true);
    // The public answers match too, logo URLs included.
    const strip = (list: { items: Record<string, unknown>[] }) =>
      list.items.map(({ created: _c, updated: _u, ...rest }) => rest);
    expect(strip(await snapshot(target))).toEqual(strip(await snapshot(source)));
    // Importing the same file again changes nothing.
    const second = await target.call(
      'POST',
      '/api/admin/catalog/import?dryRun=false',
      exported.rawPayload,
      { 'content-type': 'application/zip' },
    );
    expect(second.json()).toMatchObject({ add: [], change: [], unchanged: 3, applied: false });
  });
});

describe('POST /api/admin/catalog/import', () => {
  const FILE = `apps:
  - id: galaxy
    name: Galaxy Europe
    isPublic: true
    link: https://galaxy.example.edu/
    doc: https://docs.example.edu/galaxy
    description: 'Analyses: "quoted", #hash, and ünïcode'
  - name: New App
    associatedGroups: [imaging]
`;

  it('answers the diff on a dry run (the default) and changes nothing', async () => {
    const p = await portal();
    await seedCatalog(p);
    const before = await snapshot(p);
    const auditBefore = (await p.call('GET', '/api/admin/audit?limit=500')).json().items.length;
    const response = await yamlImport(p, FILE, '?prune=true');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      dryRun: true,
      applied: false,
      add: [{ id: 'new-app', name: 'New App' }],
      change: [
        {
          id: 'galaxy',
          name: 'Galaxy Europe',
          fields: [{ field: 'name', before: 'Galaxy', after: 'Galaxy Europe' }],
        },
      ],
      delete: [
        { id: 'omero', name: 'OMERO' },
        { id: 'rstudio', name: 'RStudio' },
      ],
      unchanged: 0,
    });
    expect(await snapshot(p)).toEqual(before);
    const auditAfter = (await p.call('GET', '/api/admin/audit?limit=500')).json().items.length;
    expect(auditAfter).toBe(auditBefore);
  });

  it('applies it with dryRun=false: adds, changes, prunes to the trash, audited as import', async () => {
    const p = await portal();
    await seedCatalog(p);
    const response = await yamlImport(p, FILE, '?dryRun=false&prune=true');
    expect(response.json()).toMatchObject({ applied: true, dryRun: false });
    const ids = (await p.call('GET', '/api/admin/apps'))
      .json()
      .items.map((a: { id: string }) => a.id);
    expect(ids.sort()).toEqual(['galaxy', 'new-app']);
    const trash = (await p.call('GET', '/api/admin/apps?deleted=true')).json().items;
    expect(trash.map((a: { id: string }) => a.id).sort()).toEqual(['omero', 'rstudio']);
    const galaxy = (await p.call('GET', '/api/admin/apps/galaxy')).json();
    // The logo is kept: the file did not name one.
    expect(galaxy).toMatchObject({ name: 'Galaxy Europe', image: expect.stringMatching(/\.svg$/) });
    const audit = (await p.call('GET', '/api/admin/audit?app=galaxy')).json().items[0];
    expect(audit).toMatchObject({
      action: 'import',
      actor: { username: 'admin' },
      before: { name: 'Galaxy' },
      after: { name: 'Galaxy Europe' },
    });
  });

  it('refuses an invalid file with 400 naming each problem, and changes nothing', async () => {
    const p = await portal();
    await seedCatalog(p);
    const before = await snapshot(p);
    const response = await yamlImport(
      p,
      'apps:\n  - name: Good\n  - name: Bad\n    link: ftp://x\n  - name: Logo\n    image: logos/x.png\n',
      '?dryRun=false',
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().data.problems).toEqual([
      'app 2 "Bad": field "link" must be an http(s) URL (got "ftp://x")',
    ]);
    const logo = await yamlImport(
      p,
      'apps:\n  - name: Logo\n    image: logos/x.png\n',
      '?dryRun=false',
    );
    expect(logo.statusCode).toBe(400);
    expect(logo.json().data.problems[0]).toMatch(/upload a \.zip with the logos/);
    expect(await snapshot(p)).toEqual(before);
  });

  it('refuses prototype keys in an app with 400 naming each, and changes nothing', async () => {
    const p = await portal();
    await seedCatalog(p);
    const before = await snapshot(p);
    const response = await yamlImport(
      p,
      'apps:\n  - name: Sneaky\n    __proto__: { isPublic: true }\n  - name: Other\n    constructor: x\n',
      '?dryRun=false',
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().data.problems).toEqual([
      'app 1 "Sneaky": field "__proto__" is a reserved name, not a field',
      'app 2 "Other": field "constructor" is a reserved name, not a field',
    ]);
    expect(await snapshot(p)).toEqual(before);
  });

  it('refuses control characters in an app with 400 naming the field, and changes nothing', async () => {
    const p = await portal();
    await seedCatalog(p);
    const before = await snapshot(p);
    const response = await yamlImport(
      p,
      'apps:\n  - id: nul\n    name: "A\\0B"\n    description: "ok\\n\\tfine"\n',
      '?dryRun=false',
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().data.problems).toEqual([
      'app 1: field "name" must be one line of plain text (no control characters)',
    ]);
    expect(await snapshot(p)).toEqual(before);
  });

  it('takes the file as multipart, as JSON, or as text/plain', async () => {
    const p = await portal();
    const boundary = '----import';
    const multipart = await p.call(
      'POST',
      '/api/admin/catalog/import',
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="c.yaml"\r\nContent-Type: application/octet-stream\r\n\r\napps:\n  - name: From Multipart\n\r\n--${boundary}--\r\n`,
      ),
      { 'content-type': `multipart/form-data; boundary=${boundary}` },
    );
    expect(multipart.json().add).toEqual([{ id: 'from-multipart', name: 'From Multipart' }]);
    const json = await p.call('POST', '/api/admin/catalog/import', {
      apps: [{ name: 'From JSON' }],
    });
    expect(json.json().add).toEqual([{ id: 'from-json', name: 'From JSON' }]);
    const text = await p.call('POST', '/api/admin/catalog/import', 'apps: [{ name: Plain }]', {
      'content-type': 'text/plain',
    });
    expect(text.json().add).toEqual([{ id: 'plain', name: 'Plain' }]);
  });

  it('applies all or nothing: a failure half-way leaves the catalog as it was', async () => {
    const p = await portal();
    await seedCatalog(p);
    const before = await snapshot(p);
    // A trigger makes the second insert fail inside the transaction.
    if (isPostgres(p.ctx.db)) {
      await sql`create function no_second() returns trigger language plpgsql as $$
        begin raise exception 'boom'; end $$`.execute(p.ctx.db);
      await sql`create trigger no_second before insert on apps for each row
        when (new.id = 'second') execute function no_second()`.execute(p.ctx.db);
    } else {
      await sql`create trigger no_second before insert on apps when new.id = 'second'
        begin select raise(abort, 'boom'); end`.execute(p.ctx.db);
    }
    const response = await yamlImport(
      p,
      'apps:\n  - name: First\n    isPublic: true\n  - name: Second\n',
      '?dryRun=false',
    );
    expect(response.statusCode).toBe(500);
    expect(await snapshot(p)).toEqual(before);
  });
});
