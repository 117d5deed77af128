import { describe, expect, it } from 'vitest';
import { principalFromClaims } from './principal.js';

describe('principalFromClaims', () => {
  it('reads a Keycloak-shaped token', () => {
    const principal = principalFromClaims(
      {
        sub: 'f3a1',
        name: 'Alice Liddell',
        preferred_username: 'alice',
        given_name: 'Alice',
        family_name: 'Liddell',
        email: 'alice@example.edu',
        user_groups: ['/genomics', '/staff'],
        realm_access: { roles: ['offline_access', 'portal-admin'] },
      },
      'user_groups',
    );
    expect(principal).toEqual({
      subject: 'f3a1',
      name: 'Alice Liddell',
      username: 'alice',
      givenName: 'Alice',
      email: 'alice@example.edu',
      groups: ['genomics', 'staff'],
      roles: ['offline_access', 'portal-admin'],
    });
  });

  it('uses the configured groups claim only', () => {
    const claims = { sub: 's', user_groups: ['/a'], groups: ['/b'] };
    expect(principalFromClaims(claims, 'groups').groups).toEqual(['b']);
  });

  it.each([
    // Checklist 20: only a list counts; a string is not one group.
    [{ user_groups: 'genomics' }, []],
    [{ user_groups: '/genomics' }, []],
    // Checklist 26: malformed entries grant nothing, not the name they resemble.
    [{ user_groups: ['imaging ', '//imaging', ' /imaging', '/imaging/'] }, []],
    [
      { user_groups: ['/genomics/team-a', '/Genomics', '/genomics-admin'] },
      ['genomics/team-a', 'Genomics', 'genomics-admin'],
    ],
    [{ user_groups: 42 }, []],
    [{ user_groups: { genomics: true } }, []],
    [{ user_groups: null }, []],
    [{}, []],
  ])('groups claim %j gives %j', (claims, groups) => {
    expect(principalFromClaims({ sub: 's', ...claims }, 'user_groups').groups).toEqual(groups);
  });

  it.each([
    [{ realm_access: 'admin' }],
    [{ realm_access: { roles: 'admin' } }],
    [{ realm_access: null }],
    [{}],
  ])('roles of the wrong shape (%j) mean no roles', (claims) => {
    expect(principalFromClaims({ sub: 's', ...claims }, 'user_groups').roles).toEqual([]);
  });

  it('falls back to given and family names, then the username, for the display name', () => {
    expect(principalFromClaims({ sub: 's', given_name: 'Bob', family_name: 'Ng' }, 'g').name).toBe(
      'Bob Ng',
    );
    expect(principalFromClaims({ sub: 's', preferred_username: 'bob' }, 'g').name).toBe('bob');
  });

  it('ignores claims of the wrong type instead of failing', () => {
    const principal = principalFromClaims(
      { sub: 's', email: 5, name: ['x'], given_name: {} },
      'user_groups',
    );
    expect(principal).toMatchObject({ email: '', name: '', givenName: '' });
  });
});
