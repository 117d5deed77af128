import { render } from '@testing-library/react';
import type { LucideIcon } from 'lucide-react';
import { describe, expect, it } from 'vitest';
import { ICON_MODULES, spriteMarkup } from './icon-sprite.js';
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

/** The sprite, parsed as the browser parses index.html. */
function sprite(): HTMLElement {
  const holder = document.createElement('div');
  holder.innerHTML = spriteMarkup();
  return holder;
}

describe('the portal page icons', () => {
  it('each refer to a drawing of the sprite that is lucide-react’s own', async () => {
    const symbols = sprite();
    // `icon` makes icons (for chunks loaded on demand); every other export is one.
    const { icon, ...icons } = ICONS;
    expect(typeof icon).toBe('function');
    for (const [name, Icon] of Object.entries(icons)) {
      const ours = render(<Icon aria-hidden="true" className="size-4" />).container.querySelector(
        'svg',
      );
      const href = ours?.querySelector('use')?.getAttribute('href');
      expect(href, name).toMatch(/^#lucide-/);
      const symbol = symbols.querySelector(href ?? '');
      expect(symbol?.tagName.toLowerCase(), name).toBe('symbol');

      const Lucide = await lucideOf(name);
      const theirs = render(
        <Lucide aria-hidden="true" className="size-4" />,
      ).container.querySelector('svg');
      // The same drawing and view box; lucide's other attributes come from the `.icon` rule.
      expect(symbol?.innerHTML, name).toBe(theirs?.innerHTML);
      expect(ours?.getAttribute('viewBox'), name).toBe(theirs?.getAttribute('viewBox'));
      const [, own] = ours?.getAttribute('class')?.split(' ') ?? [];
      expect(theirs?.getAttribute('class')?.split(' '), name).toContain(own);
      expect(ours?.getAttribute('class'), name).toContain('size-4');
    }
  });

  it('pass their props on (stroke width, fill, data attributes)', () => {
    const { container } = render(
      <ICONS.Heart aria-hidden="true" fill="currentColor" strokeWidth={2.5} data-filled />,
    );
    const svg = container.querySelector('svg');
    // As classes: the `.icon` rule of styles.css would win over attributes.
    expect(svg?.getAttribute('class')?.split(' ')).toEqual(
      expect.arrayContaining(['icon', 'lucide-heart', 'fill-current', 'stroke-[2.5]']),
    );
    expect(svg).toHaveAttribute('data-filled', 'true');
    expect(svg).toHaveAttribute('aria-hidden', 'true');
  });

  it('are drawn once per page, by a sprite of no size hidden from assistive technology', () => {
    const svg = sprite().querySelector('svg');
    expect(svg).toHaveAttribute('aria-hidden', 'true');
    expect(svg).toHaveAttribute('width', '0');
    expect(svg).toHaveAttribute('height', '0');
    // The exported icons, and those the chunks loaded on demand make with `icon` (the
    // favorites' order editor: arrow-up, arrow-down, grip-vertical).
    expect(svg?.querySelectorAll('symbol')).toHaveLength(Object.keys(ICON_MODULES).length);
    expect(Object.keys(ICON_MODULES).length).toBe(Object.keys(ICONS).length - 1 + 3);
    for (const name of ['arrow-up', 'arrow-down', 'grip-vertical']) {
      expect(svg?.querySelector(`symbol#lucide-${name}`), name).not.toBeNull();
    }
  });
});
