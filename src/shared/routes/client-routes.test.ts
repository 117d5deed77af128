import { describe, expect, it } from 'vitest';
import { routeOf } from './client-routes.js';

describe('routeOf', () => {
  it.each([
    ['/', 'home'],
    ['/?q=galaxy', 'home'],
    ['/#main', 'home'],
    ['/admin', 'admin'],
    ['/admin/', 'admin'],
    ['/admin?x=1#y', 'admin'],
    ['/administrator', 'not-found'],
    ['/requests', 'requests'],
    ['/requests?tab=decided', 'requests'],
    ['/requests/', 'not-found'],
    ['/requests/42', 'not-found'],
    ['/other', 'not-found'],
    ['/some/typo', 'not-found'],
    ['/dev-idp/authorize', 'not-found'],
    ['', 'not-found'],
  ])('%s is the %s route', (path, route) => {
    expect(routeOf(path)).toBe(route);
  });
});
