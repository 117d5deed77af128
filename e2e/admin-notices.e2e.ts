import { describe, expect, it } from 'vitest';
import { axeViolations } from './support/axe.js';
import { newWatchedContext } from './support/browser.js';
import { usePortalAndBrowser } from './support/suite.js';
import { signInAtDemoIdp } from './support/demo-login.js';

// Portal notices end to end with the embedded demo IdP: the admin posts a notice in the console,
// another browser (anonymous) sees it above the sections on its next page load, as plain text,
// in the server's page already (without JavaScript too), and dismisses it.
const suite = usePortalAndBrowser();

const newContext = () => newWatchedContext(suite.browser);

describe('portal notices', () => {
  it('an admin posts a notice; a visitor sees the banner and dismisses it', async () => {
    const visitor = await newContext();
    const home = await visitor.context.newPage();
    await home.goto(suite.portal.url);
    await home.getByRole('button', { name: 'Sign in', exact: true }).waitFor({ timeout: 10_000 });
    expect(await home.getByRole('region', { name: 'Notices' }).count()).toBe(0);

    const admin = await newContext();
    const page = await admin.context.newPage();
    await page.goto(suite.portal.url);
    await signInAtDemoIdp(page, suite.portal.url, 'admin');
    await page.goto(`${suite.portal.url}/admin`);
    await page.getByRole('tab', { name: 'Notices' }).click();
    await page.getByRole('button', { name: 'New notice' }).click();
    // Starts now and ends in two hours unless changed.
    await page.getByLabel('Title').fill('Cluster <b>maintenance</b> tonight');
    await page.getByLabel('Text', { exact: true }).fill('Jobs <script>x()</script> are paused.');
    await page.getByLabel('Kind').selectOption('maintenance');
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Post notice' }).click();
    await page.getByText('Posted the notice “Cluster <b>maintenance</b> tonight”.').waitFor();
    await page
      .getByRole('list', { name: 'Notices, latest start first' })
      .getByText('Shown now')
      .waitFor();

    // The page the server sends carries it (the banner is in the first paint: nothing below it
    // moves when the app starts), as a browser without JavaScript shows.
    const noScript = await suite.browser.newContext({ javaScriptEnabled: false });
    const plain = await noScript.newPage();
    await plain.goto(suite.portal.url);
    const served = plain.getByRole('region', { name: 'Notices' });
    await served
      .getByRole('heading', { name: 'Maintenance: Cluster <b>maintenance</b> tonight' })
      .waitFor();
    expect(await served.locator('b, script').count()).toBe(0);
    await noScript.close();

    // The visitor's next page load shows it: no server restart, no cache in between.
    await home.reload();
    const banner = home.getByRole('region', { name: 'Notices' });
    await banner.waitFor({ timeout: 15_000 });
    await banner
      .getByRole('heading', { name: 'Maintenance: Cluster <b>maintenance</b> tonight' })
      .waitFor();
    expect(await banner.getByText('Jobs <script>x()</script> are paused.').count()).toBe(1);
    expect(await banner.locator('b, script').count()).toBe(0);
    expect(await axeViolations(home)).toEqual([]);
    await banner
      .getByRole('button', { name: 'Dismiss the notice “Cluster <b>maintenance</b> tonight”' })
      .click();
    await banner.waitFor({ state: 'detached' });
    await home.reload();
    await home.getByRole('button', { name: 'Sign in', exact: true }).waitFor({ timeout: 10_000 });
    await home.getByRole('article').first().waitFor();
    expect(await home.getByRole('region', { name: 'Notices' }).count()).toBe(0);

    for (const { context, watched } of [visitor, admin]) {
      expect(watched.cspViolations).toEqual([]);
      expect(watched.pageErrors).toEqual([]);
      await context.close();
    }
  });
});
