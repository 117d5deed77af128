#!/usr/bin/env node
// `npm test`: install what is missing, then run every check: typecheck, lint, format, unit and
// integration tests, the production build with its size budget, and the browser tests.
import { readFileSync, existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import {
  ensureBuild,
  ensureChromium,
  ensureDependencies,
  ROOT,
  run,
  runNpm,
} from './lib/ensure.mjs';

const scripts = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).scripts ?? {};
const started = Date.now();
const timings = [];

function step(name, action) {
  const t0 = Date.now();
  console.log(`\n=== ${name} ===`);
  action();
  timings.push([name, (Date.now() - t0) / 1000]);
}

ensureDependencies();
mkdirSync(join(ROOT, '.tmp'), { recursive: true });

step('typecheck', () => runNpm(['run', 'typecheck']));
step('lint', () => runNpm(['run', 'lint']));
step('format', () => runNpm(['run', 'format:check']));

const report = join(ROOT, '.tmp', 'vitest-report.json');
step('unit and integration tests', () =>
  runNpm([
    'run',
    'test:unit',
    '--',
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${report}`,
  ]),
);
step('build', () => ensureBuild({ force: true }));
step('bundle budget', () => run(process.execPath, [join(ROOT, 'scripts', 'check-budget.mjs')]));
if (scripts['test:e2e']) {
  step('browser tests', () => {
    const chromium = ensureChromium();
    const e2eJson = join(ROOT, '.tmp', 'e2e-report.json');
    runNpm(
      [
        'run',
        'test:e2e',
        '--',
        '--reporter=default',
        '--reporter=json',
        `--outputFile.json=${e2eJson}`,
      ],
      {
        env: { CHROMIUM_PATH: chromium },
      },
    );
  });
}

let passed = 0;
let failed = 0;
if (existsSync(report)) {
  const results = JSON.parse(readFileSync(report, 'utf8'));
  passed += results.numPassedTests ?? 0;
  failed += results.numFailedTests ?? 0;
}
const e2eReport = join(ROOT, '.tmp', 'e2e-report.json');
if (scripts['test:e2e'] && existsSync(e2eReport)) {
  const results = JSON.parse(readFileSync(e2eReport, 'utf8'));
  passed += results.numPassedTests ?? 0;
  failed += results.numFailedTests ?? 0;
}

console.log('\n=== summary ===');
for (const [name, seconds] of timings) console.log(`${name.padEnd(28)} ${seconds.toFixed(1)} s`);
console.log(`${'total'.padEnd(28)} ${((Date.now() - started) / 1000).toFixed(1)} s`);
console.log(`tests: ${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
