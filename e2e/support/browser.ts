import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Debian's Chromium, headless, without anything that would reach the network by itself. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
}

export interface Watched {
  /** Content-Security-Policy violations reported by the page (should stay empty). */
  cspViolations: string[];
  /** Uncaught page errors. */
  pageErrors: string[];
}

/**
 * Records CSP violations (from the console, where Chromium reports them, and from the
 * securitypolicyviolation event) and uncaught errors on every page of the context.
 */
export async function watch(context: BrowserContext): Promise<Watched> {
  const watched: Watched = { cspViolations: [], pageErrors: [] };
  await context.exposeBinding('__reportCspViolation', (_source, text: string) => {
    watched.cspViolations.push(text);
  });
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      (window as unknown as { __reportCspViolation(text: string): void }).__reportCspViolation(
        `${event.violatedDirective} blocked ${event.blockedURI}`,
      );
    });
  });
  const attach = (page: Page) => {
    page.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text()))
        watched.cspViolations.push(message.text());
    });
    page.on('pageerror', (error) => watched.pageErrors.push(error.message));
  };
  context.pages().forEach(attach);
  context.on('page', attach);
  return watched;
}
