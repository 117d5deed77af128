import { describe, expect, it } from 'vitest';
import { categoryTitle } from './categories.js';

describe('categoryTitle', () => {
  it.each([
    ['apps', 'Applications'],
    ['Pipelines', 'Pipelines'],
    ['  Imaging ', 'Imaging'],
    ['', 'Section Title'],
    ['   ', 'Section Title'],
    [null, 'Section Title'],
    [undefined, 'Section Title'],
    ['Apps', 'Apps'],
  ])('%j is shown as %j', (category, title) => {
    expect(categoryTitle(category)).toBe(title);
  });
});
