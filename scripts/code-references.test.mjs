// Comments cite what a reader can open: files and decision records of this repository, never the
// tracker's issue numbers or sections of a specification kept elsewhere, which a newcomer with a
// clone cannot follow.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const SOURCES = /\.(ts|tsx|mjs|js|css)$/;
const OUTSIDE = [/\bissues? #?\d+\b/i, /\bspec(ification)? sections?\b/i, /\bfinding \d+ of\b/i];

function files(dir, out = []) {
  for (const entry of readdirSync(dir)) {
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) files(path, out);
    else if (SOURCES.test(entry)) out.push(path);
  }
  return out;
}

describe('references in the code', () => {
  it('name files and decisions of the repository, not issue numbers or outside spec sections', () => {
    const found = [];
    for (const dir of ['src', 'scripts', 'e2e']) {
      for (const file of files(join(ROOT, dir))) {
        if (file === fileURLToPath(import.meta.url)) continue;
        readFileSync(file, 'utf8')
          .split('\n')
          .forEach((line, index) => {
            if (OUTSIDE.some((pattern) => pattern.test(line)))
              found.push(`${relative(ROOT, file)}:${index + 1}: ${line.trim()}`);
          });
      }
    }
    expect(found).toEqual([]);
  });
});
