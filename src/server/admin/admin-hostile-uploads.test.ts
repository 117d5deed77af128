import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ico, icoRepeating, PNG, pngPadded, pngSized } from '../files/test-support/images.js';
import { bearer, createTestContext, type TestContext } from '../test-support/test-app.js';

// Hostile logos (docs/admin.md, "Logos") and malformed multipart bodies on the admin
// upload routes. Each answer is the project's error body with a 4xx status, never a 500, and
// the server keeps answering other requests.

const SVG_OPEN = '<svg xmlns="http://www.w3.org/2000/svg">';
const nested = (levels: number) =>
  `${SVG_OPEN}${'<g>'.repeat(levels)}${'</g>'.repeat(levels)}</svg>`;

let ctx: TestContext;
let admin: string;
beforeEach(async () => {
  ctx = await createTestContext({ apps: [{ id: 'galaxy', name: 'Galaxy', isPublic: true }] });
  admin = await ctx.issuer.tokenFor('admin', [], { realm_access: { roles: ['portal-admin'] } });
});
afterEach(async () => {
  await ctx.close();
});

function putLogo(body: Buffer | string, contentType: string) {
  return ctx.app.inject({
    method: 'PUT',
    url: '/api/admin/apps/galaxy/logo',
    headers: { ...bearer(admin), 'content-type': contentType },
    payload: body,
  });
}

async function storedImage(): Promise<string> {
  return (
    await ctx.app.inject({ method: 'GET', url: '/api/admin/apps/galaxy', headers: bearer(admin) })
  ).json().image;
}

function expectErrorBody(
  response: { statusCode: number; json(): unknown },
  statuses: number[],
): void {
  expect(statuses).toContain(response.statusCode);
  expect(response.json()).toMatchObject({
    status: response.statusCode,
    message: expect.any(String),
    data: expect.any(Object),
  });
}

describe('finding 1: an SVG that would freeze the sanitiser', () => {
  it.each<[string, string, number]>([
    ['5,000 nested <g> (35 KB)', nested(5000), 400],
    ['50,000 nested <g> (350 KB)', nested(50_000), 400],
    [
      'a flat 1.96 MB SVG',
      `${SVG_OPEN}${'<rect width="1" height="1"/>'.repeat(70_000)}</svg>`,
      413,
    ],
  ])('refuses %s while /api/health keeps answering', async (_name, svg, status) => {
    const upload = putLogo(svg, 'image/svg+xml');
    const health = ctx.app.inject({ method: 'GET', url: '/api/health' });
    const [refused, alive] = await Promise.all([upload, health]);
    expect(alive.statusCode).toBe(200);
    expectErrorBody(refused, [status]);
    expect(refused.json().message).toMatch(/levels deep|elements/);
    expect(await storedImage()).toBe('');
  });

  it('still sanitises an ordinary SVG (in a worker thread)', async () => {
    const response = await putLogo(
      `${SVG_OPEN}<g><rect width="1" height="1" onclick="x()"/></g><script>alert(1)</script></svg>`,
      'image/svg+xml',
    );
    expect(response.statusCode).toBe(200);
    expect(response.json().image).toMatch(/\.svg$/);
  });
});

describe('finding 8: image dimensions a browser would decode, complete images only', () => {
  it.each<[string, Buffer, RegExp]>([
    [
      'an ICO whose embedded PNG claims 30000 × 30000 (the directory says 16 × 16)',
      ico([pngSized(30000, 30000)], 16),
      /30000 × 30000 pixels/,
    ],
    ['a PNG cut to 20 bytes', PNG.subarray(0, 20), /not a complete image/],
    ['a PNG without IEND', PNG.subarray(0, PNG.length - 12), /not a complete image/],
    ['a PNG declaring 2 × 0', pngSized(2, 0), /not a complete image/],
  ])('refuses %s with 400', async (_name, bytes, message) => {
    const response = await putLogo(bytes, 'image/png');
    expectErrorBody(response, [400]);
    expect(response.json().message).toMatch(message);
    expect(await storedImage()).toBe('');
  });

  // An ICO whose 65,535 directory entries all point at one PNG padded with empty chunks (under
  // 2 MiB) would have had its PNG walked once per entry on the event loop: minutes.
  it.each<[string, Buffer, RegExp]>([
    [
      '65,535 entries pointing at one padded PNG',
      icoRepeating(pngPadded(60_000), 65_535),
      /65535 images/,
    ],
    ['64 entries pointing at one padded PNG', icoRepeating(pngPadded(9_000), 64), /same bytes/],
  ])(
    'refuses a crafted ICO (%s) with 400 while /api/health answers',
    async (_name, bytes, reason) => {
      expect(bytes.length).toBeLessThan(2 * 1024 * 1024);
      const upload = putLogo(bytes, 'image/x-icon');
      const health = ctx.app.inject({ method: 'GET', url: '/api/health' });
      const [refused, alive] = await Promise.all([upload, health]);
      expect(alive.statusCode).toBe(200);
      expectErrorBody(refused, [400]);
      expect(refused.json().message).toMatch(reason);
      expect(await storedImage()).toBe('');
    },
  );

  it('accepts an ICO whose embedded PNG is small', async () => {
    const response = await putLogo(ico([PNG], 16), 'image/x-icon');
    expect(response.statusCode).toBe(200);
    expect(response.json().image).toMatch(/\.ico$/);
  });
});

const BOUNDARY = '----portal-hostile';
const part = (name: string, body: string | Buffer, filename?: string) =>
  Buffer.concat([
    Buffer.from(
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"${filename ? `; filename="${filename}"` : ''}\r\n` +
        (filename ? 'Content-Type: application/octet-stream\r\n' : '') +
        '\r\n',
    ),
    Buffer.from(body),
    Buffer.from('\r\n'),
  ]);
const end = Buffer.from(`--${BOUNDARY}--\r\n`);
const YAML = 'apps:\n  - name: Galaxy\n';

const MULTIPART_ROUTES = [
  { method: 'PUT' as const, url: '/api/admin/apps/galaxy/logo', file: PNG },
  { method: 'POST' as const, url: '/api/admin/catalog/import', file: Buffer.from(YAML) },
];

describe('finding 7: malformed multipart on every upload route', () => {
  function send(
    route: (typeof MULTIPART_ROUTES)[number],
    payload: Buffer,
    contentType = `multipart/form-data; boundary=${BOUNDARY}`,
  ) {
    return ctx.app.inject({
      method: route.method,
      url: route.url,
      headers: { ...bearer(admin), 'content-type': contentType },
      payload,
    });
  }

  for (const route of MULTIPART_ROUTES) {
    describe(`${route.method} ${route.url}`, () => {
      it('takes one file', async () => {
        const response = await send(route, Buffer.concat([part('file', route.file, 'a'), end]));
        expect(response.statusCode).toBe(200);
      });

      it.each<[string, () => [Buffer, string?], number[]]>([
        [
          'a truncated body (no closing boundary)',
          () => [part('file', route.file, 'a').subarray(0, 90)],
          [400],
        ],
        [
          'a body cut inside the part headers',
          () => [Buffer.from(`--${BOUNDARY}\r\nContent-Disp`)],
          [400],
        ],
        [
          'no boundary in the content type',
          () => [Buffer.concat([part('file', route.file, 'a'), end]), 'multipart/form-data'],
          [400],
        ],
        [
          'two files',
          () => [
            Buffer.concat([part('file', route.file, 'a'), part('other', route.file, 'b'), end]),
          ],
          [413],
        ],
        [
          'twenty fields',
          () => [
            Buffer.concat([
              ...Array.from({ length: 20 }, (_, i) => part(`f${i}`, 'x')),
              part('file', route.file, 'a'),
              end,
            ]),
          ],
          [413],
        ],
        ['fields only, no file', () => [Buffer.concat([part('note', 'x'), end])], [400]],
        [
          'a field named __proto__',
          () => [Buffer.concat([part('__proto__', 'x'), part('file', route.file, 'a'), end])],
          [400],
        ],
      ])('answers %s with 400/413 and the error body', async (_name, build, statuses) => {
        const [payload, contentType] = build();
        const response = await send(route, payload, contentType);
        expectErrorBody(response, statuses);
      });
    });
  }

  it('answers malformed multipart on the JSON admin routes with 4xx, not 500', async () => {
    for (const [method, url] of [
      ['POST', '/api/admin/apps'],
      ['PATCH', '/api/admin/apps/galaxy'],
      ['POST', '/api/admin/notices'],
    ] as const) {
      const response = await ctx.app.inject({
        method,
        url,
        headers: { ...bearer(admin), 'content-type': 'multipart/form-data' },
        payload: Buffer.from('--x\r\nbroken'),
      });
      expect(response.statusCode, `${method} ${url}`).toBeGreaterThanOrEqual(400);
      expect(response.statusCode, `${method} ${url}`).toBeLessThan(500);
    }
  });
});
