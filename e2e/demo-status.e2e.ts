import { describe, expect, it } from 'vitest';
import { stripState } from '../src/shared/status/describe.js';
import { axeViolations } from './support/axe.js';
import { expectCleanAndClose, newWatchedContext } from './support/browser.js';
import { usePortalAndBrowser } from './support/suite.js';

// As `npm start` on a fresh clone: the demo catalog, and its statuses simulated (decision 0026).
const env = usePortalAndBrowser({ DEMO_STATUS: 'auto' });

const LABELS = ['Up & Running', 'Down', 'Pending', 'Maintenance'];

describe('the demo catalog’s simulated statuses', () => {
  it('says on the server-rendered page and in the API that the statuses are simulated', async () => {
    const html = await (await fetch(`${env.portal.url}/`)).text();
    expect(html).toContain('role="note"');
    expect(html).toContain('Simulated statuses.');
    const items = (await (await fetch(`${env.portal.url}/api/monitor-status`)).json()) as {
      simulated?: boolean;
    }[];
    expect(items.length).toBeGreaterThan(0);
    expect(items.every((item) => item.simulated === true)).toBe(true);
  });

  it('shows the four states, a maintenance notice, an incident and filled strips to a visitor', async () => {
    const { context, watched } = await newWatchedContext(env.browser, { width: 1280 });
    const page = await context.newPage();
    await page.goto(env.portal.url);
    await expect
      .poll(() => page.getByRole('note', { name: 'About these statuses' }).count())
      .toBe(1);

    // Each state shows on some card (the flapping app is Pending at least every other minute;
    // the page polls every 30 s).
    const seen = new Set<string>();
    await expect
      .poll(
        async () => {
          for (const label of LABELS) {
            if ((await page.getByRole('article').getByRole('img', { name: label }).count()) > 0)
              seen.add(label);
          }
          return [...seen].sort();
        },
        { timeout: 100_000, interval: 1000 },
      )
      .toEqual([...LABELS].sort());

    const notices = page.getByRole('region', { name: 'Notices' });
    await notices
      .getByRole('heading', { name: /^Maintenance: Scheduled maintenance of / })
      .waitFor();
    await notices.getByRole('heading', { name: 'Incident: Help Desk is down' }).waitFor();

    // The heartbeat strips are filled: 48 half hours, none of them unknown.
    const strip = page
      .getByRole('article', { name: 'Help Desk' })
      .getByRole('button', { name: /^Status history of Help Desk/ });
    await strip.waitFor({ timeout: 20_000 });
    // The bars are painted from the strip's text (styles.css `.app-strip`), one state a letter.
    const states = [...((await strip.getAttribute('data-strip')) ?? '')].map(stripState);
    expect(states).toHaveLength(48);
    expect(states).not.toContain('unknown');
    expect(states.at(-1)).toBe('down');

    expect(await axeViolations(page)).toEqual([]);
    await expectCleanAndClose(context, watched);
  }, 150_000);
});
