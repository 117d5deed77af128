import axe from 'axe-core';
import type { Page } from 'playwright-core';

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  targets: string[];
}

/**
 * Runs axe-core (WCAG 2.x A/AA rules) in the page. Evaluated through the DevTools protocol, so
 * the page's Content-Security-Policy does not have to allow it. `scriptsOff`: the page's context
 * runs no JavaScript, where timers never fire (promise jobs do), and axe waits on timers: they
 * are run as promise jobs instead (long ones, axe's own time-outs, never fire).
 */
export async function axeViolations(
  page: Page,
  { scriptsOff = false }: { scriptsOff?: boolean } = {},
): Promise<AxeViolation[]> {
  if (scriptsOff) {
    await page.evaluate(() => {
      const timers = window as unknown as { setTimeout: unknown; clearTimeout: unknown };
      timers.setTimeout = (run: (...args: unknown[]) => void, ms = 0, ...args: unknown[]) => {
        if (ms <= 1000) void Promise.resolve().then(() => run(...args));
        return 0;
      };
      timers.clearTimeout = () => {};
    });
  }
  await page.evaluate(axe.source);
  return page.evaluate(async () => {
    const result = await (window as unknown as { axe: typeof axe }).axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'] },
    });
    return result.violations.map((violation) => ({
      id: violation.id,
      impact: violation.impact ?? null,
      help: violation.help,
      targets: violation.nodes.map((node) => node.target.join(' ')),
    }));
  });
}
