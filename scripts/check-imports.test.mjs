import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { checkImports, findCycles } from './check-imports.mjs';
import {
  SERVER_LAYERS,
  SERVER_TEST_FOLDERS,
  WEB_ISOLATED,
  WEB_LAYERS,
  WEB_TEST_FOLDERS,
} from './lib/server-layers.mjs';

/** A tree with one file in every folder the tables name, plus the files given. */
const trees = [];
function tree(files) {
  const root = mkdtempSync(join(tmpdir(), 'check-imports-'));
  trees.push(root);
  const all = {
    ...Object.fromEntries(
      [...SERVER_LAYERS.flat(), ...SERVER_TEST_FOLDERS].map((f) => [`src/server/${f}/x.ts`, '']),
    ),
    ...Object.fromEntries(
      [...WEB_LAYERS.flat(), ...WEB_ISOLATED, ...WEB_TEST_FOLDERS].map((f) => [
        `src/web/${f}/x.ts`,
        '',
      ]),
    ),
    ...files,
  };
  for (const [path, text] of Object.entries(all)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  return root;
}
afterEach(() => {
  for (const root of trees.splice(0)) rmSync(root, { recursive: true, force: true });
});

const graph = (edges) => {
  const map = new Map();
  for (const [from, to] of edges) {
    if (!map.has(from)) map.set(from, new Set());
    if (!map.has(to)) map.set(to, new Set());
    map.get(from).add(to);
  }
  return map;
};

describe('the import check of npm run lint', () => {
  it('finds a cycle of two files, of three, and a file importing itself', () => {
    expect(
      findCycles(
        graph([
          ['a', 'b'],
          ['b', 'a'],
          ['b', 'c'],
        ]),
      ).map((c) => c.sort()),
    ).toEqual([['a', 'b']]);
    expect(
      findCycles(
        graph([
          ['a', 'b'],
          ['b', 'c'],
          ['c', 'a'],
        ]),
      ),
    ).toHaveLength(1);
    expect(findCycles(graph([['a', 'a']]))).toEqual([['a']]);
    expect(
      findCycles(
        graph([
          ['a', 'b'],
          ['a', 'c'],
          ['b', 'c'],
        ]),
      ),
    ).toEqual([]);
  });

  it(
    'finds no cycle in src/ and no server import up a layer outside the named exceptions',
    { timeout: 60_000 },
    () => {
      const result = checkImports();
      expect(result.problems).toEqual([]);
      expect(result.cycles).toBe(0);
    },
  );

  it('passes a tree whose folders the tables name and whose imports point down', () => {
    const root = tree({
      'src/server/admin/a.ts': "import '../catalog/x.js';\nimport '../i18n/x.js';",
      'src/web/features/f/a.ts': "import '../../ui/x.js';\nimport '../../lib/x.js';",
      'src/web/app/a.ts': "import '../features/f/a.js';",
    });
    expect(checkImports(root).problems).toEqual([]);
  });

  it('fails on a server or web folder missing from the table, and on one named but gone', () => {
    const root = tree({ 'src/server/newfeature/a.ts': '', 'src/web/widgets/a.ts': '' });
    rmSync(join(root, 'src/server/cli'), { recursive: true });
    expect(checkImports(root).problems).toEqual([
      'src/server/newfeature: a folder missing from the layer table (scripts/lib/server-layers.mjs)',
      'src/server/cli: named in the layer table but not in the tree',
      'src/web/widgets: a folder missing from the layer table (scripts/lib/server-layers.mjs)',
    ]);
  });

  it('fails on a server import up a layer: i18n importing admin', () => {
    const root = tree({ 'src/server/i18n/a.ts': "import '../admin/x.js';" });
    expect(checkImports(root).problems).toEqual([
      'src/server/i18n/a.ts imports src/server/admin/x.ts: a folder of its own or a higher layer',
    ]);
  });

  it('fails when ui/, lib/ or boot/ import a feature, or a feature imports another', () => {
    const root = tree({
      'src/web/features/f/a.ts': '',
      'src/web/features/g/a.ts': "import '../f/a.js';",
      'src/web/lib/a.ts': "import '../features/f/a.js';",
      'src/web/ui/a.ts': "import '../features/f/a.js';\nimport '../app/x.js';",
      'src/web/sw/a.ts': "import '../lib/x.js';",
      'src/web/lib/b.test.ts': "import '../features/f/a.js';",
    });
    expect(checkImports(root).problems.sort()).toEqual(
      [
        'src/web/features/g/a.ts imports src/web/features/f/a.ts: a feature of its own layer or a higher layer (docs/web.md)',
        'src/web/lib/a.ts imports src/web/features/f/a.ts: a feature of its own layer or a higher layer (docs/web.md)',
        'src/web/ui/a.ts imports src/web/features/f/a.ts: a feature of its own layer or a higher layer (docs/web.md)',
        'src/web/ui/a.ts imports src/web/app/x.ts: a feature of its own layer or a higher layer (docs/web.md)',
        'src/web/sw/a.ts imports src/web/lib/x.ts: the service worker shares code through src/shared only',
      ].sort(),
    );
  });
});
