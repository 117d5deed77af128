import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import type createDOMPurify from 'dompurify';
import { fileTypeFromBuffer } from 'file-type';
import type * as Jsdom from 'jsdom';
import {
  BadRequestError,
  PayloadTooLargeError,
  UnsupportedMediaTypeError,
} from '../http/errors.js';
import { IMAGE_TYPES, imageTypeOf, type ImageType } from '../lib/image-types.js';
import { IncompleteImageError, rasterStructure, type PictureSize } from './image-structure.js';
import { svgBudgetExceeded } from './svg-budget.js';

/** The largest logo accepted, in bytes. */
export const MAX_LOGO_BYTES = 2 * 1024 * 1024;

/** The largest width or height of a raster logo: a tiny file may claim a huge image. */
export const MAX_LOGO_PIXELS = 4096;

export const SVG_TYPE = 'image/svg+xml';

type RasterType = Exclude<ImageType, 'image/svg+xml'>;

/** What a raster image's structure check gives: its pictures' sizes, or why it is incomplete. */
export type RasterCheck = { sizes: PictureSize[] } | { incomplete: string };

/**
 * The checks of a logo whose time grows with the file: in worker threads (logo-checker.ts) for
 * the event loop's thread, or in this thread (`checkHere`) for code that runs in a worker already.
 */
export interface LogoChecks {
  /** sanitizeSvg: the clean SVG, or undefined when the text is no SVG. */
  sanitizeSvg(text: string): Promise<string | undefined>;
  /** rasterStructure: the sizes of the pictures, or the reason the file is incomplete. */
  rasterStructure(bytes: Uint8Array, type: RasterType): Promise<RasterCheck>;
}

/** A task of logo-checker.worker.ts, and its answer. */
export type LogoCheckTask = { svg: string } | { raster: Uint8Array; type: RasterType };
export type LogoCheckResult = string | undefined | RasterCheck;

/** The checks in this thread: for code that runs off the event loop already (a worker). */
export const checkHere: LogoChecks = {
  async sanitizeSvg(text) {
    return sanitizeSvg(text);
  },
  async rasterStructure(bytes, type) {
    const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    try {
      return { sizes: rasterStructure(buffer, type) };
    } catch (error) {
      if (error instanceof IncompleteImageError) return { incomplete: error.reason };
      throw error;
    }
  },
};

export interface CheckedLogo {
  contentType: string;
  bytes: Buffer;
  sha256: string;
  /** The file name the logo is served under: changes with the content, so caches never go stale. */
  fileName: string;
  /**
   * The sizes a web app manifest gives for it: "any" for an SVG, the distinct sizes of its
   * pictures for a raster image ("16x16 32x32"), kept with the image so nobody reads it again.
   */
  sizes: string;
}

let purifier: ReturnType<typeof createDOMPurify> | undefined;

/** Loads jsdom and DOMPurify now (the logo worker, before it takes tasks: logo-checker.worker.ts). */
export function prepareSvgPurifier(): void {
  svgPurifier();
}

const require = createRequire(import.meta.url);

/**
 * DOMPurify on a jsdom window, configured once: external references are removed too. Both are
 * loaded on first use: jsdom holds about 60 MB, which a server that is never sent an SVG logo
 * (and the event loop's thread, whose SVGs go to a worker: logo-checker.ts) need not carry.
 */
function svgPurifier(): ReturnType<typeof createDOMPurify> {
  if (purifier) return purifier;
  const { JSDOM } = require('jsdom') as typeof Jsdom;
  const createPurifier = require('dompurify') as typeof createDOMPurify;
  const { window } = new JSDOM('');
  const purify = createPurifier(window as never);
  purify.addHook('uponSanitizeAttribute', (_node, data) => {
    const name = data.attrName.toLowerCase();
    const value = data.attrValue.trim();
    // Links and image sources may only point inside the document (#id).
    if ((name === 'href' || name === 'xlink:href' || name === 'src') && !value.startsWith('#')) {
      data.keepAttr = false;
    }
    // url(...) in presentation attributes: only url(#id).
    if (/url\s*\(\s*['"]?(?!#)/i.test(value)) data.keepAttr = false;
  });
  purifier = purify;
  return purify;
}

/**
 * An SVG with scripts, event handlers, foreign objects, styles and external references removed
 * (DOMPurify's SVG profile plus the hook above). Undefined when the text is no SVG at all.
 */
export function sanitizeSvg(text: string): string | undefined {
  if (!/<svg[\s>]/i.test(text)) return undefined;
  // The XML prologue goes first: a DOCTYPE's internal subset (entities) is never expanded.
  const body = text
    .replace(/^\uFEFF/, '')
    .replace(/<\?xml[\s\S]*?\?>/gi, '')
    .replace(/<!DOCTYPE[^[>]*(\[[\s\S]*?\])?\s*>/gi, '');
  const clean = svgPurifier().sanitize(body, {
    USE_PROFILES: { svg: true, svgFilters: true },
    FORBID_TAGS: ['style', 'foreignObject', 'script', 'use'],
    FORBID_ATTR: ['style'],
  });
  return /^\s*<svg[\s>]/i.test(clean) ? clean : undefined;
}

/**
 * Checks that a raster image is complete (every header and chunk a decoder needs, up to its end
 * marker) and that no picture a browser would decode from it (each image of an ICO, as its PNG
 * or bitmap header says) is larger than MAX_LOGO_PIXELS: from the headers, nothing is decoded.
 */
async function checkRaster(bytes: Buffer, type: RasterType, checks: LogoChecks): Promise<string> {
  const checked = await checks.rasterStructure(bytes, type);
  if ('incomplete' in checked) {
    throw new BadRequestError(`The logo is not a complete image: ${checked.incomplete}.`);
  }
  const { sizes } = checked;
  for (const { width, height } of sizes) {
    if (width > MAX_LOGO_PIXELS || height > MAX_LOGO_PIXELS) {
      throw new BadRequestError(
        `The logo is ${width} × ${height} pixels; at most ${MAX_LOGO_PIXELS} × ${MAX_LOGO_PIXELS} are accepted.`,
      );
    }
  }
  return manifestSizes(sizes);
}

/** A manifest's `sizes` for pictures: each distinct size once, "WxH" separated by spaces. */
export function manifestSizes(sizes: PictureSize[]): string {
  return [...new Set(sizes.map(({ width, height }) => `${width}x${height}`))].join(' ');
}

/** Refuses an SVG over the budget of svg-budget.ts, before anything parses it. */
function checkSvgBudget(text: string): void {
  const exceeded = svgBudgetExceeded(text);
  if (!exceeded) return;
  if (exceeded.kind === 'elements') throw new PayloadTooLargeError(exceeded.message);
  throw new BadRequestError(exceeded.message);
}

function looksLikeText(bytes: Buffer): boolean {
  const head = bytes.subarray(0, 1024).toString('utf8');
  return /^(\uFEFF)?\s*(<\?xml|<!--|<!doctype svg|<svg)/i.test(head);
}

/**
 * Checks an uploaded logo: at most 2 MiB (413), a supported image type recognised from the bytes,
 * whatever its name or declared type (415), not empty (400). Raster images must be complete and
 * at most MAX_LOGO_PIXELS wide and high (400). SVGs within the budget of svg-budget.ts (400, 413)
 * are sanitised. Both checks run where `checks` runs them (worker threads: logo-checker.ts).
 */
export async function checkLogo(bytes: Buffer, checks: LogoChecks): Promise<CheckedLogo> {
  if (bytes.length === 0) throw new BadRequestError('The logo file is empty.');
  if (bytes.length > MAX_LOGO_BYTES) {
    throw new PayloadTooLargeError('The logo is larger than 2 MiB.');
  }
  const detected = await fileTypeFromBuffer(bytes);
  let contentType: string;
  let extension: string;
  let stored = bytes;
  let sizes = 'any';
  const raster = detected && imageTypeOf(detected.mime);
  if (raster && raster !== SVG_TYPE) {
    contentType = raster;
    extension = IMAGE_TYPES[raster];
    sizes = await checkRaster(bytes, raster, checks);
  } else if ((!detected || detected.mime === 'application/xml') && looksLikeText(bytes)) {
    const text = bytes.toString('utf8');
    checkSvgBudget(text);
    const clean = await checks.sanitizeSvg(text);
    if (clean === undefined) {
      throw new UnsupportedMediaTypeError('The file is not an SVG image.');
    }
    contentType = SVG_TYPE;
    extension = '.svg';
    stored = Buffer.from(clean, 'utf8');
  } else {
    throw new UnsupportedMediaTypeError(
      'A logo must be a PNG, JPEG, GIF, WebP, AVIF, ICO or SVG image.',
    );
  }
  const sha256 = createHash('sha256').update(stored).digest('hex');
  return {
    contentType,
    bytes: stored,
    sha256,
    fileName: `logo-${sha256.slice(0, 12)}${extension}`,
    sizes,
  };
}
