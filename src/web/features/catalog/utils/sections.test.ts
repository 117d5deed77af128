import { describe, expect, it } from 'vitest';
import { makeApp } from '../../../test-support/fixtures.js';
import { groupByCategory } from './sections.js';

describe('groupByCategory', () => {
  it('makes one section per category, sorted by displayed title', () => {
    const apps = [
      makeApp({ name: 'Galaxy', category: 'apps' }),
      makeApp({ name: 'IGV', category: 'Data' }),
      makeApp({ name: 'Wiki', category: 'Documentation' }),
      makeApp({ name: 'Slurm', category: 'compute' }),
      makeApp({ name: 'RStudio', category: 'apps' }),
    ];
    const sections = groupByCategory(apps);
    expect(sections.map((s) => s.title)).toEqual([
      'Applications',
      'compute',
      'Data',
      'Documentation',
    ]);
    expect(sections[0]?.apps.map((a) => a.name)).toEqual(['Galaxy', 'RStudio']);
  });

  it('sorts by the displayed title, so apps (Applications) goes among the A titles', () => {
    const sections = groupByCategory([
      makeApp({ category: 'Bioinformatics' }),
      makeApp({ category: 'apps' }),
      makeApp({ category: 'Analysis' }),
    ]);
    expect(sections.map((s) => s.title)).toEqual(['Analysis', 'Applications', 'Bioinformatics']);
  });

  it('titles a section without a category "Section Title"', () => {
    const sections = groupByCategory([makeApp({ category: '' }), makeApp({ category: '  ' })]);
    expect(sections).toHaveLength(1);
    expect(sections[0]?.title).toBe('Section Title');
    expect(sections[0]?.apps).toHaveLength(2);
  });

  it('has no sections without apps', () => {
    expect(groupByCategory([])).toEqual([]);
  });
});
