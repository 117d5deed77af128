import type { Page } from 'playwright-core';

/** An interactive control that lies outside its box or the viewport, as the page reports it. */
export interface Overflow {
  control: string;
  outside: 'viewport' | 'container';
  container?: string;
  by: number;
}

/**
 * Runs in the page (any engine: the function uses the DOM only, so WebDriver clients can send
 * it as a script too): every visible interactive control whose box sticks out of the viewport
 * horizontally, or out of its container by more than a pixel. The container is the nearest
 * ancestor that is a box people see (a background, a border, or clipped content): a button
 * half outside a dropdown panel is a fault even when nothing clips it.
 */
export function findOverflowingControls(): Overflow[] {
  const CONTROLS =
    'a[href], button, input:not([type="hidden"]), select, textarea, summary, [role="button"], [role="menuitem"], [role="tab"], label:has(input)';
  const describe = (element: Element) => {
    const label =
      element.getAttribute('aria-label') ??
      element.getAttribute('data-testid') ??
      (element.textContent ?? '').trim().slice(0, 40);
    return `${element.tagName.toLowerCase()}${label ? ` "${label}"` : ''}`;
  };
  const visible = (element: Element) => {
    const style = getComputedStyle(element);
    const box = element.getBoundingClientRect();
    return (
      style.visibility !== 'hidden' &&
      style.display !== 'none' &&
      box.width > 0 &&
      box.height > 0 &&
      !element.closest('[hidden], [aria-hidden="true"], .sr-only')
    );
  };
  const isBox = (element: Element) => {
    const style = getComputedStyle(element);
    const painted =
      style.backgroundColor !== 'rgba(0, 0, 0, 0)' && style.backgroundColor !== 'transparent';
    const bordered = ['Top', 'Right', 'Bottom', 'Left'].some(
      (side) =>
        parseFloat(style.getPropertyValue(`border-${side.toLowerCase()}-width`)) > 0 &&
        style.getPropertyValue(`border-${side.toLowerCase()}-style`) !== 'none',
    );
    const clipped = style.overflowX !== 'visible' || style.overflowY !== 'visible';
    return painted || bordered || clipped;
  };
  const found: Overflow[] = [];
  const width = document.documentElement.clientWidth;
  for (const control of document.querySelectorAll(CONTROLS)) {
    if (!visible(control)) continue;
    const box = control.getBoundingClientRect();
    const past = Math.max(0 - box.left, box.right - width);
    if (past > 1) {
      found.push({ control: describe(control), outside: 'viewport', by: Math.round(past) });
      continue;
    }
    let parent = control.parentElement;
    while (parent && parent !== document.body && !isBox(parent)) parent = parent.parentElement;
    if (!parent || parent === document.body) continue;
    const outer = parent.getBoundingClientRect();
    const by = Math.max(
      outer.left - box.left,
      box.right - outer.right,
      outer.top - box.top,
      box.bottom - outer.bottom,
    );
    if (by > 1) {
      found.push({
        control: describe(control),
        outside: 'container',
        container: describe(parent),
        by: Math.round(by),
      });
    }
  }
  return found;
}

/** findOverflowingControls in a playwright-core page. */
export function overflowingControls(page: Page): Promise<Overflow[]> {
  return page.evaluate(findOverflowingControls);
}

/** Which of the header's two menus shows: the wide controls, the narrow menu button, or both. */
export function headerMenus(page: Page): Promise<{ wide: boolean; narrow: boolean }> {
  return page.evaluate(() => {
    const shown = (id: string) => {
      const element = document.querySelector(`[data-testid="${id}"]`);
      return element !== null && getComputedStyle(element).display !== 'none';
    };
    return { wide: shown('user-menu-wide'), narrow: shown('user-menu-narrow') };
  });
}
