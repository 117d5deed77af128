import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from './ensure.mjs';
import { SERVER_ENV, SERVER_NODE_FLAGS } from './server-flags.mjs';

const read = (path) => readFileSync(join(ROOT, path), 'utf8');

describe("the server's Node flags", () => {
  it('are the same wherever the server is started without the scripts', () => {
    const flags = SERVER_NODE_FLAGS.join(' ');
    expect(flags).toMatch(/^--max-semi-space-size=\d+ --expose-gc$/);
    // npm run serve, the container image and the systemd unit of docs/operations.md.
    expect(JSON.parse(read('package.json')).scripts.serve).toBe(
      `node ${flags} dist/server/main.js`,
    );
    const cmd = /^CMD (\[.*\])$/m.exec(read('Dockerfile'))?.[1];
    expect(JSON.parse(cmd ?? '[]')).toEqual(['node', ...SERVER_NODE_FLAGS, 'dist/server/main.js']);
    expect(read('docs/operations.md')).toContain(
      `ExecStart=/usr/bin/node ${flags} dist/server/main.js`,
    );
  });

  it('come with the environment the image and the systemd unit set too', () => {
    expect(SERVER_ENV).toEqual({ MALLOC_ARENA_MAX: '2' });
    const env = /^ENV ([\s\S]*?)\n(?!\s)/m.exec(read('Dockerfile').split('FROM').at(-1) ?? '')?.[1];
    expect(env).toMatch(/\bMALLOC_ARENA_MAX=2\b/);
    expect(read('docs/operations.md')).toContain('Environment=MALLOC_ARENA_MAX=2');
  });

  it('are taken by every script that starts the server', () => {
    for (const path of [
      'scripts/start.mjs',
      'scripts/screenshot.mjs',
      'scripts/lib/bench.mjs',
      'e2e/support/server.ts',
    ]) {
      expect(read(path), path).toMatch(/SERVER_NODE_FLAGS|server-flags\.mjs/);
      expect(read(path), path).toMatch(/SERVER_ENV/);
    }
  });
});
