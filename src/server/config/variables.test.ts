import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { VARIABLES } from './variables.js';

const root = new URL('../../../', import.meta.url);

describe('documentation', () => {
  const names = Object.values(VARIABLES)
    .map((variable) => variable.name)
    .sort();

  it('docs/configuration.md documents exactly the variables the server reads', () => {
    const doc = readFileSync(new URL('docs/configuration.md', root), 'utf8');
    const documented = [...doc.matchAll(/^\| `([A-Z0-9_]+)` +\|/gm)].map((m) => m[1]).sort();
    expect(documented).toEqual(names);
  });

  it('.env.example lists exactly the variables the server reads', () => {
    const example = readFileSync(new URL('.env.example', root), 'utf8');
    const listed = [...example.matchAll(/^#? ?([A-Z0-9_]+)=/gm)].map((m) => m[1]).sort();
    expect(listed).toEqual(names);
  });
});
