import { afterEach, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../test-support/test-app.js';

// Every id a client sends (path, query and body, on every route) is checked against a pattern
// before any query runs: a NUL or a stray character in an id was a 500 on PostgreSQL.

type Schema = {
  $ref?: string;
  type?: string | string[];
  pattern?: string;
  properties?: Record<string, Schema>;
  items?: Schema;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
};
type Operation = {
  parameters?: { name: string; in: string; schema?: Schema }[];
  requestBody?: { content?: Record<string, { schema?: Schema }> };
};
type Document = {
  paths: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, Schema> };
};

const isIdName = (name: string) => /^(id|ids)$|Ids?$/.test(name);

/** The id-like string fields of a schema without a pattern, as `path: name`. */
function unpatterned(
  doc: Document,
  schema: Schema | undefined,
  where: string,
  name = '',
): string[] {
  if (!schema) return [];
  if (schema.$ref) {
    const target = doc.components?.schemas?.[schema.$ref.replace('#/components/schemas/', '')];
    return unpatterned(doc, target, where, name);
  }
  const found: string[] = [];
  for (const part of [...(schema.anyOf ?? []), ...(schema.oneOf ?? []), ...(schema.allOf ?? [])])
    found.push(...unpatterned(doc, part, where, name));
  const types = [schema.type].flat();
  if (types.includes('string') && name !== '' && isIdName(name) && !schema.pattern)
    found.push(`${where}: ${name}`);
  if (types.includes('array') && schema.items)
    found.push(...unpatterned(doc, schema.items, where, name));
  for (const [key, value] of Object.entries(schema.properties ?? {}))
    found.push(...unpatterned(doc, value, where, key));
  return found;
}

let ctx: TestContext | undefined;
afterEach(async () => {
  await ctx?.close();
  ctx = undefined;
});

describe('ids on every route', () => {
  it('every id in a path, a query or a body has a pattern', async () => {
    ctx = await createTestContext();
    const doc = (await ctx.app.inject({ url: '/api/docs/openapi.json' })).json<Document>();
    const missing: string[] = [];
    let ids = 0;
    for (const [path, methods] of Object.entries(doc.paths)) {
      for (const [method, operation] of Object.entries(methods)) {
        const where = `${method.toUpperCase()} ${path}`;
        for (const parameter of operation.parameters ?? []) {
          if (!isIdName(parameter.name)) continue;
          ids += 1;
          missing.push(...unpatterned(doc, parameter.schema, where, parameter.name));
        }
        for (const content of Object.values(operation.requestBody?.content ?? {}))
          missing.push(...unpatterned(doc, content.schema, where));
      }
    }
    expect(ids).toBeGreaterThan(5);
    expect(missing).toEqual([]);
  });

  it.each([
    ['POST', '/api/access-requests', { appId: 'napari\u0000', reason: 'x' }],
    ['POST', '/api/access-requests', { appId: '../x', reason: 'x' }],
    ['DELETE', '/api/access-requests/a%00b', undefined],
    ['POST', '/api/access-requests/a%00b/decision', { decision: 'decline' }],
    ['GET', '/api/apps/napari%00', undefined],
    ['PUT', '/api/me/favorites/napari%00', undefined],
    ['GET', '/api/admin/apps/napari%00', undefined],
    ['PATCH', '/api/admin/notices/x%00', { title: 'x' }],
  ] as const)('%s %s with a NUL in an id is 400, not 500', async (method, url, body) => {
    ctx = await createTestContext({ apps: [{ id: 'napari', isPublic: true }] });
    const admin = await ctx.issuer.tokenFor('root', [], {
      realm_access: { roles: ['portal-admin'] },
    });
    const response = await ctx.app.inject({
      method,
      url,
      headers: { authorization: `Bearer ${admin}` },
      ...(body === undefined ? {} : { payload: body }),
    });
    expect(response.statusCode).toBe(400);
  });
});
