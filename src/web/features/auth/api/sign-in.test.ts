import { describe, expect, it } from 'vitest';
import { loginUrl } from './sign-in.js';

describe('loginUrl', () => {
  it.each([
    ['/', '/auth/login?returnTo=%2F'],
    ['/apps?x=1#y', '/auth/login?returnTo=%2Fapps%3Fx%3D1%23y'],
    ['//evil.example', '/auth/login?returnTo=%2F'],
    ['https://evil.example/', '/auth/login?returnTo=%2F'],
  ])('comes back to %j', (returnTo, url) => {
    expect(loginUrl(returnTo)).toBe(url);
  });
});
