import { act, render } from '@testing-library/react';
import type * as lucideModule from 'lucide-react';
import { BookOpen as LucideBookOpen, type LucideIcon } from 'lucide-react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { BookOpen } from './icons.js';

/** How often lucide's BookOpen rendered (the mock below counts, then renders the real one). */
const lucideRenders = vi.hoisted(() => ({ count: 0 }));
vi.mock('lucide-react', async (importOriginal) => {
  const lucide = await importOriginal<typeof lucideModule>();
  const { createElement, forwardRef } = await import('react');
  const Counted = forwardRef<SVGSVGElement, Parameters<LucideIcon>[0]>((props, ref) => {
    lucideRenders.count += 1;
    return createElement(lucide.BookOpen, { ...props, ref });
  });
  return { ...lucide, BookOpen: Counted };
});

/** Renders `Icon` in a parent that then renders three more times; how often lucide's rendered. */
function rendersOf(Icon: LucideIcon): number {
  lucideRenders.count = 0;
  let rerender: () => void = () => {};
  function Card() {
    const [count, setCount] = useState(0);
    rerender = () => setCount((value) => value + 1);
    return (
      <div data-count={count}>
        <Icon aria-hidden="true" className="size-4" />
      </div>
    );
  }
  const { container, unmount } = render(<Card />);
  for (let i = 0; i < 3; i += 1) act(() => rerender());
  expect(container.querySelector('[data-count]')?.getAttribute('data-count')).toBe('3');
  expect(container.querySelector('svg.lucide-book-open')).not.toBeNull();
  unmount();
  return lucideRenders.count;
}

describe('the portal page icons', () => {
  it('render the same SVG as lucide-react', () => {
    const ours = render(<BookOpen aria-hidden="true" className="size-4" />).container.innerHTML;
    const lucide = render(<LucideBookOpen aria-hidden="true" className="size-4" />).container
      .innerHTML;
    expect(ours).toBe(lucide);
    expect(ours).toContain('lucide-book-open');
  });

  it('render once while their parent renders again with the same props', () => {
    expect(rendersOf(LucideBookOpen)).toBe(4);
    expect(rendersOf(BookOpen)).toBe(1);
  });
});
