import type { EnginePage } from './engine.js';

/** As long as a busy two-core machine needs for a state to come; a state, not a time. */
const WAIT_MS = 30_000;

/**
 * Polls `fn` in the page until it returns something truthy, and returns that (a value the
 * protocols can carry: a string, a number, a boolean, never an element). Fails with
 * `what` and the last value when the state has not come in time.
 */
export async function waitFor<T, A extends unknown[]>(
  page: EnginePage,
  what: string,
  fn: (...args: A) => T | Promise<T>,
  ...args: A
): Promise<NonNullable<T>> {
  const deadline = Date.now() + WAIT_MS;
  let last: unknown;
  for (;;) {
    try {
      last = await page.evaluate(fn, ...args);
      if (last) return last as NonNullable<T>;
    } catch (error) {
      // A page between two documents cannot answer: ask again.
      last = error;
    }
    if (Date.now() > deadline)
      throw new Error(`Waited in vain for ${what}; last answer: ${String(last)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * Runs in the page: the visible element matching `css` whose accessible name (as a screen reader
 * would name it, closely enough for these pages: aria-label, aria-labelledby, its label, its
 * text, its title) is `name` (a string, or a regular expression's source when `pattern`), marked
 * with a fresh `data-e2e-pick` value, or null. The caller clicks or types into the selector.
 */
export function pickInPage(css: string, name: string, pattern: boolean): string | null {
  const text = (element: Element | null) =>
    (element?.textContent ?? '').replace(/\s+/g, ' ').trim();
  const accessibleName = (element: Element) => {
    const label = element.getAttribute('aria-label');
    if (label) return label.trim();
    const labelledBy = element.getAttribute('aria-labelledby');
    if (labelledBy)
      return labelledBy
        .split(/\s+/)
        .map((id) => text(document.getElementById(id)))
        .join(' ');
    const id = element.getAttribute('id');
    const forLabel = id ? document.querySelector(`label[for="${CSS.escape(id)}"]`) : null;
    if (forLabel) return text(forLabel);
    const wrapping = element.closest('label');
    if (wrapping && wrapping !== element) return text(wrapping);
    return text(element) || (element.getAttribute('title') ?? '').trim();
  };
  const visible = (element: Element) => {
    const box = element.getBoundingClientRect();
    const style = getComputedStyle(element);
    return box.width > 0 && box.height > 0 && style.visibility !== 'hidden';
  };
  const matches = (value: string) => (pattern ? new RegExp(name).test(value) : value === name);
  const found = [...document.querySelectorAll(css)].find(
    (element) => visible(element) && matches(accessibleName(element)),
  );
  if (!found) return null;
  const token = `${Date.now().toString(36)}${Math.random().toString(36).slice(2)}`;
  found.setAttribute('data-e2e-pick', token);
  return `[data-e2e-pick="${token}"]`;
}

/** The selector of the visible element of `css` named `name`, once there is one. */
export function pick(page: EnginePage, css: string, name: string | RegExp): Promise<string> {
  const pattern = name instanceof RegExp;
  return waitFor(
    page,
    `${css} named ${String(name)}`,
    pickInPage,
    css,
    pattern ? name.source : name,
    pattern,
  );
}

/** Clicks the visible element of `css` named `name`, once it is there and enabled. */
export async function clickNamed(page: EnginePage, css: string, name: string | RegExp) {
  const selector = await pick(page, css, name);
  await waitFor(
    page,
    `${selector} enabled`,
    (s: string) => !(document.querySelector(s) as HTMLButtonElement | null)?.disabled,
    selector,
  );
  await waitFor(page, `${selector} in view and in place`, stillInView, selector);
  await page.click(selector);
}

/**
 * Runs in the page: brings the element of `css` into view, then true when its box is the same
 * over two frames, as Playwright waits for before a click. WebDriver scrolls an element into
 * view and clicks where it is at that moment; the sections and cards it scrolls past render
 * only then (`content-visibility: auto`, their estimated sizes replaced by their own), and the
 * element moves: the click lands on the spot it left (seen in WebKit on a busy machine).
 */
export function stillInView(css: string): Promise<boolean> {
  const element = document.querySelector(css);
  const box = () => JSON.stringify(element?.getBoundingClientRect() ?? null);
  const inView = () => {
    const { top, bottom } = element?.getBoundingClientRect() ?? { top: -1, bottom: -1 };
    return top >= 0 && bottom <= innerHeight;
  };
  if (!element?.isConnected) return Promise.resolve(false);
  if (!inView()) element.scrollIntoView({ block: 'center', inline: 'nearest' });
  const before = box();
  return new Promise((resolve) => {
    // A hidden page draws no frames: then ask again.
    const timer = setTimeout(() => resolve(false), 500);
    requestAnimationFrame(() =>
      requestAnimationFrame(() => {
        clearTimeout(timer);
        resolve(element.isConnected && inView() && box() === before);
      }),
    );
  });
}

/** Resolves once the portal's app has hydrated the page (the last part of it). */
export function hydrated(page: EnginePage) {
  return waitFor(
    page,
    'the portal to hydrate',
    () => performance.getEntriesByName('portal:hydrated').length > 0,
  );
}

/**
 * What went wrong on the page so far, as the recorder kept it (recording-proxy.ts). A page that
 * has just navigated (a language chosen reloads it) may still be parsing its head, before the
 * recorder ran: wait until the document is past it first.
 */
export async function pageErrors(page: EnginePage): Promise<string[]> {
  await waitFor(page, 'the page to be parsed', () => document.readyState !== 'loading');
  return page.evaluate(
    () =>
      (window as unknown as { __e2eErrors?: string[] }).__e2eErrors ?? [
        'the page has no error recorder (was it served through the proxy?)',
      ],
  );
}

/** The path of the page's address, once it is `path` (a redirect may take a moment). */
export async function atPath(page: EnginePage, path: string) {
  try {
    await waitFor(page, `the page at ${path}`, (p: string) => location.pathname === p, path);
  } catch (error) {
    const where = await page
      .evaluate(() => `${location.href}: ${document.body.innerText.slice(0, 300)}`)
      .catch(() => 'unknown');
    throw new Error(`${(error as Error).message}; the page is ${where}`);
  }
}

/** Resolves once a live region of the page (`role="status"`) says something `pattern` matches. */
export function statusSays(page: EnginePage, pattern: RegExp) {
  return waitFor(
    page,
    `a status saying ${String(pattern)}`,
    (source: string, flags: string) =>
      [...document.querySelectorAll('[role="status"]')].some((status) =>
        new RegExp(source, flags).test(status.textContent ?? ''),
      ),
    pattern.source,
    pattern.flags,
  );
}
