import Fastify, { type InjectOptions } from 'fastify';
import { Type } from 'typebox';
import { afterEach, describe, expect, it } from 'vitest';
import { ErrorSchema } from '../../shared/api/schemas.js';
import { registerErrorHandling } from './error-handler.js';
import { ConflictError, HttpError } from './errors.js';

const apps: ReturnType<typeof Fastify>[] = [];
afterEach(async () => {
  await Promise.all(apps.splice(0).map((app) => app.close()));
});

async function app() {
  const server = Fastify({ logger: false });
  apps.push(server);
  registerErrorHandling(server);
  server.get('/teapot', async () => {
    throw new HttpError(418, 'short_and_stout', 'I am a teapot.', { spout: true });
  });
  server.get('/open', async () => {
    throw new ConflictError('The request is open.', {}, 'request_open');
  });
  server.get('/bug', async () => {
    throw new Error('secret detail');
  });
  server.post(
    '/things',
    { schema: { body: Type.Object({ n: Type.Integer() }, { additionalProperties: false }) } },
    async () => ({ ok: true }),
  );
  await server.ready();
  return server;
}

describe('error bodies', () => {
  it('carry a stable code beside the English message, for every kind of failure', async () => {
    const server = await app();
    const body = async (options: InjectOptions) =>
      (await server.inject(options)).json<Record<string, unknown>>();

    expect(await body({ url: '/teapot' })).toEqual({
      status: 418,
      code: 'short_and_stout',
      message: 'I am a teapot.',
      data: { spout: true },
    });
    expect(await body({ url: '/open' })).toMatchObject({ status: 409, code: 'request_open' });
    expect(await body({ url: '/nowhere' })).toEqual({
      status: 404,
      code: 'not_found',
      message: "The requested resource wasn't found.",
      data: {},
    });
    expect(await body({ method: 'POST', url: '/things', payload: { n: 'x' } })).toMatchObject({
      status: 400,
      code: 'validation_failed',
      data: { issues: [expect.stringContaining('body/n')] },
    });
    expect(
      await body({
        method: 'POST',
        url: '/things',
        payload: '{"n":',
        headers: { 'content-type': 'application/json' },
      }),
    ).toMatchObject({ status: 400, code: 'invalid_json' });
    expect(
      await body({
        method: 'POST',
        url: '/things',
        payload: 'n=1',
        headers: { 'content-type': 'text/x-unknown' },
      }),
    ).toMatchObject({ status: 415, code: 'unsupported_media_type' });
    const failed = await body({ url: '/bug' });
    expect(failed).toEqual({
      status: 500,
      code: 'internal_error',
      message: 'Something went wrong while processing your request.',
      data: {},
    });
  });

  it('are described by ErrorSchema, code included', () => {
    expect(ErrorSchema.required).toEqual(expect.arrayContaining(['status', 'code', 'message']));
  });
});
