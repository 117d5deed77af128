import { describe, expect, it } from 'vitest';
import { makeApp } from '../../../test-support/fixtures.js';
import { comparePlain, groupByCategory } from './sections.js';

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

describe('comparePlain', () => {
  const LANGUAGES = ['en', 'de', 'fr', 'es', 'ar'];
  const sign = (n: number) => Math.sign(n);
  /** A few hand-picked pairs, then many random titles of ASCII letters, digits and spaces. */
  const titles = [
    'Data',
    'data',
    'Data Sets',
    'Database',
    'Data2',
    'Data 2',
    'Data10',
    'Data 10',
    'Data 010',
    'data 9',
    'App 1',
    'App 01',
    '10 tools',
    '9 tools',
    ' leading',
    'Zebra',
    'zeta',
    'a',
    '',
    '1',
    '007',
  ];
  let seed = 7;
  const random = () => {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    return seed / 2 ** 31;
  };
  const alphabet = 'aAbBmMzZ 0129';
  for (let n = 0; n < 300; n += 1) {
    const length = Math.floor(random() * 7);
    titles.push(
      Array.from({ length }, () => alphabet[Math.floor(random() * alphabet.length)]).join(''),
    );
  }

  it.each(LANGUAGES)(
    'orders titles of ASCII letters, digits and spaces as Intl does in %s',
    (language) => {
      const collator = new Intl.Collator(language, { sensitivity: 'base', numeric: true });
      for (const a of titles) {
        for (const b of titles) {
          expect(sign(comparePlain(a, b)), `${JSON.stringify(a)} vs ${JSON.stringify(b)}`).toBe(
            sign(collator.compare(a, b)),
          );
        }
      }
    },
  );

  it('falls back to the collator for any other title', () => {
    const sections = groupByCategory(
      [
        makeApp({ category: 'Äpfel' }),
        makeApp({ category: 'Zucker' }),
        makeApp({ category: 'Apps' }),
      ],
      undefined,
      'de',
    );
    expect(sections.map((s) => s.title)).toEqual(['Äpfel', 'Apps', 'Zucker']);
  });
});
