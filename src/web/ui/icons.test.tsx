import { render } from '@testing-library/react';
import type { LucideIcon } from 'lucide-react';
import { describe, expect, it } from 'vitest';
import { BOLD_ICONS, FILLED_ICONS, ICON_MODULES, iconMaskCss, iconSprite } from './icon-masks.js';
import * as ICONS from './icons.js';

/**
 * lucide-react's own component for an icon named as lucide exports it (`FolderGit2`), from its
 * module of one icon (`lucide-react/icons/folder-git-2`), as the admin console imports them.
 */
async function lucideOf(name: string): Promise<LucideIcon> {
  const file = name
    .replace(/([a-z0-9])([A-Z])/g, '$1-$2')
    .replace(/([a-zA-Z])([0-9])/g, '$1-$2')
    .toLowerCase();
  const module = (await import(`lucide-react/icons/${file}`)) as { default?: LucideIcon };
  if (!module.default) throw new Error(`lucide-react has no ${name}`);
  return module.default;
}

const SPRITE_URL = '/assets/icons-0123456789.svg';
const sprite = new DOMParser().parseFromString(iconSprite(), 'image/svg+xml');

/**
 * The drawing that the mask rules give a selector: the rule names a view of the sprite, whose
 * view box is one cell; the drawing is the sprite's one image of that cell's size at its corner.
 */
function drawingOf(selector: string): SVGSVGElement | null {
  const rule = iconMaskCss(SPRITE_URL)
    .split('}')
    .find((text) => text.startsWith(`${selector}{`));
  const id = new RegExp(`^[^{]+\\{--icon:url\\(${SPRITE_URL}#([a-z0-9-]+)\\)$`).exec(
    rule ?? '',
  )?.[1];
  if (!id) return null;
  const view = sprite.getElementById(id);
  if (view?.tagName !== 'view') return null;
  const [x, y, width, height] = (view.getAttribute('viewBox') ?? '').split(' ');
  const images = [...sprite.documentElement.children].filter(
    (element) =>
      element.tagName === 'svg' &&
      element.getAttribute('x') === x &&
      y === '0' &&
      element.getAttribute('width') === width &&
      element.getAttribute('height') === height,
  );
  return images.length === 1 ? (images[0] as SVGSVGElement) : null;
}

/** The drawing's elements: each one's tag and attributes. */
const inner = (svg: Element | null | undefined) =>
  [...(svg?.children ?? [])].map((element) => [
    element.tagName.toLowerCase(),
    ...[...element.attributes].map((attribute) => `${attribute.name}=${attribute.value}`),
  ]);

describe('the portal page icons', () => {
  it('each draw lucide-react’s own drawing, as a mask of one element', async () => {
    // `icon` makes icons (for chunks loaded on demand); every other export is one.
    const { icon, ...icons } = ICONS;
    expect(typeof icon).toBe('function');
    for (const [name, Icon] of Object.entries(icons)) {
      const { container } = render(<Icon aria-hidden="true" className="size-4" />);
      // One empty element: no SVG, no `<use>` (decision 0041).
      expect(container.childElementCount, name).toBe(1);
      const ours = container.firstElementChild;
      expect(ours?.tagName.toLowerCase(), name).toBe('span');
      expect(ours?.childNodes.length, name).toBe(0);
      const [base, own, size] = ours?.getAttribute('class')?.split(' ') ?? [];
      expect(base, name).toBe('icon');
      expect(size, name).toBe('size-4');

      const Lucide = await lucideOf(name);
      const theirs = render(
        <Lucide aria-hidden="true" className="size-4" />,
      ).container.querySelector('svg');
      // The same icon (lucide's class) and the same drawing, with lucide's stroke and view box.
      expect(theirs?.getAttribute('class')?.split(' '), name).toContain(own);
      const drawing = drawingOf(`.${own}`);
      expect(inner(drawing), name).toEqual(inner(theirs));
      expect(inner(drawing).length, name).toBeGreaterThan(0);
      for (const attribute of [
        'viewBox',
        'stroke-width',
        'stroke-linecap',
        'stroke-linejoin',
        'fill',
      ]) {
        expect(drawing?.getAttribute(attribute), `${name} ${attribute}`).toBe(
          theirs?.getAttribute(attribute),
        );
      }
    }
  });

  it('pass their props on, and choose the bold or the filled drawing', () => {
    const { container } = render(
      <ICONS.Heart aria-hidden="true" fill="currentColor" strokeWidth={2.5} data-filled />,
    );
    const span = container.querySelector('span');
    expect(span?.getAttribute('class')?.split(' ')).toEqual(
      expect.arrayContaining(['icon', 'lucide-heart', 'icon-filled', 'icon-bold']),
    );
    expect(span).toHaveAttribute('data-filled', 'true');
    expect(span).toHaveAttribute('aria-hidden', 'true');
  });

  it('have bold and filled drawings where the page asks for them', () => {
    for (const name of BOLD_ICONS) {
      const bold = drawingOf(`.icon-bold.lucide-${name}`);
      expect(bold?.getAttribute('stroke-width'), name).toBe('2.5');
      expect(inner(bold), name).toEqual(inner(drawingOf(`.lucide-${name}`)));
    }
    for (const name of FILLED_ICONS) {
      const filled = drawingOf(`.icon-filled.lucide-${name}`);
      expect(filled?.getAttribute('fill'), name).toBe('#000');
      expect(inner(filled), name).toEqual(inner(drawingOf(`.lucide-${name}`)));
    }
  });

  it('are drawn once per page: one rule per icon, for the exported icons and the chunks’ own', () => {
    const css = iconMaskCss(SPRITE_URL);
    const plain = css.match(/(^|\})\.lucide-[a-z0-9-]+\{/g) ?? [];
    expect(plain).toHaveLength(Object.keys(ICON_MODULES).length);
    // The exported icons, and those the chunks loaded on demand make with `icon` (the
    // favorites' order editor: arrow-up, arrow-down, grip-vertical).
    expect(Object.keys(ICON_MODULES).length).toBe(Object.keys(ICONS).length - 1 + 3);
    for (const name of ['arrow-up', 'arrow-down', 'grip-vertical']) {
      expect(drawingOf(`.lucide-${name}`), name).not.toBeNull();
    }
    // Nothing in the rules could end them early or reach outside the URL.
    expect(css).not.toMatch(/<|>|"|'|\)[^}]/);
    expect(() => iconMaskCss('/assets/x.svg) ;a{b')).toThrow(/Not a sprite path/);
  });

  it('share one sprite, each drawing in a cell of its own that no other drawing reaches', () => {
    const root = sprite.documentElement;
    expect(root.tagName).toBe('svg');
    expect(sprite.querySelector('parsererror')).toBeNull();
    const views = [...root.querySelectorAll('view')];
    const images = [...root.children].filter((element) => element.tagName === 'svg');
    // Every icon, and its bold and filled drawings where it has them.
    expect(views).toHaveLength(
      Object.keys(ICON_MODULES).length + BOLD_ICONS.length + FILLED_ICONS.length,
    );
    expect(images).toHaveLength(views.length);
    const ids = views.map((view) => view.id);
    expect(new Set(ids).size).toBe(ids.length);
    // Cells 24 wide, 8 apart: a drawing's stroke (lucide keeps within 2..22) cannot show in
    // its neighbour's view.
    const xs = images.map((image) => Number(image.getAttribute('x'))).sort((a, b) => a - b);
    xs.slice(1).forEach((x, index) => expect(x - (xs[index] ?? 0)).toBeGreaterThanOrEqual(32));
    for (const image of images) {
      expect(image.getAttribute('width')).toBe('24');
      expect(image.getAttribute('viewBox')).toBe('0 0 24 24');
    }
  });
});
