import { describe, expect, it } from 'vitest';
import { checkImports, findCycles } from './check-imports.mjs';

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
});
