import lighthouse from 'lighthouse';
import * as chromeLauncher from 'chrome-launcher';
const chrome = await chromeLauncher.launch({ chromePath: '/usr/bin/chromium', chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu'] });
const { lhr } = await lighthouse(process.argv[2], { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance', 'best-practices'] });
for (const id of ['errors-in-console', 'inspector-issues', 'largest-contentful-paint-element', 'largest-contentful-paint', 'total-blocking-time', 'first-contentful-paint']) {
  const a = lhr.audits[id]; console.log(id, a.score, a.displayValue, JSON.stringify(a.details?.items ?? '').slice(0, 600));
}
chrome.kill();
process.exit(0);
