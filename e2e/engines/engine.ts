/**
 * One browser page, whatever the engine behind it: the few things the cross-engine core
 * (core-flows.e2e.ts) does with a page, each done the way a person would (real clicks and key
 * presses through the engine's automation protocol, never synthetic DOM events). Chromium is
 * driven by playwright-core, Firefox ESR by puppeteer-core over WebDriver BiDi, WebKitGTK by a
 * W3C WebDriver client talking to WebKitWebDriver (engines.ts).
 */
export interface EnginePage {
  /** Opens a path of the portal and waits for the page's load event. */
  goto(path: string): Promise<void>;
  /** Runs `fn` in the page (a function of the DOM only, sent as its source) and returns its value. */
  evaluate<T, A extends unknown[]>(fn: (...args: A) => T | Promise<T>, ...args: A): Promise<T>;
  /**
   * Runs a script's source in the page as the automation protocol runs its own scripts (not as
   * page code: the page's policy, which forbids eval, does not apply), e.g. axe-core.
   */
  inject(source: string): Promise<void>;
  /** A real click on the element the selector names (scrolled into view first). */
  click(selector: string): Promise<void>;
  /** Clears the field the selector names and types `text` into it. */
  type(selector: string, text: string): Promise<void>;
  /** Chooses the option of `value` in the select the selector names, as a person picks it. */
  select(selector: string, value: string): Promise<void>;
  /** Presses one key ('Enter', 'ArrowDown', 'Escape', 'Tab') on what has the focus. */
  press(key: Key): Promise<void>;
  /** The viewport's size in CSS pixels. */
  setViewport(width: number, height: number): Promise<void>;
  /** Closes the page with its cookies and storage (each page is a person of its own). */
  close(): Promise<void>;
}

export type Key = 'Enter' | 'ArrowDown' | 'Escape' | 'Tab';

export interface Engine {
  readonly name: EngineName;
  /** The engine's own version, for the log (WebKit's is known once a page was opened). */
  readonly version: string;
  /** A page in a fresh profile (own cookies, storage, service workers) at `baseUrl`. */
  newPage(baseUrl: string): Promise<EnginePage>;
  close(): Promise<void>;
}

export type EngineName = 'chromium' | 'firefox' | 'webkit';
