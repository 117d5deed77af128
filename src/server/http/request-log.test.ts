import { afterEach, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../test-support/test-app.js';
import { loggerOptions } from './request-log.js';

let contexts: TestContext[] = [];
afterEach(async () => {
  await Promise.all(contexts.map((ctx) => ctx.close()));
  contexts = [];
});

async function logged(level: string, env: Record<string, string> = {}) {
  const lines: Record<string, unknown>[] = [];
  const stream = { write: (line: string) => void lines.push(JSON.parse(line)) };
  const ctx = await createTestContext({ env, deps: { logger: loggerOptions(level, stream) } });
  contexts.push(ctx);
  return { ctx, lines };
}

describe('request logs', () => {
  it('are quiet at the default info level for ordinary answers', async () => {
    const { ctx, lines } = await logged('info');
    for (let i = 0; i < 20; i += 1) await ctx.app.inject({ url: '/api/apps' });
    await ctx.app.inject({ url: '/api/nothing-here' });
    expect(lines).toEqual([]);
  });

  it('log one debug line per request with its id, and the id in x-request-id', async () => {
    const { ctx, lines } = await logged('debug');
    const response = await ctx.app.inject({ url: '/api/apps?access_token=secret-token-value' });
    expect(response.headers['x-request-id']).toBeTruthy();
    const line = lines.find((entry) => entry.msg === 'request completed');
    expect(line).toMatchObject({
      level: 20,
      reqId: response.headers['x-request-id'],
      res: { statusCode: 401 },
      req: { method: 'GET', url: '/api/apps?access_token=redacted' },
    });
    expect(JSON.stringify(lines)).not.toContain('secret-token-value');
    expect(lines.filter((entry) => entry.msg === 'incoming request')).toEqual([]);
  });

  it('log slow requests at warn', async () => {
    const { ctx, lines } = await logged('info', { SLOW_REQUEST_MS: '1' });
    ctx.app.get('/slow', async () => {
      await new Promise((resolve) => setTimeout(resolve, 20));
      return 'ok';
    });
    await ctx.app.inject({ url: '/slow' });
    expect(lines).toEqual([
      expect.objectContaining({ level: 40, msg: 'slow request', res: { statusCode: 200 } }),
    ]);
  });
});
