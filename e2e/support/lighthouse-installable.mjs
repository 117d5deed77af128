// Lighthouse's installability audit, as Lighthouse 11 had it ("installable-manifest", dropped
// with the PWA category in Lighthouse 12): a gatherer asks Chromium whether the page can be
// installed (`Page.getInstallabilityErrors`) and reads the manifest it found
// (`Page.getAppManifest`); the audit passes when Chromium names no error and Lighthouse's own
// manifest parser no warning. Plain JavaScript: Lighthouse's types do not describe custom
// artifacts (lighthouse-installable.d.mts types what the tests use).
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { Audit, Gatherer } from 'lighthouse';
import { parseManifest } from 'lighthouse/core/lib/manifest-parser.js';

class InstallabilityGatherer extends Gatherer {
  meta = { supportedModes: ['navigation'] };

  async getArtifact(context) {
    const session = context.driver.defaultSession;
    const { installabilityErrors } = await session.sendCommand('Page.getInstallabilityErrors');
    const manifest = await session.sendCommand('Page.getAppManifest', {});
    const parsed = parseManifest(
      manifest.data ?? '',
      manifest.url,
      context.baseArtifacts.URL.finalDisplayedUrl,
    );
    return {
      errors: installabilityErrors.map((error) =>
        [error.errorId, ...error.errorArguments.map((arg) => `${arg.name}=${arg.value}`)].join(' '),
      ),
      manifestUrl: manifest.url,
      manifestWarnings: [
        ...manifest.errors.map((error) => error.message),
        ...(parsed.warning ? [parsed.warning] : []),
      ],
    };
  }
}

class InstallableManifestAudit extends Audit {
  static get meta() {
    return {
      id: 'installable-manifest',
      title: 'Web app manifest meets the installability requirements',
      failureTitle: 'Web app manifest does not meet the installability requirements',
      description: 'Chromium must be able to install the page as an app.',
      requiredArtifacts: ['Installability'],
    };
  }

  static audit(artifacts) {
    const found = artifacts.Installability;
    const problems = [...found.errors, ...found.manifestWarnings];
    return {
      score: found.manifestUrl && problems.length === 0 ? 1 : 0,
      ...(problems.length > 0 ? { explanation: problems.join('; ') } : {}),
    };
  }
}

const CONFIG = {
  artifacts: [{ id: 'Installability', gatherer: { implementation: InstallabilityGatherer } }],
  audits: [{ implementation: InstallableManifestAudit }],
  categories: {
    installable: { title: 'Installable', auditRefs: [{ id: 'installable-manifest', weight: 1 }] },
  },
};

/** Runs Lighthouse (its own Chromium, a fresh profile) on `url`: the audit's score and text. */
export async function lighthouseInstallable(url, chromePath) {
  const chrome = await chromeLauncher.launch({
    chromePath,
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--no-first-run'],
  });
  try {
    const result = await lighthouse(
      url,
      { port: chrome.port, output: 'json', logLevel: 'error' },
      CONFIG,
    );
    const audit = result?.lhr.audits['installable-manifest'];
    if (!audit) throw new Error('Lighthouse did not run the installability audit');
    return { score: audit.score, explanation: audit.explanation };
  } finally {
    chrome.kill();
  }
}
