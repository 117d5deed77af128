// A file over 400 lines is hard to hold in one's head: production files stay under it, or say at
// their top why not ("Longer than 400 lines: ..."), so that the reason is read and weighed.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const LIMIT = 400;

function productionFiles(dir, out = []) {
  for (const entry of readdirSync(dir)) {
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) {
      if (entry !== 'test-support') productionFiles(path, out);
    } else if (/\.tsx?$/.test(entry) && !/\.(test|d)\.tsx?$/.test(entry)) out.push(path);
  }
  return out;
}

describe('production files', () => {
  it(`are at most ${LIMIT} lines, or say at their top why not`, () => {
    const unexplained = productionFiles(join(ROOT, 'src'))
      .map((file) => ({ file, text: readFileSync(file, 'utf8') }))
      .filter(({ text }) => text.split('\n').length - 1 > LIMIT)
      .filter(({ text }) => !/^\/\/ Longer than 400 lines: \S/.test(text))
      .map(({ file }) => relative(ROOT, file));
    expect(unexplained).toEqual([]);
  });
});
