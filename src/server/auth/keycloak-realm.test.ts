import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const realm = JSON.parse(
  readFileSync(new URL('../../../keycloak/realm-app-portal.json', import.meta.url), 'utf8'),
) as Record<string, unknown>;

describe('the test realm (keycloak/realm-app-portal.json)', () => {
  it('protects against password guessing', () => {
    expect(realm).toMatchObject({ bruteForceProtected: true, permanentLockout: false });
    expect(realm.failureFactor).toBeGreaterThan(0);
  });

  it('rotates refresh tokens and refuses a second use of one', () => {
    expect(realm).toMatchObject({ revokeRefreshToken: true, refreshTokenMaxReuse: 0 });
  });
});
