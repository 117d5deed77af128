import { readFileSync } from 'node:fs';
import { join, normalize } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from './lib/ensure.mjs';

// The image's build stage copies named files and folders only (Dockerfile, `COPY`): a file the
// build reads that it does not copy fails the image build, which only the container test (CI's
// .ci/run) would find. The build reads vite.config.ts and what it imports.

/** The sources of the build stage's COPY lines (not those `--from` another stage). */
function copiedPaths() {
  const dockerfile = readFileSync(join(ROOT, 'Dockerfile'), 'utf8');
  const build = dockerfile.split(/^FROM /m).find((stage) => /\bAS build\b/i.test(stage)) ?? '';
  return [...build.matchAll(/^COPY (?!--from)(.+)$/gm)].flatMap(([, line]) => {
    const parts = line.trim().split(/\s+/);
    return parts.slice(0, -1).map((path) => normalize(path));
  });
}

/** The files of this repository that vite.config.ts imports (relative imports). */
function viteConfigImports() {
  const config = readFileSync(join(ROOT, 'vite.config.ts'), 'utf8');
  return [...config.matchAll(/^import [^;]*? from '(\.\/[^']+)';$/gm)].map(([, path]) =>
    normalize(path.replace(/\.js$/, '.ts')),
  );
}

describe('the image’s build stage', () => {
  it('copies every file of the repository that vite.config.ts imports', () => {
    const copied = copiedPaths();
    expect(copied).toContain('vite.config.ts');
    const imports = viteConfigImports();
    expect(imports.length).toBeGreaterThan(0);
    for (const file of imports) {
      const covered = copied.some((path) => file === path || file.startsWith(`${path}/`));
      expect(covered, `${file} is not copied by the Dockerfile's build stage`).toBe(true);
    }
  });
});
