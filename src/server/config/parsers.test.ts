import { describe, expect, it } from 'vitest';
import { databaseUrlKind, databaseUrl, InvalidValue } from './parsers.js';

describe('databaseUrlKind: the one DATABASE_URL rule (config and db/database.ts)', () => {
  it.each<[string, 'sqlite' | 'postgres' | undefined]>([
    ['sqlite:', 'sqlite'],
    ['sqlite://', 'sqlite'],
    ['sqlite:/srv/portal/portal.db', 'sqlite'],
    ['sqlite::memory:', 'sqlite'],
    [' sqlite:x.db ', 'sqlite'],
    ['postgres://u:p@db:5432/portal', 'postgres'],
    ['postgresql://db/portal', 'postgres'],
    ['POSTGRES://db/portal', 'postgres'],
    ['SQLITE:/x.db', undefined],
    ['postgres:db', undefined],
    ['mysql://db/portal', undefined],
    ['portal.db', undefined],
  ])('%s is %s', (url, kind) => {
    expect(databaseUrlKind(url)).toBe(kind);
  });

  it('is what the DATABASE_URL parser accepts, trimmed', () => {
    expect(databaseUrl(' postgres://db/portal ', {})).toBe('postgres://db/portal');
    expect(() => databaseUrl('mysql://db', {})).toThrow(InvalidValue);
    expect(() => databaseUrl('mysql://db', {})).toThrow('must start with sqlite: or postgres://');
  });
});
