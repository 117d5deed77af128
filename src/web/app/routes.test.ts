import { describe, expect, it } from 'vitest';
import { routeOf } from './routes.js';

describe('routeOf', () => {
  it.each([
    ['/', 'home'],
    ['/?q=galaxy', 'home'],
    ['/admin', 'admin'],
    ['/admin/', 'admin'],
    ['/admin?x=1#y', 'admin'],
    ['/administrator', 'home'],
    ['/other', 'home'],
  ])('%s is the %s route', (path, route) => {
    expect(routeOf(path)).toBe(route);
  });
});
