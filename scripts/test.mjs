#!/usr/bin/env node
// `npm test`: install what is missing, then run every check: typecheck, lint, format, unit and
// integration tests, the production build with its size budget, and the browser tests, on the
// newest Node.js LTS line; then the server's tests again on the oldest line `engines` allows
// (scripts/lib/node-lines.mjs fetches a line the machine lacks; decision 0052).
import { spawn, spawnSync } from 'node:child_process';
import { readFileSync, existsSync, mkdirSync, rmSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  ensureBuild,
  ensureChromium,
  ensureOtherEngines,
  ensureDependencies,
  ROOT,
  run,
  runNpm,
} from './lib/ensure.mjs';
import { describe, machineNode, NODE_LINES, nodeEnv, nodeOfLine } from './lib/node-lines.mjs';
import { worktreeChanges, worktreeSnapshot } from './lib/worktree.mjs';
import {
  killSharedKeycloak,
  makeSharedKeycloakDir,
  reapOrphanedSharedKeycloaks,
  SHARED_KEYCLOAK_ENV,
  stopSharedKeycloak,
} from './keycloak/keycloak.mjs';

// The whole run is on the newest line: on another Node.js, this script starts again on it.
const newest = nodeOfLine(NODE_LINES.newest);
if (newest.exec !== process.execPath) {
  console.log(
    `npm test: this machine's Node.js is ${process.version}; the run is on the newest LTS line, ` +
      `${describe(newest)}.`,
  );
  const again = spawnSync(newest.exec, [fileURLToPath(import.meta.url), ...process.argv.slice(2)], {
    stdio: 'inherit',
    env: { ...process.env, ...nodeEnv(newest) },
  });
  process.exit(again.status ?? 1);
}
const oldest = nodeOfLine(NODE_LINES.oldest);
const running = machineNode();

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const scripts = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).scripts ?? {};
const started = Date.now();
const timings = [];

/**
 * The step running now: a failing step exits the process, and the summary names it with its
 * time and the Node.js it ran on.
 */
let current;
function step(name, action, node = running) {
  const t0 = Date.now();
  current = name;
  console.log(`\n=== ${name} (Node.js v${node.version}) ===`);
  action();
  current = undefined;
  timings.push([name, (Date.now() - t0) / 1000, node.version]);
}

/**
 * Runs npm scripts at the same time, each as a step of the summary with its own time; each
 * one's output (stdout and stderr, in order) is printed whole under its heading as it ends. A
 * failing one fails the run once all have ended, named as the failed step.
 */
async function stepsSideBySide(list) {
  const failures = [];
  await Promise.all(
    list.map(
      ([name, args]) =>
        new Promise((resolve) => {
          const t0 = Date.now();
          const output = [];
          const child = spawn(npm, args, { cwd: ROOT, env: process.env });
          child.stdout.on('data', (chunk) => output.push(chunk));
          child.stderr.on('data', (chunk) => output.push(chunk));
          let ended = false;
          const done = (code, error) => {
            if (ended) return; // 'error' may be followed by 'close'
            ended = true;
            console.log(`\n=== ${name} (Node.js v${running.version}; side by side) ===`);
            process.stdout.write(Buffer.concat(output));
            if (error) console.error(`Could not run npm ${args.join(' ')}: ${error.message}`);
            else if (code !== 0) console.error(`\nnpm ${args.join(' ')} failed (exit ${code}).`);
            if (error || code !== 0) failures.push(name);
            timings.push([`${name} (side by side)`, (Date.now() - t0) / 1000, running.version]);
            resolve();
          };
          child.on('error', (error) => done(1, error));
          child.on('close', (code, signal) => done(code ?? signal));
        }),
    ),
  );
  if (failures.length > 0) {
    current = failures.join(', ');
    process.exit(1);
  }
}

// Taken before anything is installed or built: neither may change a file git tracks (a fresh
// clone stays clean after `npm start`; a lock file that npm rewrites fails here).
const treeBefore = worktreeSnapshot(ROOT);

console.log(`npm test on ${describe(running)}; the server's tests also on ${describe(oldest)}`);
ensureDependencies([running, oldest]);
mkdirSync(join(ROOT, '.tmp'), { recursive: true });
// The reports of this run only: the summary counts them.
const report = join(ROOT, '.tmp', 'vitest-report.json');
const e2eReport = join(ROOT, '.tmp', 'e2e-report.json');
const oldestReport = join(ROOT, '.tmp', 'vitest-report-oldest-node.json');
const reports = [report, oldestReport, e2eReport];
for (const file of reports) rmSync(file, { force: true });
// One Keycloak for every vitest run of this run (each file in a realm of its own, decision 0047),
// started by the first file that needs it: the unit tests, the oldest line's and the browser
// tests' would each start one otherwise, for most of a minute each.
reapOrphanedSharedKeycloaks();
const sharedKeycloak = makeSharedKeycloakDir();
process.env[SHARED_KEYCLOAK_ENV] = sharedKeycloak;
// A failing step exits from inside the helpers (scripts/lib/ensure.mjs): summarise then too.
let summarised = false;
process.on('exit', () => {
  killSharedKeycloak(sharedKeycloak);
  rmSync(sharedKeycloak, { recursive: true, force: true });
  if (!summarised) summarise();
});

step('lock file', () => {
  // npm ci refuses a lock file that lacks a platform's optional packages or disagrees with
  // package.json; the container image installs with npm ci.
  runNpm(['ci', '--dry-run', '--ignore-scripts', '--no-audit', '--no-fund']);
});

// Three single-threaded checks that read the code and change nothing: side by side on the
// machine's cores (each one's output printed whole when it ends), about half their time in a row.
await stepsSideBySide([
  ['typecheck', ['run', 'typecheck']],
  ['lint', ['run', 'lint']],
  ['format', ['run', 'format:check']],
]);

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
step('work tree unchanged by install and build', () => {
  const changed = worktreeChanges(treeBefore, worktreeSnapshot(ROOT));
  if (treeBefore === undefined) console.log('Not a git checkout: nothing to compare.');
  if (changed.length > 0) {
    console.error(
      `Installing or building changed files that git tracks or sees (a fresh clone would be ` +
        `dirty after npm start):\n  ${changed.join('\n  ')}\nIf it is package-lock.json, ` +
        `regenerate it with \`npm install --package-lock-only\` and commit it.`,
    );
    process.exit(1);
  }
});
step('deployment manifests', () =>
  run(process.execPath, [join(ROOT, 'scripts', 'check-deploy.mjs')]),
);
step(
  `server tests, oldest line`,
  () => {
    run(
      oldest.exec,
      [
        join(ROOT, 'node_modules', 'vitest', 'vitest.mjs'),
        'run',
        '--project=node',
        '--project=node-isolated',
        // The server's tests (and the shared code they run): the scripts' own tests are of
        // npm start and npm test, which run on the newest line only.
        'src/server/',
        'src/shared/',
        '--reporter=default',
        '--reporter=json',
        `--outputFile.json=${oldestReport}`,
      ],
      { env: nodeEnv(oldest) },
    );
  },
  oldest,
);
step('bundle budget', () => run(process.execPath, [join(ROOT, 'scripts', 'check-budget.mjs')]));
if (scripts['test:e2e']) {
  step('browser tests', () => {
    const chromium = ensureChromium();
    ensureOtherEngines();
    runNpm(
      [
        'run',
        'test:e2e',
        '--',
        '--reporter=default',
        '--reporter=json',
        `--outputFile.json=${e2eReport}`,
      ],
      {
        env: { CHROMIUM_PATH: chromium },
      },
    );
  });
}

/**
 * The slowest test files of the run's reports, `count` of them: a slowdown shows in the landing
 * that caused it. A file run by two projects (SQLite and PostgreSQL) is listed once per run.
 */
function slowestFiles(reports, count) {
  const files = [];
  for (const file of reports) {
    if (!existsSync(file)) continue;
    for (const result of JSON.parse(readFileSync(file, 'utf8')).testResults ?? []) {
      const seconds = ((result.endTime ?? 0) - (result.startTime ?? 0)) / 1000;
      const tests = result.assertionResults ?? [];
      const name = relative(ROOT, result.name ?? '');
      const on = file === oldestReport ? ` on Node.js v${oldest.version}` : '';
      files.push({ name: `${name}${on}`, seconds, tests: tests.length });
    }
  }
  return files.sort((a, b) => b.seconds - a.seconds).slice(0, count);
}

/** Tests counted from the reports of this run; a failed step that is not a test run counts one. */
function summarise() {
  let passed = 0;
  let failed = 0;
  for (const file of reports) {
    if (!existsSync(file)) continue;
    const results = JSON.parse(readFileSync(file, 'utf8'));
    passed += results.numPassedTests ?? 0;
    failed += results.numFailedTests ?? 0;
  }
  const slowest = slowestFiles(reports, 10);
  if (slowest.length > 0) {
    console.log('\n=== the ten slowest test files ===');
    for (const { name, seconds, tests } of slowest)
      console.log(`${seconds.toFixed(1).padStart(7)} s  ${name} (${tests} tests)`);
  }
  console.log('\n=== summary ===');
  for (const [name, seconds, version] of timings) {
    console.log(`${name.padEnd(40)} ${seconds.toFixed(1).padStart(6)} s  Node.js v${version}`);
  }
  console.log(`${'total'.padEnd(40)} ${((Date.now() - started) / 1000).toFixed(1).padStart(6)} s`);
  if (current) {
    console.log(`failed step: ${current}`);
    if (failed === 0) failed = 1;
  }
  console.log(`tests: ${passed} passed, ${failed} failed`);
  return failed;
}

await stopSharedKeycloak(sharedKeycloak);
summarised = true;
process.exit(summarise() > 0 ? 1 : 0);
