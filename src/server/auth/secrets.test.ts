import { describe, expect, it } from 'vitest';
import { digest, newSecret, seal, unseal } from './secrets.js';

describe('session secrets', () => {
  it('are random, URL-safe and at least 128 bits', () => {
    const secrets = new Set(Array.from({ length: 100 }, () => newSecret()));
    expect(secrets.size).toBe(100);
    for (const secret of secrets) {
      expect(secret).toMatch(/^[A-Za-z0-9_-]+$/);
      expect(Buffer.from(secret, 'base64url').length * 8).toBeGreaterThanOrEqual(128);
    }
  });

  it('are stored as a digest that does not contain them', () => {
    const secret = newSecret();
    expect(digest(secret)).not.toContain(secret);
    expect(digest(secret)).toBe(digest(secret));
    expect(digest(secret)).not.toBe(digest(newSecret()));
  });

  it('unlock the tokens sealed with them, and only they do', () => {
    const secret = newSecret();
    const sealed = seal(secret, '{"accessToken":"a.b.c"}');
    expect(sealed).not.toContain('a.b.c');
    expect(unseal(secret, sealed)).toBe('{"accessToken":"a.b.c"}');
    expect(() => unseal(newSecret(), sealed)).toThrow();
    const [version, iv, body, tag] = sealed.split('.');
    const flipped = `${body?.[0] === 'A' ? 'B' : 'A'}${body?.slice(1)}`;
    expect(() => unseal(secret, [version, iv, flipped, tag].join('.'))).toThrow();
  });
});
