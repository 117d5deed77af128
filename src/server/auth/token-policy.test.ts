import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { bearer, createTestContext, type TestContext } from '../test-support/test-app.js';
import { redactUrl } from '../http/log-redaction.js';
import { createGroupsClaimReporter } from './missing-groups.js';

let ctx: TestContext;
let logs: string[];

beforeEach(async () => {
  logs = [];
  const stream = { write: (line: string) => void logs.push(line) };
  ctx = await createTestContext({
    apps: [{ id: 'open', isPublic: true }],
    deps: { logger: { level: 'warn', stream } },
  });
});
afterEach(async () => {
  await ctx.close();
});

describe('bearer tokens in the URL (RFC 6750 §2.3)', () => {
  it('are refused with 401, even next to a valid header, and never reach the logs', async () => {
    const token = await ctx.issuer.tokenFor('alice', ['/genomics']);
    const inQuery = await ctx.app.inject({ url: `/api/me?access_token=${token}` });
    expect(inQuery.statusCode).toBe(401);
    expect(inQuery.json()).toMatchObject({
      status: 401,
      code: 'unauthorized',
      message: 'Send the access token in the Authorization header, not in the address.',
    });
    const both = await ctx.app.inject({
      url: `/api/apps?access_token=${token}`,
      headers: bearer(token),
    });
    expect(both.statusCode).toBe(401);
    expect(redactUrl(`/api/me?access_token=${token}`)).toBe('/api/me?access_token=redacted');
    expect(logs.join('\n')).not.toContain(token);
  });
});

describe('a token without the groups claim', () => {
  it('is logged once per subject, naming the claim but no claim value', async () => {
    const token = await ctx.issuer.sign(
      { sub: 'subject-without-groups' },
      { omit: ['user_groups'] },
    );
    for (let i = 0; i < 3; i += 1) {
      expect((await ctx.app.inject({ url: '/api/me', headers: bearer(token) })).statusCode).toBe(
        200,
      );
    }
    const lines = logs.filter((line) => line.includes('has no \\"user_groups\\" claim'));
    expect(lines).toHaveLength(1);
    expect(lines[0]).not.toContain('subject-without-groups');
    expect(lines[0]).toContain('subjectDigest');

    const other = await ctx.issuer.sign({ sub: 'another-subject' }, { omit: ['user_groups'] });
    await ctx.app.inject({ url: '/api/me', headers: bearer(other) });
    expect(logs.filter((line) => line.includes('user_groups'))).toHaveLength(2);
  });

  it('a malformed claim or entry is logged once per subject, without its value', async () => {
    const claims: unknown[] = ['secret-group', ['secret-group ', '/ok'], ['//secret-group']];
    for (const [index, groups] of claims.entries()) {
      const token = await ctx.issuer.tokenFor(`odd-${index}`, groups);
      for (let i = 0; i < 2; i += 1) {
        await ctx.app.inject({ url: '/api/me', headers: bearer(token) });
      }
    }
    const all = logs.join('\n');
    expect(logs.filter((line) => line.includes('claim is not a list'))).toHaveLength(1);
    expect(logs.filter((line) => line.includes('not group names'))).toHaveLength(2);
    expect(all).not.toContain('secret-group');
    expect(all).not.toContain('odd-');
  });

  it('is not reported when the claim is there, even empty', () => {
    const warnings: string[] = [];
    const report = createGroupsClaimReporter({
      groupsClaim: 'user_groups',
      warn: (_details, message) => void warnings.push(message),
    });
    report({ sub: 'a', user_groups: [] });
    report({ sub: 'b', user_groups: ['/x'] });
    expect(warnings).toEqual([]);
    report({ sub: 'c' });
    report({ sub: 'c' });
    expect(warnings).toHaveLength(1);
  });
});
