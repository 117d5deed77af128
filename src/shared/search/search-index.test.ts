import { describe, expect, it } from 'vitest';
import { parseSearchQuery } from './query-parser.js';
import {
  createSearchIndex,
  type SearchableApp,
  type SearchContext,
  type SearchStatus,
} from './search-index.js';

let nextId = 0;
function app(name: string, fields: Partial<SearchableApp> = {}): SearchableApp {
  nextId += 1;
  return {
    id: `app-${nextId}`,
    name,
    description: '',
    env: 'prod',
    category: 'apps',
    ...fields,
  };
}

function names(apps: readonly SearchableApp[], query: string, context?: SearchContext) {
  return createSearchIndex(apps)
    .search(query, context)
    .map((hit) => hit.app.name);
}

/** Highlighted parts of the first hit's name, e.g. `[Gal]axy`. */
function highlighted(apps: readonly SearchableApp[], query: string): string {
  const [hit] = createSearchIndex(apps).search(query);
  if (!hit) return '(no result)';
  let out = '';
  let at = 0;
  for (const { start, end } of hit.nameMatches) {
    out += `${hit.app.name.slice(at, start)}[${hit.app.name.slice(start, end)}]`;
    at = end;
  }
  return out + hit.app.name.slice(at);
}

const catalog = [
  app('Galaxy', { description: 'Web platform for reproducible genomics analyses.' }),
  app('RStudio Server', { description: 'R and Bioconductor in the browser.' }),
  app('JupyterHub', { description: 'Notebooks for Python and R.', env: 'dev' }),
  app('OMERO', { description: 'Image data management for microscopy.', category: 'Imaging' }),
  app('MultiQC', { description: 'Aggregates QC reports.', category: 'Pipelines' }),
  app('Nextflow Tower', { description: 'Launch and monitor pipelines.', category: 'Pipelines' }),
  app('CellProfiler', { description: 'Measure phenotypes in images.', category: 'Imaging' }),
  app('Omega Notes', { description: 'Lab notebook.', env: 'stage', category: 'Data' }),
  app('Template Editor', { description: 'Edit report templates.', env: 'dev', category: 'Data' }),
];

describe('search: typos', () => {
  it.each([
    ['galxy', 'Galaxy'],
    ['galaxi', 'Galaxy'],
    ['rstudo', 'RStudio Server'],
    ['rsutdio', 'RStudio Server'],
    ['jupyterhb', 'JupyterHub'],
    ['nextflw', 'Nextflow Tower'],
    ['cellprofilr', 'CellProfiler'],
    ['mutliqc', 'MultiQC'],
    ['pipelnes', 'MultiQC'], // a category title with a typo: its first app
  ])('%j finds %j first', (query, expected) => {
    expect(names(catalog, query)[0]).toBe(expected);
  });

  it.each([
    ['glx', 'too short for a typo'],
    ['zzz galaxy', 'every word must match'],
    ['date', 'a typo must start at a word: not "Template", not "update"'],
    ['notebok', 'descriptions need the exact word (or its start)'],
  ])('%j finds nothing (%s)', (query) => {
    const apps = [...catalog.filter((a) => a.category !== 'Data'), app('Template', {})];
    expect(names(apps, query)).toEqual([]);
  });
});

describe('search: prefixes and parts of words', () => {
  it.each([
    ['g', ['Galaxy']],
    ['gal', ['Galaxy']],
    ['jup', ['JupyterHub']],
    ['hub', ['JupyterHub']], // camelCase hump
    ['qc', ['MultiQC']], // camelCase hump, short word
    ['stud', ['RStudio Server']], // camelCase hump
    ['rver', ['RStudio Server']], // inside a word: 3 letters or more
    ['om', ['OMERO', 'Omega Notes']],
  ])('%j finds %j', (query, expected) => {
    const apps = catalog.map((a) => ({ ...a, description: '' }));
    expect(names(apps, query)).toEqual(expected);
  });

  it('does not match one or two letters inside a word', () => {
    const apps = [app('Omega'), app('Gamma')];
    expect(names(apps, 'ga')).toEqual(['Gamma']);
    expect(names(apps, 'ega')).toEqual(['Omega']);
  });
});

describe('search: accents and case', () => {
  const apps = [
    app('Génomica Portal', { category: 'Données' }),
    app('Genomics Tools', { description: 'Pipelines de análisis genómico.' }),
    app('Straße Maps'),
  ];

  it.each([
    ['genomica', ['Génomica Portal', 'Genomics Tools']], // exact first, then one typo away
    ['GÉNOMICA', ['Génomica Portal', 'Genomics Tools']],
    ['génomics', ['Genomics Tools', 'Génomica Portal']],
    ['genomica portal', ['Génomica Portal']],
    ['ANALISIS', ['Genomics Tools']],
    ['donnees', ['Génomica Portal']],
    ['strasse', ['Straße Maps']],
    ['GENOM', ['Génomica Portal', 'Genomics Tools']],
    ['gEnOmIcS tOoLs', ['Genomics Tools']],
  ])('%j finds %j', (query, expected) => {
    expect(names(apps, query)).toEqual(expected);
  });

  it('matches a name stored in decomposed (NFD) form', () => {
    expect(names([app('Ge\u0301nomica')], 'génomica')).toEqual(['Ge\u0301nomica']);
  });
});

describe('search: empty query and filters without words', () => {
  const apps = [
    app('Zeta', { env: 'dev', category: 'Data' }),
    app('Alpha', { env: 'prod', category: 'apps' }),
    app('Mid', { env: 'dev', category: 'Imaging' }),
    app('Beta', { env: 'stage', category: 'Data Science' }),
  ];
  const [zeta, alpha, mid] = apps as [SearchableApp, SearchableApp, SearchableApp];
  const context: SearchContext = {
    statusById: new Map<string, SearchStatus>([
      [zeta.id, 'up'],
      [alpha.id, 'down'],
      [mid.id, 'maintenance'],
    ]),
    favoriteIds: new Set([mid.id, zeta.id]),
    flappingIds: new Set([alpha.id]),
  };

  it.each(['', '   ', 'env:'])('%j returns every app in input order, unhighlighted', (query) => {
    const hits = createSearchIndex(apps).search(query, context);
    expect(hits.map((hit) => hit.app)).toEqual(apps);
    expect(hits.every((hit) => hit.nameMatches.length === 0 && hit.score === 0)).toBe(true);
  });

  it.each([
    ['env:dev', ['Zeta', 'Mid']],
    ['env:dev env:stage', ['Zeta', 'Mid', 'Beta']],
    ['status:up', ['Zeta']],
    ['status:down status:maintenance', ['Alpha', 'Mid']],
    ['status:pending', []],
    ['status:flapping', ['Alpha']],
    ['status:flapping status:up', ['Zeta', 'Alpha']],
    ['fav', ['Zeta', 'Mid']],
    ['category:data', ['Zeta']],
    ['category:"data science"', ['Beta']],
    ['category:"Data Science', ['Beta']],
    ['category:Applications', ['Alpha']], // the title shown for "apps"
    ['category:APPS', ['Alpha']], // the raw category
    ['category:imaging category:data', ['Zeta', 'Mid']],
    ['env:dev fav status:maintenance', ['Mid']],
  ])('%j returns %j in input order', (query, expected) => {
    expect(names(apps, query, context)).toEqual(expected);
  });

  it('treats apps without a reported status as unknown: no status filter matches them', () => {
    expect(names(apps, 'status:up status:down status:pending status:maintenance', context)).toEqual(
      ['Zeta', 'Alpha', 'Mid'],
    );
    expect(names(apps, 'status:up')).toEqual([]);
  });

  it('finds no favorites for a signed-out user', () => {
    expect(names(apps, 'fav')).toEqual([]);
  });

  it('matches categories without accents or case', () => {
    expect(names([app('A', { category: 'Données' }), app('B')], 'category:DONNEES')).toEqual(['A']);
  });
});

describe('search: locked cards', () => {
  const napari = { ...app('Napari', { category: 'Imaging' }), locked: true };
  const omero = app('OMERO', { category: 'Imaging' });
  const labkey = { ...app('LabKey', { category: 'Data' }), locked: true };
  const apps: SearchableApp[] = [napari, omero, labkey];

  it('is:locked finds only the locked cards, and combines with words and filters', () => {
    expect(names(apps, 'is:locked')).toEqual(['Napari', 'LabKey']);
    expect(names(apps, 'is:locked category:imaging')).toEqual(['Napari']);
    expect(names(apps, 'is:locked omero')).toEqual([]);
  });

  it('shows locked cards among the results of an ordinary search', () => {
    expect(names(apps, 'category:imaging')).toEqual(['Napari', 'OMERO']);
  });

  it('never counts a locked card as a favourite, even if its id is in the list', () => {
    const context = { favoriteIds: new Set([napari.id, omero.id]) };
    expect(names(apps, 'fav', context)).toEqual(['OMERO']);
  });
});

describe('search: unknown filters are words', () => {
  const apps = [
    app('Deploy Notes', { description: 'Set env:production before deploying.', env: 'dev' }),
    app('Prod App', { env: 'prod' }),
    app('Utilities', { description: 'Reads foo:bar settings.' }),
  ];

  it.each([
    ['env:production', ['Deploy Notes']],
    ['foo:bar', ['Utilities']],
    ['status:broken', []],
  ])('%j searches the text and returns %j', (query, expected) => {
    expect(names(apps, query)).toEqual(expected);
  });
});

describe('search: words combined with filters', () => {
  const apps = [
    app('Galaxy', { env: 'prod', category: 'apps', description: 'Genomics workflows.' }),
    app('Galaxy Dev', { env: 'dev', category: 'apps' }),
    app('Galaxy Training', { env: 'stage', category: 'Teaching' }),
    app('Jupyter Lab', { env: 'dev', description: 'Notebooks that talk to Galaxy.' }),
  ];
  const context: SearchContext = {
    statusById: new Map<string, SearchStatus>(apps.map((a) => [a.id, 'up'])),
    favoriteIds: new Set([apps[2]?.id ?? '']),
  };

  it.each([
    ['env:dev galaxy', ['Galaxy Dev', 'Jupyter Lab']],
    ['galaxy env:dev', ['Galaxy Dev', 'Jupyter Lab']],
    ['env:dev galxy', ['Galaxy Dev']],
    ['galaxy category:teaching', ['Galaxy Training']],
    ['fav galaxy', ['Galaxy Training']],
    ['status:up env:prod genomics', ['Galaxy']],
    ['galaxy notebooks', ['Jupyter Lab']], // AND: every word, in any field
    ['galaxy genomics', ['Galaxy']],
    ['galaxy nothing-like-this', []],
  ])('%j returns %j', (query, expected) => {
    expect(names(apps, query, context)).toEqual(expected);
  });

  it('accepts an already parsed query', () => {
    const index = createSearchIndex(apps);
    expect(index.search(parseSearchQuery('env:dev galaxy')).map((h) => h.app.name)).toEqual([
      'Galaxy Dev',
      'Jupyter Lab',
    ]);
  });

  it('searches environment labels and category titles as words', () => {
    expect(names(apps, 'dev')).toEqual(['Galaxy Dev', 'Jupyter Lab']);
    expect(names(apps, 'applications')).toEqual(['Galaxy', 'Galaxy Dev', 'Jupyter Lab']);
  });
});

describe('search: highlighting', () => {
  it.each([
    [[app('Galaxy Europe')], 'galaxy', '[Galaxy] Europe'],
    [[app('Galaxy Europe')], 'gal', '[Gal]axy Europe'],
    [[app('Galaxy Europe')], 'eur gal', '[Gal]axy [Eur]ope'],
    [[app('Galaxy Europe')], 'GALAXY', '[Galaxy] Europe'],
    [[app('JupyterHub')], 'jupyter hub', '[JupyterHub]'],
    [[app('JupyterHub')], 'hub', 'Jupyter[Hub]'],
    [[app('Galaxy')], 'galxy', '[Galaxy]'],
    [[app('RStudio Server')], 'rsutdio', '[RStudio] Server'],
    [[app('RStudio Server')], 'env:prod studio', 'R[Studio] Server'],
    [[app('Génomica Portal')], 'genomica', '[Génomica] Portal'],
    [[app('Ge\u0301nomica')], 'ge', '[Ge\u0301]nomica'], // the accent stays with its letter
    [[app('Straße Maps')], 'strasse', '[Straße] Maps'],
    [[app('Lab Notes', { description: 'Galaxy workflow notes' })], 'galaxy', 'Lab Notes'],
    [[app('Lab Notes', { category: 'Galaxy' })], 'galaxy notes', 'Lab [Notes]'],
  ])('%#: %j highlights %j', (apps, query, expected) => {
    expect(highlighted(apps, query)).toBe(expected);
  });

  it('returns sorted, non-overlapping UTF-16 ranges into the original name', () => {
    const [hit] = createSearchIndex([app('Galaxy Galaxy Europe')]).search('galaxy europe gal');
    expect(hit?.nameMatches).toEqual([
      { start: 0, end: 6 },
      { start: 14, end: 20 },
    ]);
  });

  it('has no ranges when there are no words', () => {
    const [hit] = createSearchIndex([app('Galaxy', { env: 'dev' })]).search('env:dev');
    expect(hit?.nameMatches).toEqual([]);
  });
});

describe('search: ranking', () => {
  it.each<[string, string, SearchableApp[], string[]]>([
    [
      'an exact name beats a description match',
      'galaxy',
      [app('Lab Notes', { description: 'Notes about Galaxy.' }), app('Galaxy')],
      ['Galaxy', 'Lab Notes'],
    ],
    [
      'the exact name beats a longer name',
      'igv',
      [app('IGV Web'), app('IGV Desktop Mirror'), app('IGV')],
      ['IGV', 'IGV Web', 'IGV Desktop Mirror'],
    ],
    [
      'a name beats a category title',
      'imaging',
      [app('Tool', { category: 'Imaging' }), app('Imaging Hub', { category: 'Data' })],
      ['Imaging Hub', 'Tool'],
    ],
    [
      'a category title beats an environment label',
      'stage',
      [app('A', { env: 'stage' }), app('B', { category: 'Stage Tools', env: 'prod' })],
      ['B', 'A'],
    ],
    [
      'an environment label beats a description',
      'prod',
      [app('A', { description: 'Moves to prod soon', env: 'dev' }), app('B', { env: 'prod' })],
      ['B', 'A'],
    ],
    [
      'a whole word beats the start of a word, which beats the inside of a word',
      'data',
      [app('Metadata Store'), app('Database Admin'), app('Data Portal')],
      ['Data Portal', 'Database Admin', 'Metadata Store'],
    ],
    [
      'an exact match beats a typo',
      'galaxy',
      [app('Galaxie Tools'), app('Galaxy Tools')],
      ['Galaxy Tools', 'Galaxie Tools'],
    ],
    [
      'a typo in the name beats an exact word in the description',
      'galaxy',
      [app('Notes', { description: 'About galaxy' }), app('Galaxie')],
      ['Galaxie', 'Notes'],
    ],
    [
      'ties keep the input order',
      'galaxy',
      [app('Galaxy Beta'), app('Galaxy Alpha'), app('Galaxy Gamma')],
      ['Galaxy Beta', 'Galaxy Alpha', 'Galaxy Gamma'],
    ],
  ])('%s (%j)', (_title, query, apps, expected) => {
    expect(names(apps, query)).toEqual(expected);
  });

  it('adds up the words: an app matching both words well comes first', () => {
    const apps = [
      app('Galaxy', { description: 'Genomics platform.' }),
      app('Galaxy Genomics'),
      app('Genomics Portal', { description: 'Links to Galaxy.' }),
    ];
    expect(names(apps, 'galaxy genomics')).toEqual([
      'Galaxy Genomics',
      'Galaxy',
      'Genomics Portal',
    ]);
  });

  it('scores higher for better matches and 0 without words', () => {
    const index = createSearchIndex([app('Galaxy'), app('Galaxy Europe')]);
    const [exact, longer] = index.search('galaxy');
    expect(exact?.score).toBeGreaterThan(longer?.score ?? Infinity);
    expect(index.search('env:prod').map((h) => h.score)).toEqual([0, 0]);
  });
});

describe('search: input', () => {
  it('returns the same app objects it was given, typed as given', () => {
    const apps = [{ ...app('Galaxy'), link: 'https://galaxy.example.edu/' }];
    const [hit] = createSearchIndex(apps).search('galaxy');
    expect(hit?.app).toBe(apps[0]);
    expect(hit?.app.link).toBe('https://galaxy.example.edu/');
  });

  it('handles no apps', () => {
    expect(createSearchIndex([]).search('galaxy')).toEqual([]);
    expect(createSearchIndex([]).search('')).toEqual([]);
  });

  it('handles words longer than 32 characters', () => {
    const name = 'Supercalifragilisticexpialidocious Analysis Platform';
    expect(names([app(name)], 'supercalifragilisticexpialidocious analysis')).toEqual([name]);
    expect(names([app(name)], 'supercalifragilisticexpialidociuos')).toEqual([name]);
  });
});
