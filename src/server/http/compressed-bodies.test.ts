import { readFileSync } from 'node:fs';
import { brotliCompressSync, brotliDecompressSync, constants, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import {
  BEST_QUALITY_UP_TO,
  compressLive,
  createCompressedBodies,
  createPersonalBodies,
  etagOf,
  keptLevels,
  negotiateEncoding,
} from './compressed-bodies.js';

/** A compressible text of about `size` bytes. */
function text(size: number, word = 'portal'): string {
  let made = '';
  for (let i = 0; made.length < size; i += 1) made += `${word}-${i % 97};`;
  return made.slice(0, size);
}

describe('negotiateEncoding', () => {
  it.each([
    [undefined, 'identity'],
    ['', 'identity'],
    ['gzip, deflate, br', 'br'],
    ['gzip, deflate, br, zstd', 'br'],
    ['gzip', 'gzip'],
    ['deflate', 'identity'],
    ['br;q=0.5, gzip', 'gzip'],
    ['br;q=0, gzip;q=0', 'identity'],
    ['*', 'br'],
    ['*;q=0', 'identity'],
    ['gzip;q=1.0, *;q=0', 'gzip'],
    ['x-gzip', 'gzip'],
    ['identity', 'identity'],
    ['BR', 'br'],
  ] as const)('%j gives %s', (header, expected) => {
    expect(negotiateEncoding(header)).toBe(expected);
  });
});

describe('createCompressedBodies', () => {
  it('keeps small bodies at brotli 11 and large ones at 9', async () => {
    expect(keptLevels(100_000)).toEqual({ brotliQuality: 11, gzipLevel: 9 });
    expect(keptLevels(BEST_QUALITY_UP_TO)).toEqual({ brotliQuality: 11, gzipLevel: 9 });
    expect(keptLevels(BEST_QUALITY_UP_TO + 1)).toEqual({ brotliQuality: 9, gzipLevel: 9 });
    // What is kept is the best quality's copy: the same size as brotli 11 of the body.
    const body = readFileSync(new URL(import.meta.url))
      .toString()
      .repeat(4);
    const bodies = createCompressedBodies({ maxBytes: 1 << 20 });
    const br = await bodies.get('source', () => body, 'br');
    const best = brotliCompressSync(body, {
      params: {
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_QUALITY]: 11,
        [constants.BROTLI_PARAM_SIZE_HINT]: Buffer.byteLength(body),
      },
    });
    expect(br.body.length).toBe(best.length);
  });

  it('compresses a body once per coding, and every copy decodes to the same bytes', async () => {
    const bodies = createCompressedBodies({ maxBytes: 1 << 20 });
    const body = text(50_000);
    let made = 0;
    const make = () => {
      made += 1;
      return body;
    };
    const plain = await bodies.get('page 1', make, undefined);
    expect(plain.encoding).toBe('identity');
    expect(plain.body.toString()).toBe(body);
    expect(plain.etag).toBe(etagOf(body));

    // Concurrent first requests share one compression: the same bytes come back.
    const [br, brAgain] = await Promise.all([
      bodies.get('page 1', make, 'gzip, deflate, br'),
      bodies.get('page 1', make, 'br'),
    ]);
    expect(br.encoding).toBe('br');
    expect(brAgain.body).toBe(br.body);
    expect(brotliDecompressSync(br.body).toString()).toBe(body);
    const afterBr = bodies.size().bytes;
    expect(afterBr).toBe(body.length + br.body.length);

    const gzip = await bodies.get('page 1', make, 'gzip');
    expect(gzip.encoding).toBe('gzip');
    expect(gunzipSync(gzip.body).toString()).toBe(body);
    expect((await bodies.get('page 1', make, 'br')).body).toBe(br.body);
    expect(bodies.size()).toEqual({ entries: 1, bytes: afterBr + gzip.body.length });
    expect(made).toBe(1);
  });

  it('keeps one entry per key, and takes the caller’s ETag when given', async () => {
    const bodies = createCompressedBodies({ maxBytes: 1 << 20 });
    const light = await bodies.get('page light', () => text(5000, 'light'), 'br', 'W/"light"');
    const dark = await bodies.get('page dark', () => text(5000, 'dark'), 'br', 'W/"dark"');
    expect(light.etag).toBe('W/"light"');
    expect(dark.etag).toBe('W/"dark"');
    expect(brotliDecompressSync(dark.body).toString()).toBe(text(5000, 'dark'));
    expect(bodies.size().entries).toBe(2);
  });

  it('sends small bodies as they are', async () => {
    const bodies = createCompressedBodies({ maxBytes: 1 << 20 });
    const small = await bodies.get('small', () => 'tiny', 'br');
    expect(small).toMatchObject({ encoding: 'identity' });
    expect(small.body.toString()).toBe('tiny');
  });

  it('holds at most maxBytes, dropping the least recently used entries first', async () => {
    const bodies = createCompressedBodies({ maxBytes: 25_000 });
    await bodies.get('a', () => text(10_000, 'a'), undefined);
    await bodies.get('b', () => text(10_000, 'b'), undefined);
    await bodies.get('a', () => text(10_000, 'a'), undefined); // a used last
    await bodies.get('c', () => text(10_000, 'c'), undefined);
    expect(bodies.size()).toEqual({ entries: 2, bytes: 20_000 });
    let remade = '';
    await bodies.get('a', () => (remade = 'a'), undefined);
    await bodies.get('b', () => (remade = 'b'), undefined);
    expect(remade).toBe('b');
  });
});

describe('createPersonalBodies', () => {
  it('gives an owner back their own page while the state is the same, and no one else', async () => {
    const personal = createPersonalBodies({ maxBytes: 1 << 20 });
    let renders = 0;
    const pageOf = (who: string) => async () => {
      renders += 1;
      return { body: text(20_000, who), keep: true };
    };
    const alice = await personal.get('alice', 'state-1', 'br', pageOf('alice'));
    expect(alice.cached).toBe(false);
    expect(brotliDecompressSync(alice.body).toString()).toBe(text(20_000, 'alice'));

    // Bob with the very same state key gets his own rendering, never Alice's bytes.
    const bob = await personal.get('bob', 'state-1', 'br', pageOf('bob'));
    expect(bob.cached).toBe(false);
    expect(brotliDecompressSync(bob.body).toString()).toBe(text(20_000, 'bob'));

    const again = await personal.get('alice', 'state-1', 'gzip, deflate, br', pageOf('alice'));
    expect(again).toMatchObject({ cached: true, encoding: 'br' });
    expect(again.body).toBe(alice.body);
    expect(renders).toBe(2);

    // A new state renders again and replaces the old entry.
    const changed = await personal.get('alice', 'state-2', 'br', pageOf('alice'));
    expect(changed.cached).toBe(false);
    expect(personal.size().entries).toBe(2);
    expect(renders).toBe(3);
  });

  it('keeps no uncompressed copy, and stays within its bound', async () => {
    const personal = createPersonalBodies({ maxBytes: 1 });
    const page = async () => ({ body: text(20_000), keep: true });
    const plain = await personal.get('alice', 's', undefined, page);
    expect(plain).toMatchObject({ encoding: 'identity', cached: false });
    await personal.get('alice', 's', 'br', page);
    expect(personal.size()).toEqual({ entries: 0, bytes: 0 });
  });

  it('keeps nothing of a rendering that failed', async () => {
    const personal = createPersonalBodies({ maxBytes: 1 << 20 });
    await personal.get('alice', 's', 'br', async () => ({ body: text(20_000), keep: false }));
    expect(personal.size().entries).toBe(0);
    const next = await personal.get('alice', 's', 'br', async () => ({
      body: text(20_000),
      keep: true,
    }));
    expect(next.cached).toBe(false);
  });
});

describe('compressLive', () => {
  it('compresses at the live level, decoding to the same bytes; small bodies as they are', async () => {
    const body = text(30_000);
    const br = await compressLive(body, 'gzip, deflate, br');
    expect(br.encoding).toBe('br');
    expect(brotliDecompressSync(br.body).toString()).toBe(body);
    const gzip = await compressLive(body, 'gzip');
    expect(gunzipSync(gzip.body).toString()).toBe(body);
    expect(await compressLive('{}', 'br')).toMatchObject({ encoding: 'identity' });
  });
});
