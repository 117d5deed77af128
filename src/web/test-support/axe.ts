import axe from 'axe-core';

/**
 * The page's accessibility violations as axe-core finds them, one line each (`rule: element |
 * element`), for `expect(await axeViolations()).toEqual([])`. Colour contrast needs real layout
 * and canvas, which jsdom lacks: it is checked in a real browser (the e2e tests).
 */
export async function axeViolations(): Promise<string[]> {
  const results = await axe.run(document, {
    resultTypes: ['violations'],
    rules: { 'color-contrast': { enabled: false } },
  });
  return results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.html).join(' | ')}`);
}
