import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { NODE_VERSION } from '../container/standin-base.mjs';
import { ROOT } from './ensure.mjs';
import {
  atLeast,
  ensureNativeBuilds,
  machineNode,
  NODE_LINES,
  nodeEnv,
  nodeOfLine,
} from './node-lines.mjs';

const read = (path) => readFileSync(join(ROOT, path), 'utf8');
const { oldest, newest } = NODE_LINES;
const short = (version) => version.replace(/\.0$/, '');

describe('the supported Node.js lines', () => {
  it('are two LTS lines, each pinned to a release of its own line', () => {
    expect(newest.major).toBeGreaterThan(oldest.major);
    for (const line of [oldest, newest]) {
      expect(line.major % 2, 'an LTS line is even').toBe(0);
      expect(line.version.split('.')[0]).toBe(String(line.major));
      expect(atLeast(line.version, line.minimum)).toBe(true);
    }
  });

  it('are the ones package.json, the README, the image and the docs name', () => {
    expect(JSON.parse(read('package.json')).engines.node).toBe(`>=${short(oldest.minimum)}`);
    const readme = read('README.md');
    expect(readme).toContain(`${oldest.major} (${short(oldest.minimum)} or\nnewer`);
    expect(readme).toMatch(new RegExp(`supports: ${newest.major}, or ${oldest.major}`));
    const dockerfile = read('Dockerfile');
    expect(dockerfile).toContain(`ARG NODE_IMAGE=node:${newest.major}-bookworm-slim`);
    expect(dockerfile).toContain(`${oldest.major} (${short(oldest.minimum)} or newer`);
    expect(read('deploy/compose.yaml')).toContain(`node:${newest.major}-bookworm-slim`);
    const deploy = read('docs/deploy.md');
    expect(deploy).toContain(`by default \`node:${newest.major}-bookworm-slim\``);
    expect(deploy).toContain(`\`NODE_IMAGE=node:${oldest.major}-bookworm-slim\``);
    // The systemd unit of docs/operations.md.
    expect(read('docs/operations.md')).toContain(
      `# Node.js ${newest.major} or ${short(oldest.minimum)}+ (docs/deploy.md)\nExecStart=`,
    );
    // The container test's stand-in for the default base.
    expect(NODE_VERSION).toBe(process.env.STANDIN_NODE_VERSION || newest.version);
  });
});

describe('atLeast', () => {
  it('compares dotted versions part by part', () => {
    expect(atLeast('22.12.0', '22.12.0')).toBe(true);
    expect(atLeast('v22.12.1', '22.12.0')).toBe(true);
    expect(atLeast('22.9.0', '22.12.0')).toBe(false);
    expect(atLeast('24.0.0', '22.12.0')).toBe(true);
    expect(atLeast('20.20.2', '22.12.0')).toBe(false);
    expect(atLeast('22.12', '22.12.0')).toBe(true);
  });
});

describe('the Node.js a step runs on', () => {
  it('is the running one when it is of the line, without fetching anything', () => {
    const own = machineNode();
    const line = {
      major: Number(own.version.split('.')[0]),
      minimum: own.version,
      version: '0.0.0',
    };
    expect(nodeOfLine(line).exec).toBe(process.execPath);
  });

  it('puts its folder first on PATH, and a fetched one its headers before node-gyp', () => {
    const fetched = {
      exec: '/cache/node/24.1.0-linux-x64/bin/node',
      version: '24.1.0',
      fetched: true,
    };
    const env = nodeEnv(fetched);
    expect(env.PATH.startsWith('/cache/node/24.1.0-linux-x64/bin')).toBe(true);
    expect(env.npm_config_nodedir).toBe('/cache/node/24.1.0-linux-x64');
    expect(nodeEnv({ ...fetched, fetched: false }).npm_config_nodedir).toBeUndefined();
  });

  it('loads better-sqlite3 from a build of its own version, and npm leaves none in build/Release', () => {
    const own = machineNode();
    ensureNativeBuilds([own]);
    const sqlite = join(ROOT, 'node_modules', 'better-sqlite3');
    expect(existsSync(join(sqlite, 'build', 'Release', 'better_sqlite3.node'))).toBe(false);
    expect(
      existsSync(
        join(
          sqlite,
          'compiled',
          own.version,
          process.platform,
          process.arch,
          'better_sqlite3.node',
        ),
      ),
    ).toBe(true);
  });
});
