import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { threadId } from 'node:worker_threads';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { jsonForScript, type PageState } from '../../shared/api/page-schemas.js';
import { WorkerTaskError, WorkerTimeoutError } from '../lib/worker-pool.js';
import {
  createRenderWorker,
  loadRenderer,
  RenderElsewhereUnavailable,
  type RenderElsewhere,
} from './page-renderer.js';

// Server-rendering bundles as dist/ssr/entry-server.js is one: a module with a `render`. This one
// names the thread it runs in and the message it was given, fails or never ends when asked to.
const BUNDLE = `
import { threadId } from 'node:worker_threads';
export function render(state, messages) {
  if (state.search === 'fail') throw new Error('the rendering failed');
  if (state.search === 'spin') for (;;);
  if (state.search === 'slow') { const end = Date.now() + 300; while (Date.now() < end); }
  const apps = (state.apps ?? []).map((app) => app.name).join('|');
  return '<main data-thread="' + threadId + '">' + state.portal.title + ' ' + (messages?.hello ?? '') + '</main><ul>' + apps + '</ul>';
}
`;

let dir: string;
let renderer: RenderElsewhere | undefined;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'page-renderer-'));
  writeFileSync(join(dir, 'entry-server.js'), BUNDLE);
  writeFileSync(join(dir, 'no-render.js'), 'export const other = 1;\n');
  return () => rmSync(dir, { recursive: true, force: true });
});

afterEach(async () => {
  await renderer?.close();
  renderer = undefined;
});

const stateWith = (search: string) =>
  ({ portal: { title: 'Lab Portal' }, search }) as unknown as PageState;

/** The worker's answer (UTF-8) as text. */
const text = (bytes: Uint8Array) => Buffer.from(bytes).toString();

const threadOf = (bytes: Uint8Array) => Number(/data-thread="(\d+)"/.exec(text(bytes))?.[1]);

describe('loadRenderer', () => {
  it("loads a bundle's render, and nothing when there is no bundle", async () => {
    const render = await loadRenderer(join(dir, 'entry-server.js'));
    expect(render?.(stateWith(''))).toContain('Lab Portal');
    expect(await loadRenderer(join(dir, 'missing.js'))).toBeNull();
  });

  it('refuses a bundle without a render function', async () => {
    await expect(loadRenderer(join(dir, 'no-render.js'))).rejects.toThrow(/render function/);
  });
});

describe('createRenderWorker', () => {
  it('renders pages in a worker thread with the messages given, one worker for them all', async () => {
    renderer = createRenderWorker(join(dir, 'entry-server.js'));
    const first = await renderer.render(stateWith(''), { hello: 'Hallo' });
    expect(text(first)).toContain('Lab Portal Hallo');
    expect(threadOf(first)).not.toBe(threadId);
    const second = await renderer.render(stateWith(''));
    expect(threadOf(second)).toBe(threadOf(first));
  });

  it("renders the apps of the JSON given with the state, in place of the state's list", async () => {
    renderer = createRenderWorker(join(dir, 'entry-server.js'));
    const state = { ...stateWith(''), apps: [{ name: 'Sent as a list' }] } as unknown as PageState;
    const apps = [{ name: 'Galaxy' }, { name: '</script><b>Wiki' }];
    const page = text(await renderer.render(state, undefined, jsonForScript(apps)));
    expect(page).toContain('<ul>Galaxy|</script><b>Wiki</ul>');
    expect(page).not.toContain('Sent as a list');
    // Without it, the state's own list.
    expect(text(await renderer.render(state))).toContain('<ul>Sent as a list</ul>');
  });

  it('starts the worker for the first page, and a new one for a page after idleMs without any', async () => {
    const started = createRenderWorker(join(dir, 'entry-server.js'), { idleMs: 100 });
    renderer = started;
    const first = threadOf(await started.render(stateWith('')));
    expect(first).not.toBe(threadId);
    // Asked less often than idleMs: the worker stops between pages, and the next page starts
    // another (rendered there, never here).
    await vi.waitFor(
      async () => {
        const next = threadOf(await started.render(stateWith('')));
        expect(next).not.toBe(threadId);
        expect(next).not.toBe(first);
      },
      { timeout: 10_000, interval: 300 },
    );
  });

  it('keeps this thread free while a page renders', async () => {
    renderer = createRenderWorker(join(dir, 'entry-server.js'));
    await renderer.render(stateWith(''));
    let turns = 0;
    const ticker = setInterval(() => (turns += 1), 1);
    await renderer.render(stateWith('slow'));
    clearInterval(ticker);
    expect(turns).toBeGreaterThan(0);
  });

  it("rejects with the rendering's own error, and renders the next page", async () => {
    renderer = createRenderWorker(join(dir, 'entry-server.js'));
    const error = await renderer.render(stateWith('fail')).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(WorkerTaskError);
    expect(error).not.toBeInstanceOf(RenderElsewhereUnavailable);
    expect((error as Error).message).toBe('the rendering failed');
    expect(text(await renderer.render(stateWith('')))).toContain('Lab Portal');
  });

  it('stops a rendering that runs over its time, and starts a new worker for the next page', async () => {
    renderer = createRenderWorker(join(dir, 'entry-server.js'), { timeoutMs: 300 });
    const before = threadOf(await renderer.render(stateWith('')));
    const error = await renderer.render(stateWith('spin')).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(WorkerTimeoutError);
    const after = threadOf(await renderer.render(stateWith('')));
    expect(after).not.toBe(before);
  });

  it('says it cannot take a page when too many wait (the caller renders it itself)', async () => {
    renderer = createRenderWorker(join(dir, 'entry-server.js'), { maxQueue: 1 });
    await renderer.render(stateWith(''));
    const running = renderer.render(stateWith('slow'));
    const waiting = renderer.render(stateWith(''));
    const refused = await renderer.render(stateWith('')).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(RenderElsewhereUnavailable);
    expect(text(await running)).toContain('Lab Portal');
    expect(text(await waiting)).toContain('Lab Portal');
  });

  it('fails a page clearly when there is no bundle at the path', async () => {
    renderer = createRenderWorker(join(dir, 'missing.js'));
    await expect(renderer.render(stateWith(''))).rejects.toThrow(/no server-rendering bundle/);
  });

  it('says it cannot take pages once closed', async () => {
    renderer = createRenderWorker(join(dir, 'entry-server.js'));
    await renderer.close();
    await expect(renderer.render(stateWith(''))).rejects.toBeInstanceOf(RenderElsewhereUnavailable);
  });
});
