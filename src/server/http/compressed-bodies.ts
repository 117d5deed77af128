import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** The content codings the portal sends, best first; `identity` is the body as it is. */
export type Encoding = 'br' | 'gzip' | 'identity';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Bodies smaller than this go out as they are (as http/compression.ts's threshold). */
export const LIVE_THRESHOLD = 1024;

/**
 * The coding to send for an `Accept-Encoding` header (RFC 9110 section 12.5.3): brotli or gzip,
 * whichever has the higher weight (brotli on a tie: smaller), `*` standing for any coding not
 * named; `identity` when neither is acceptable or the header is absent.
 */
export function negotiateEncoding(header: string | string[] | undefined): Encoding {
  if (header === undefined) return 'identity';
  const weights = new Map<string, number>();
  for (const part of (Array.isArray(header) ? header.join(',') : header).split(',')) {
    const [name = '', ...parameters] = part.split(';').map((piece) => piece.trim());
    if (!name) continue;
    let weight = 1;
    for (const parameter of parameters) {
      const match = /^q=([01](?:\.\d{0,3})?)$/i.exec(parameter);
      if (match) weight = Number(match[1]);
    }
    weights.set(name.toLowerCase(), weight);
  }
  const any = weights.get('*') ?? 0;
  const br = weights.get('br') ?? any;
  const gz = weights.get('gzip') ?? weights.get('x-gzip') ?? any;
  if (br <= 0 && gz <= 0) return 'identity';
  return br >= gz ? 'br' : 'gzip';
}

/** Bodies kept up to this size get brotli's best quality (a home page of a few dozen apps). */
export const BEST_QUALITY_UP_TO = 256 * 1024;

/**
 * Levels for bodies compressed once and kept: high (the work is paid once per version). Brotli
 * 11 below BEST_QUALITY_UP_TO: about 7% smaller than 9 (the 13-app page's first response then
 * fits the first round trip), for about 180 ms of one pool thread instead of 30; above it, 9
 * (at 500 apps, 11 costs seconds: decision 0035).
 */
export function keptLevels(size: number): { brotliQuality: number; gzipLevel: number } {
  return { brotliQuality: size <= BEST_QUALITY_UP_TO ? 11 : 9, gzipLevel: 9 };
}
/** Levels for bodies compressed per request (personal answers): cheap. */
const LIVE = { brotliQuality: 1, gzipLevel: 1 };

/**
 * Compresses `body` with `encoding` in libuv's thread pool (zlib's asynchronous functions): the
 * event loop only hands the buffer over and takes the result, whatever the size.
 */
export function compress(
  body: Buffer,
  encoding: Exclude<Encoding, 'identity'>,
  levels: { brotliQuality: number; gzipLevel: number } = LIVE,
): Promise<Buffer> {
  if (encoding === 'br') {
    return brotli(body, {
      params: {
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_QUALITY]: levels.brotliQuality,
        [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
      },
    });
  }
  return gzipAsync(body, { level: levels.gzipLevel });
}

/** One body kept with its compressed copies, made on first demand. */
interface Kept {
  identity: Buffer;
  etag: string;
  copies: Map<Exclude<Encoding, 'identity'>, Promise<Buffer>>;
  /** Bytes held: the body and the copies made so far. */
  bytes: number;
}

/** What a response needs: the bytes to send, their coding and the representation's ETag. */
export interface Encoded {
  body: Buffer;
  encoding: Encoding;
  etag: string;
}

/** A weak ETag of a body: the first 162 bits of its SHA-256, base64url. */
export function etagOf(body: string | Buffer): string {
  return `W/"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
}

/**
 * Shared answers (the anonymous home page, the anonymous catalog) kept with their brotli and gzip
 * copies, so each is compressed once per content rather than once per response. Entries are
 * keyed by the caller: a key names one content (it must change whenever the content does: the
 * callers' keys hold the catalog's and the branding's versions, the theme, the search). At most
 * `maxBytes` are held (bodies and copies together); past that the least recently used entries
 * are dropped. Concurrent first requests share one compression. Compression runs off the event
 * loop (compress above). Nothing personal may be put here: the cache is shared by every caller.
 */
export function createCompressedBodies(options: { maxBytes: number }) {
  const kept = new Map<string, Kept>();
  let held = 0;

  function trim(keep: string): void {
    for (const [key, entry] of kept) {
      if (held <= options.maxBytes) return;
      if (key === keep) continue;
      kept.delete(key);
      held -= entry.bytes;
    }
  }

  function entryFor(key: string, body: () => string | Buffer, etag?: string): Kept {
    const found = kept.get(key);
    if (found) {
      // Most recently used last: Map keeps insertion order.
      kept.delete(key);
      kept.set(key, found);
      return found;
    }
    const made = body();
    const identity = typeof made === 'string' ? Buffer.from(made) : made;
    const entry: Kept = {
      identity,
      etag: etag ?? etagOf(identity),
      copies: new Map(),
      bytes: identity.length,
    };
    kept.set(key, entry);
    held += entry.bytes;
    trim(key);
    return entry;
  }

  return {
    /**
     * The body kept under `key` (made by `body()` on a miss; `etag` is its validator when the
     * caller has one) in the coding the request accepts.
     */
    async get(
      key: string,
      body: () => string | Buffer,
      accept: string | string[] | undefined,
      etag?: string,
    ): Promise<Encoded> {
      const entry = entryFor(key, body, etag);
      const encoding = negotiateEncoding(accept);
      if (encoding === 'identity' || entry.identity.length < LIVE_THRESHOLD) {
        return { body: entry.identity, encoding: 'identity', etag: entry.etag };
      }
      let copy = entry.copies.get(encoding);
      if (!copy) {
        copy = compress(entry.identity, encoding, keptLevels(entry.identity.length));
        entry.copies.set(encoding, copy);
        copy.then(
          (bytes) => {
            // Counted only while the entry is still kept.
            if (kept.get(key) !== entry) return;
            entry.bytes += bytes.length;
            held += bytes.length;
            trim(key);
          },
          () => entry.copies.delete(encoding),
        );
      }
      try {
        return { body: await copy, encoding, etag: entry.etag };
      } catch {
        return { body: entry.identity, encoding: 'identity', etag: entry.etag };
      }
    },

    /** Entries and bytes held now (tests, metrics). */
    size: () => ({ entries: kept.size, bytes: held }),

    /** Drops everything (tests). */
    clear(): void {
      kept.clear();
      held = 0;
    },
  };
}

export type CompressedBodies = ReturnType<typeof createCompressedBodies>;

/**
 * `body` for this request, compressed now at a cheap level when it is large enough and the
 * request accepts a coding: for answers that are the caller's own (never kept anywhere).
 */
export async function compressLive(
  body: string | Buffer,
  accept: string | string[] | undefined,
): Promise<{ body: Buffer; encoding: Encoding }> {
  const bytes = typeof body === 'string' ? Buffer.from(body) : body;
  const encoding = negotiateEncoding(accept);
  if (encoding === 'identity' || bytes.length < LIVE_THRESHOLD) {
    return { body: bytes, encoding: 'identity' };
  }
  try {
    return { body: await compress(bytes, encoding, LIVE), encoding };
  } catch {
    return { body: bytes, encoding: 'identity' };
  }
}

/** True when If-None-Match names the ETag (weak comparison, as RFC 9110 asks for GET). */
export function etagMatches(request: FastifyRequest, etag: string): boolean {
  const header = request.headers['if-none-match'];
  if (!header) return false;
  const bare = (tag: string) => tag.trim().replace(/^W\//, '');
  return header.split(',').some((tag) => tag.trim() === '*' || bare(tag) === bare(etag));
}

/** Adds `value` to the reply's Vary header unless it is already named. */
export function addVary(reply: FastifyReply, value: string): void {
  const current = reply.getHeader('vary');
  const names =
    typeof current === 'string' ? current : Array.isArray(current) ? current.join(', ') : '';
  const listed = names
    .split(',')
    .map((name) => name.trim().toLowerCase())
    .filter(Boolean);
  if (listed.includes('*') || listed.includes(value.toLowerCase())) return;
  void reply.header('vary', names ? `${names}, ${value}` : value);
}

/**
 * Sends an encoded body with its coding, length and `Vary: Accept-Encoding`; the caller has set
 * the type and the caching headers.
 */
export function sendEncoded(reply: FastifyReply, encoded: { body: Buffer; encoding: Encoding }) {
  addVary(reply, 'Accept-Encoding');
  if (encoded.encoding !== 'identity') void reply.header('content-encoding', encoded.encoding);
  return reply.header('content-length', encoded.body.length).send(encoded.body);
}

/**
 * Each signed-in user's own last answer (the home page), compressed at the live level and kept
 * under the user's subject together with the state it was made from: a user who reloads while
 * nothing changed gets the same bytes without another rendering. An entry is only ever handed
 * to the same owner, and only while its state key is the same (the state key must hold all
 * that shapes the answer). Only compressed copies are kept. At most `maxBytes` are held, least recently used dropped first. Not
 * the shared cache: nothing here is ever given to another caller.
 */
export function createPersonalBodies(options: { maxBytes: number }) {
  const kept = new Map<string, { state: string; body: Buffer; encoding: Encoding }>();
  let held = 0;

  return {
    /**
     * `owner`'s answer for `state` in the coding the request accepts: kept bytes when the owner's
     * last answer in that coding had the same state, else `render()`'s body, compressed now and
     * kept unless `keep` is false (a rendering that failed is tried again next time).
     */
    async get(
      owner: string,
      state: string,
      accept: string | string[] | undefined,
      render: () => Promise<{ body: string | Buffer; keep: boolean }>,
    ): Promise<{ body: Buffer; encoding: Encoding; cached: boolean }> {
      const key = `${owner}\u0000${negotiateEncoding(accept)}`;
      const found = kept.get(key);
      if (found && found.state === state) {
        kept.delete(key);
        kept.set(key, found);
        return { body: found.body, encoding: found.encoding, cached: true };
      }
      const made = await render();
      const encoded = await compressLive(made.body, accept);
      // The owner's earlier answer in this coding is stale now: replaced, or dropped.
      const previous = kept.get(key);
      if (previous) {
        kept.delete(key);
        held -= previous.body.length;
      }
      // Only compressed copies are kept: a client that takes none is rare and the body large.
      if (made.keep && encoded.encoding !== 'identity' && encoded.body.length <= options.maxBytes) {
        kept.set(key, { state, ...encoded });
        held += encoded.body.length;
        for (const [oldest, entry] of kept) {
          if (held <= options.maxBytes) break;
          kept.delete(oldest);
          held -= entry.body.length;
        }
      }
      return { ...encoded, cached: false };
    },

    size: () => ({ entries: kept.size, bytes: held }),
  };
}

export type PersonalBodies = ReturnType<typeof createPersonalBodies>;
