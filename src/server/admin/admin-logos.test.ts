import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { bearer, createTestContext, type TestContext } from '../test-support/test-app.js';
import { sanitizeSvg } from '../files/logo-files.js';

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);
const GIF = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');
const EVIL_SVG = `<?xml version="1.0"?>
<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 10 10" onload="alert(1)">
  <script>alert(2)</script>
  <rect width="10" height="10" fill="red" onclick="steal()"/>
  <image href="https://evil.example/track.png" width="10" height="10"/>
  <image xlink:href="http://evil.example/x.png"/>
  <foreignObject><div xmlns="http://www.w3.org/1999/xhtml">hi</div></foreignObject>
  <a href="javascript:alert(3)"><text>Logo</text></a>
</svg>`;

let ctx: TestContext;
let admin: string;
beforeEach(async () => {
  ctx = await createTestContext({ apps: [{ id: 'galaxy', name: 'Galaxy', isPublic: true }] });
  admin = await ctx.issuer.tokenFor('admin', [], { realm_access: { roles: ['portal-admin'] } });
});
afterEach(async () => {
  await ctx.close();
});

function put(body: Buffer | string, contentType: string, url = '/api/admin/apps/galaxy/logo') {
  return ctx.app.inject({
    method: 'PUT',
    url,
    headers: { ...bearer(admin), 'content-type': contentType },
    payload: body,
  });
}

function multipart(bytes: Buffer, filename: string, type: string) {
  const boundary = '----portal-test';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`,
    ),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return ctx.app.inject({
    method: 'PUT',
    url: '/api/admin/apps/galaxy/logo',
    headers: { ...bearer(admin), 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload,
  });
}

async function publicLogo() {
  const list = (await ctx.app.inject({ method: 'GET', url: '/api/apps' })).json();
  const url = list.items[0].imageUrl as string | undefined;
  return url ? ctx.app.inject({ method: 'GET', url }) : undefined;
}

describe('PUT /api/admin/apps/{id}/logo', () => {
  it('stores a raw PNG, serves it at /api/files with the sandbox CSP, and audits it', async () => {
    const response = await put(PNG, 'image/png');
    expect(response.statusCode).toBe(200);
    expect(response.json().image).toMatch(/^logo-[0-9a-f]{12}\.png$/);
    expect(response.json().version).toBe(2);
    const served = await publicLogo();
    expect(served?.statusCode).toBe(200);
    expect(served?.headers['content-type']).toBe('image/png');
    expect(served?.headers['content-security-policy']).toContain('sandbox');
    expect(served?.rawPayload.equals(PNG)).toBe(true);
    const audit = (
      await ctx.app.inject({ method: 'GET', url: '/api/admin/audit', headers: bearer(admin) })
    ).json().items[0];
    expect(audit).toMatchObject({
      action: 'logo',
      appId: 'galaxy',
      after: { contentType: 'image/png' },
    });
  });

  it('sniffs a PNG sent with a wrong or generic content type', async () => {
    for (const type of ['application/octet-stream', 'text/plain', 'application/x-unknown']) {
      const response = await put(PNG, type);
      expect(response.statusCode, type).toBe(200);
      expect(response.json().image).toMatch(/\.png$/);
    }
  });

  it('takes multipart uploads and sniffs the type from the bytes, not the name', async () => {
    const response = await multipart(GIF, 'logo.png', 'image/png');
    expect(response.statusCode).toBe(200);
    expect(response.json().image).toMatch(/\.gif$/);
    expect((await publicLogo())?.headers['content-type']).toBe('image/gif');
  });

  it('sanitises SVG: no scripts, event handlers, foreign objects or external references', async () => {
    const response = await put(EVIL_SVG, 'image/svg+xml');
    expect(response.statusCode).toBe(200);
    const served = await publicLogo();
    expect(served?.headers['content-type']).toBe('image/svg+xml');
    const svg = served!.body;
    expect(svg).toContain('<rect');
    for (const bad of [
      '<script',
      'onload',
      'onclick',
      'foreignObject',
      'evil.example',
      'javascript:',
    ]) {
      expect(svg).not.toContain(bad);
    }
  });

  it.each<[string, Buffer | string, string, number]>([
    ['a text file named .png', 'hello, not an image', 'image/png', 415],
    ['a PDF', Buffer.from('%PDF-1.4\n1 0 obj\n<<>>\nendobj\n'), 'application/octet-stream', 415],
    ['a PDF as application/pdf', Buffer.from('%PDF-1.4\n'), 'application/pdf', 415],
    ['a text file sent as text/plain', 'just text', 'text/plain', 415],
    ['HTML posing as SVG', '<html><script>alert(1)</script></html>', 'image/svg+xml', 415],
    ['an empty body', Buffer.alloc(0), 'image/png', 400],
    ['more than 2 MiB', Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024)]), 'image/png', 413],
  ])('refuses %s and keeps the old logo', async (_name, body, type, status) => {
    await put(PNG, 'image/png');
    const before = (await publicLogo())!.rawPayload;
    const response = await put(body, type);
    expect(response.statusCode).toBe(status);
    expect(response.json()).toMatchObject({ status, message: expect.any(String), data: {} });
    expect((await publicLogo())!.rawPayload.equals(before)).toBe(true);
  });

  it('refuses a multipart file over 2 MiB with 413', async () => {
    const response = await multipart(
      Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024 + 10)]),
      'a.png',
      'image/png',
    );
    expect(response.statusCode).toBe(413);
  });

  it('DELETE removes the logo; the old URL is 404', async () => {
    await put(PNG, 'image/png');
    const url = (await ctx.app.inject({ method: 'GET', url: '/api/apps' })).json().items[0]
      .imageUrl;
    const response = await ctx.app.inject({
      method: 'DELETE',
      url: '/api/admin/apps/galaxy/logo',
      headers: bearer(admin),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().image).toBe('');
    expect((await ctx.app.inject({ method: 'GET', url })).statusCode).toBe(404);
  });

  it('serves the logo of a trashed app to admins only; restore brings it back publicly', async () => {
    await put(PNG, 'image/png');
    const url = (await ctx.app.inject({ method: 'GET', url: '/api/apps' })).json().items[0]
      .imageUrl;
    const app = (
      await ctx.app.inject({
        method: 'DELETE',
        url: '/api/admin/apps/galaxy',
        headers: { ...bearer(admin), 'if-match': '2' },
      })
    ).json();
    expect((await ctx.app.inject({ method: 'GET', url })).statusCode).toBe(404);
    const adminLogo = await ctx.app.inject({
      method: 'GET',
      url: app.imageUrl,
      headers: bearer(admin),
    });
    expect(adminLogo.statusCode).toBe(200);
    await ctx.app.inject({
      method: 'POST',
      url: '/api/admin/apps/galaxy/restore',
      headers: bearer(admin),
    });
    expect((await ctx.app.inject({ method: 'GET', url })).rawPayload.equals(PNG)).toBe(true);
  });
});

/** A valid PNG header (signature and IHDR) declaring the given size, with no pixel data. */
function pngHeader(width: number, height: number): Buffer {
  const ihdr = Buffer.alloc(25);
  ihdr.writeUInt32BE(13, 0);
  ihdr.write('IHDR', 4, 'latin1');
  ihdr.writeUInt32BE(width, 8);
  ihdr.writeUInt32BE(height, 12);
  ihdr.set([8, 6, 0, 0, 0], 16);
  return Buffer.concat([PNG.subarray(0, 8), ihdr, PNG.subarray(33)]);
}

describe('logo checks from the security checklist', () => {
  it('refuses a small file that declares a 30,000 × 30,000 image, from its header', async () => {
    const response = await put(pngHeader(30000, 30000), 'image/png');
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(/30000 × 30000 pixels; at most 4096 × 4096/);
  });

  it('strips a DOCTYPE with entities and external <use href> from an SVG', async () => {
    const svg = `<?xml version="1.0"?>
<!DOCTYPE svg [<!ENTITY boom "boomboomboom"><!ENTITY ext SYSTEM "file:///etc/passwd">]>
<svg xmlns="http://www.w3.org/2000/svg"><use href="https://evil.example/s.svg#x"/><a href="javascript:alert(1)"><text>&boom;&ext;</text></a><circle r="1"/></svg>`;
    expect((await put(svg, 'image/svg+xml')).statusCode).toBe(200);
    const served = (await publicLogo())!.body;
    for (const bad of [
      'DOCTYPE',
      'ENTITY',
      'passwd',
      'boomboom',
      'evil.example',
      'javascript:',
      '<use',
    ]) {
      expect(served).not.toContain(bad);
    }
    expect(served).toContain('<circle');
  });

  it('serves a GIF/JS polyglot as an image with nosniff, never as script or HTML', async () => {
    const polyglot = Buffer.concat([GIF, Buffer.from('*/=alert(1);/*<script>alert(2)</script>')]);
    expect((await put(polyglot, 'application/javascript')).statusCode).toBe(200);
    const served = (await publicLogo())!;
    expect(served.headers['content-type']).toBe('image/gif');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
  });

  it('refuses a token with the admin role only as a client role', async () => {
    const clientRole = await ctx.issuer.tokenFor('mallory', [], {
      realm_access: { roles: [] },
      resource_access: { 'app-portal': { roles: ['portal-admin'] } },
    });
    const response = await ctx.app.inject({
      method: 'PUT',
      url: '/api/admin/apps/galaxy/logo',
      headers: { ...bearer(clientRole), 'content-type': 'image/png' },
      payload: PNG,
    });
    expect(response.statusCode).toBe(403);
  });
});

describe('sanitizeSvg', () => {
  it('keeps internal references and drops url() to elsewhere', () => {
    const clean = sanitizeSvg(
      '<svg xmlns="http://www.w3.org/2000/svg"><defs><linearGradient id="g"/></defs><rect fill="url(#g)"/><rect fill="url(https://x.example/a)"/></svg>',
    )!;
    expect(clean).toContain('url(#g)');
    expect(clean).not.toContain('x.example');
  });
});
