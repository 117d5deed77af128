import { describe, expect, it } from 'vitest';
import { statusKind, statusLabel } from './status-codes.js';

describe('statusLabel', () => {
  it.each([
    [0, 'Down'],
    [1, 'Up & Running'],
    [2, 'Pending'],
    [3, 'Maintenance'],
    [4, 'Up & Running'],
    [-1, 'Up & Running'],
    [1.5, 'Up & Running'],
    [Number.NaN, 'Up & Running'],
  ])('code %s reads %s', (code, label) => {
    expect(statusLabel(code)).toBe(label);
  });

  it('gives the kind for known codes', () => {
    expect([0, 1, 2, 3].map(statusKind)).toEqual(['down', 'up', 'pending', 'maintenance']);
  });
});
