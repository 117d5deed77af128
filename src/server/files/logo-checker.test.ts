import { afterEach, describe, expect, it } from 'vitest';
import { HttpError } from '../http/errors.js';
import { checkHere, sanitizeSvg } from './logo-files.js';
import { ico, icoRepeating, PNG, pngPadded } from './test-support/images.js';
import { MAX_SVG_DEPTH, MAX_SVG_ELEMENTS, svgBudgetExceeded } from './svg-budget.js';
import { createLogoChecker, type LogoChecker } from './logo-checker.js';

const SVG_OPEN = '<svg xmlns="http://www.w3.org/2000/svg">';
const nested = (levels: number, tag = 'g') =>
  `${SVG_OPEN}${`<${tag}>`.repeat(levels)}${`</${tag}>`.repeat(levels)}</svg>`;
const flat = (count: number) => `${SVG_OPEN}${'<rect width="1" height="1"/>'.repeat(count)}</svg>`;

describe('svgBudgetExceeded: one pass over the text before any parser sees it', () => {
  it.each<[string, string]>([
    ['a logo', `${SVG_OPEN}<g><rect/><circle r="1"></circle></g></svg>`],
    ['the deepest nesting allowed', nested(MAX_SVG_DEPTH - 1)],
    ['the most elements allowed', flat(MAX_SVG_ELEMENTS - 1)],
    ['a ">" inside an attribute value', `${SVG_OPEN}<text title="a > b">x</text></svg>`],
    [
      'markup inside comments and CDATA',
      `${SVG_OPEN}<!-- ${'<g>'.repeat(500)} --><![CDATA[${'<g>'.repeat(500)}]]></svg>`,
    ],
  ])('accepts %s', (_name, text) => {
    expect(svgBudgetExceeded(text)).toBeUndefined();
  });

  it.each<[string, string, 'depth' | 'elements']>([
    ['5,000 nested <g>', nested(5000), 'depth'],
    ['50,000 nested <g>', nested(50_000), 'depth'],
    [
      'nesting hidden by end tags of elements never opened',
      `${SVG_OPEN}${'<g></x>'.repeat(200)}</svg>`,
      'depth',
    ],
    ['nesting without end tags', `${SVG_OPEN}${'<g>'.repeat(200)}</svg>`, 'depth'],
    ['a flat 1.9 MB SVG of 70,000 elements', flat(70_000), 'elements'],
  ])('refuses %s', (_name, text, kind) => {
    expect(svgBudgetExceeded(text)?.kind).toBe(kind);
  });
});

describe('createLogoChecker: DOMPurify in a worker thread with a time limit', () => {
  let sanitiser: LogoChecker | undefined;
  afterEach(async () => {
    await sanitiser?.close();
  });

  it('gives what sanitizeSvg gives in this thread', async () => {
    sanitiser = createLogoChecker();
    const svg = `${SVG_OPEN}<script>alert(1)</script><rect onload="x()" width="1"/><image href="https://evil.example/a.png"/></svg>`;
    const clean = await sanitiser.checks.sanitizeSvg(svg);
    expect(clean).toBe(sanitizeSvg(svg));
    expect(clean).not.toMatch(/script|onload|evil/);
    expect(await sanitiser.checks.sanitizeSvg('<html></html>')).toBeUndefined();
  });

  it('refuses an SVG that runs over the time limit with 422, and the event loop runs meanwhile', async () => {
    sanitiser = createLogoChecker({ timeoutMs: 50 });
    let turns = 0;
    const ticker = setInterval(() => (turns += 1), 1);
    const error = await sanitiser.checks
      .sanitizeSvg(flat(MAX_SVG_ELEMENTS - 1))
      .catch((e: unknown) => e);
    clearInterval(ticker);
    expect(error).toBeInstanceOf(HttpError);
    expect((error as HttpError).statusCode).toBe(422);
    // Timers fired while the worker worked: this thread was free.
    expect(turns).toBeGreaterThan(0);
  });

  it('refuses work once closed', async () => {
    sanitiser = createLogoChecker();
    await sanitiser.close();
    await expect(sanitiser.checks.sanitizeSvg(`${SVG_OPEN}</svg>`)).rejects.toBeInstanceOf(
      HttpError,
    );
  });

  it('reads a raster image in the worker as this thread does, and refuses a crafted ICO there', async () => {
    sanitiser = createLogoChecker();
    const icon = ico([PNG, PNG]);
    expect(await sanitiser.checks.rasterStructure(icon, 'image/x-icon')).toEqual(
      await checkHere.rasterStructure(icon, 'image/x-icon'),
    );
    const crafted = await sanitiser.checks.rasterStructure(
      icoRepeating(pngPadded(20_000), 64),
      'image/x-icon',
    );
    expect(crafted).toEqual({ incomplete: expect.stringMatching(/same bytes/) });
  });
});
