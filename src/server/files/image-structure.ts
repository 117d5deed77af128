import { imageSize } from 'image-size';
import type { ImageType } from '../lib/image-types.js';

/** The size of one picture a browser may decode from a file (an ICO holds several). */
export interface PictureSize {
  width: number;
  height: number;
}

/** The file is not a complete image of its type: `reason` says what is missing, for the user. */
export class IncompleteImageError extends Error {
  constructor(readonly reason: string) {
    super(reason);
    this.name = 'IncompleteImageError';
  }
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/**
 * The most images an ICO may list. Icon files hold a handful of sizes (16 to 256 px, a few
 * colour depths); the format allows 65,535 entries, which a hostile file uses to repeat work.
 */
export const MAX_ICO_IMAGES = 64;

/**
 * The most chunks a PNG may have. An encoder writes IDAT chunks of 8 KiB or more, so a 2 MiB logo
 * has a few hundred; tens of thousands of empty chunks are padding that only costs time.
 */
export const MAX_PNG_CHUNKS = 10_000;

function fail(reason: string): never {
  throw new IncompleteImageError(reason);
}

/**
 * A PNG walked chunk by chunk: signature, IHDR first (its size is what a decoder allocates),
 * at least one IDAT, and IEND, every chunk inside the file. CRCs are not checked (browsers
 * tolerate bad ones); bytes after IEND are ignored, as decoders do.
 */
function pngStructure(bytes: Buffer): PictureSize[] {
  if (bytes.length < 8 || !bytes.subarray(0, 8).equals(PNG_SIGNATURE)) {
    fail('the PNG signature is missing');
  }
  let offset = 8;
  let size: PictureSize | undefined;
  let data = false;
  for (let chunks = 1; offset + 8 <= bytes.length; chunks += 1) {
    if (chunks > MAX_PNG_CHUNKS) fail(`the PNG has more than ${MAX_PNG_CHUNKS} chunks`);
    const length = bytes.readUInt32BE(offset);
    const type = bytes.toString('latin1', offset + 4, offset + 8);
    const end = offset + 12 + length;
    if (end > bytes.length) fail(`the PNG is cut short (in its ${type} chunk)`);
    if (size === undefined) {
      if (type !== 'IHDR' || length !== 13) fail('the PNG does not start with its header (IHDR)');
      size = { width: bytes.readUInt32BE(offset + 8), height: bytes.readUInt32BE(offset + 12) };
    } else if (type === 'IDAT') {
      data = true;
    } else if (type === 'IEND') {
      if (!data) fail('the PNG has no image data (IDAT)');
      return [size];
    }
    offset = end;
  }
  return fail('the PNG is cut short (no IEND chunk)');
}

/** Start-of-frame markers that carry the image size (not DHT 0xC4, JPG 0xC8, DAC 0xCC). */
function isStartOfFrame(marker: number): boolean {
  return marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
}

/**
 * A JPEG walked segment by segment: SOI, a start of frame (the size), the entropy-coded data
 * after each start of scan, and EOI at the end.
 */
function jpegStructure(bytes: Buffer): PictureSize[] {
  if (bytes.length < 4 || bytes[0] !== 0xff || bytes[1] !== 0xd8) fail('the JPEG has no start');
  let offset = 2;
  let size: PictureSize | undefined;
  while (offset < bytes.length) {
    if (bytes[offset] !== 0xff)
      fail('the JPEG is damaged (a segment does not start with a marker)');
    const marker = bytes[offset + 1];
    if (marker === undefined) break;
    if (marker === 0xff) {
      offset += 1; // fill byte
      continue;
    }
    if (marker === 0xd9) {
      if (!size) fail('the JPEG has no frame header (SOF)');
      return [size];
    }
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      offset += 2; // markers without a length
      continue;
    }
    if (offset + 4 > bytes.length) break;
    const length = bytes.readUInt16BE(offset + 2);
    if (length < 2) fail('the JPEG is damaged (a segment length is wrong)');
    const end = offset + 2 + length;
    if (end > bytes.length) break;
    if (isStartOfFrame(marker)) {
      if (length < 7) fail('the JPEG frame header is damaged');
      size = { height: bytes.readUInt16BE(offset + 5), width: bytes.readUInt16BE(offset + 7) };
    }
    offset = end;
    if (marker === 0xda) {
      // Entropy-coded data runs to the next marker that is not a stuffed 0xFF00 or a restart.
      while (offset + 1 < bytes.length) {
        if (bytes[offset] === 0xff) {
          const next = bytes[offset + 1]!;
          if (next !== 0x00 && !(next >= 0xd0 && next <= 0xd7) && next !== 0xff) break;
        }
        offset += 1;
      }
      if (offset + 1 >= bytes.length) break;
    }
  }
  return fail('the JPEG is cut short (no end of image marker)');
}

/** Skips GIF data sub-blocks (length byte, data) up to the zero-length terminator. */
function skipSubBlocks(bytes: Buffer, start: number): number {
  let offset = start;
  for (;;) {
    const length = bytes[offset];
    if (length === undefined) fail('the GIF is cut short');
    offset += 1 + length;
    if (length === 0) return offset;
  }
}

/** A GIF walked block by block: header, screen, every frame, up to the trailer (0x3B). */
function gifStructure(bytes: Buffer): PictureSize[] {
  const signature = bytes.toString('latin1', 0, 6);
  if (signature !== 'GIF87a' && signature !== 'GIF89a') fail('the GIF signature is missing');
  if (bytes.length < 13) fail('the GIF is cut short');
  const sizes: PictureSize[] = [{ width: bytes.readUInt16LE(6), height: bytes.readUInt16LE(8) }];
  const flags = bytes[10]!;
  let offset = 13 + (flags & 0x80 ? 3 * 2 ** ((flags & 0x07) + 1) : 0);
  let frames = 0;
  while (offset < bytes.length) {
    const block = bytes[offset];
    if (block === 0x3b) {
      if (frames === 0) fail('the GIF has no image');
      return sizes;
    }
    if (block === 0x21) {
      offset = skipSubBlocks(bytes, offset + 2);
    } else if (block === 0x2c) {
      if (offset + 10 > bytes.length) break;
      sizes.push({ width: bytes.readUInt16LE(offset + 5), height: bytes.readUInt16LE(offset + 7) });
      const local = bytes[offset + 9]!;
      offset += 10 + (local & 0x80 ? 3 * 2 ** ((local & 0x07) + 1) : 0);
      offset = skipSubBlocks(bytes, offset + 1); // after the LZW minimum code size
      frames += 1;
    } else {
      fail('the GIF is damaged (an unknown block)');
    }
  }
  return fail('the GIF is cut short (no trailer)');
}

/**
 * A WebP: the RIFF container's size matches the file, its chunks fit in it, and the canvas
 * size comes from VP8X, or from the VP8/VP8L bitstream header of a simple file.
 */
function webpStructure(bytes: Buffer): PictureSize[] {
  if (
    bytes.length < 20 ||
    bytes.toString('latin1', 0, 4) !== 'RIFF' ||
    bytes.toString('latin1', 8, 12) !== 'WEBP'
  ) {
    fail('the WebP header is missing');
  }
  const end = 8 + bytes.readUInt32LE(4);
  if (end > bytes.length) fail('the WebP is cut short');
  let offset = 12;
  let size: PictureSize | undefined;
  let image = false;
  while (offset + 8 <= end) {
    const type = bytes.toString('latin1', offset, offset + 4);
    const length = bytes.readUInt32LE(offset + 4);
    const data = offset + 8;
    if (data + length > end) fail(`the WebP is cut short (in its ${type.trim()} chunk)`);
    if (type === 'VP8X' && length >= 10) {
      size = {
        width: bytes.readUIntLE(data + 4, 3) + 1,
        height: bytes.readUIntLE(data + 7, 3) + 1,
      };
    } else if (type === 'VP8 ' && length >= 10) {
      if (bytes[data + 3] !== 0x9d || bytes[data + 4] !== 0x01 || bytes[data + 5] !== 0x2a) {
        fail('the WebP image data is damaged');
      }
      size ??= {
        width: bytes.readUInt16LE(data + 6) & 0x3fff,
        height: bytes.readUInt16LE(data + 8) & 0x3fff,
      };
      image = true;
    } else if (type === 'VP8L' && length >= 5) {
      if (bytes[data] !== 0x2f) fail('the WebP image data is damaged');
      const bits = bytes.readUInt32LE(data + 1);
      size ??= { width: (bits & 0x3fff) + 1, height: ((bits >>> 14) & 0x3fff) + 1 };
      image = true;
    } else if (type === 'ANMF') {
      image = true;
    }
    offset = data + length + (length % 2);
  }
  if (!size || !image) fail('the WebP has no image data');
  return [size];
}

/**
 * An AVIF (ISO base media file): its top-level boxes fill the file exactly, with `ftyp`, `meta`
 * and `mdat`; the size is the one `ispe` declares (read by image-size).
 */
function avifStructure(bytes: Buffer): PictureSize[] {
  let offset = 0;
  const seen = new Set<string>();
  while (offset < bytes.length) {
    if (offset + 8 > bytes.length) fail('the AVIF is cut short');
    let length = bytes.readUInt32BE(offset);
    const type = bytes.toString('latin1', offset + 4, offset + 8);
    if (length === 1) {
      if (offset + 16 > bytes.length) fail('the AVIF is cut short');
      length = Number(bytes.readBigUInt64BE(offset + 8));
    } else if (length === 0) {
      length = bytes.length - offset;
    }
    if (length < 8 || offset + length > bytes.length) fail(`the AVIF is cut short (in ${type})`);
    seen.add(type);
    offset += length;
  }
  for (const box of ['ftyp', 'meta', 'mdat']) {
    if (!seen.has(box)) fail(`the AVIF has no ${box} box`);
  }
  let declared: { width?: number; height?: number };
  try {
    declared = imageSize(bytes);
  } catch {
    return fail('the AVIF does not declare its size');
  }
  return [{ width: declared.width ?? 0, height: declared.height ?? 0 }];
}

/**
 * The ICO directory's images as byte ranges, after checking that each lies inside the file,
 * after the directory, and that no two share a byte: each byte of the file is then read by at
 * most one image's check, so the work is bounded by the file's size, whatever the directory says.
 */
function icoRanges(
  bytes: Buffer,
  count: number,
): { start: number; length: number; index: number }[] {
  const directoryEnd = 6 + 16 * count;
  const ranges = Array.from({ length: count }, (_, index) => {
    const entry = 6 + 16 * index;
    const length = bytes.readUInt32LE(entry + 8);
    const start = bytes.readUInt32LE(entry + 12);
    if (length === 0 || start + length > bytes.length) {
      fail(`the ICO is cut short (image ${index + 1} lies outside the file)`);
    }
    if (start < directoryEnd) fail(`the ICO's image ${index + 1} starts inside its directory`);
    return { start, length, index };
  });
  const sorted = [...ranges].sort((a, b) => a.start - b.start);
  for (let i = 1; i < sorted.length; i += 1) {
    const previous = sorted[i - 1]!;
    if (sorted[i]!.start < previous.start + previous.length) {
      fail(`the ICO's images ${previous.index + 1} and ${sorted[i]!.index + 1} use the same bytes`);
    }
  }
  return ranges;
}

/**
 * An ICO: every directory entry's image lies inside the file, apart from the others, and its
 * size is the one a browser decodes: the embedded PNG's header (the whole PNG is checked), or
 * the bitmap header (whose height counts the image and its mask), never only the directory's.
 */
function icoStructure(bytes: Buffer): PictureSize[] {
  if (bytes.length < 6 || bytes.readUInt16LE(0) !== 0 || bytes.readUInt16LE(2) !== 1) {
    fail('the ICO header is missing');
  }
  const count = bytes.readUInt16LE(4);
  if (count === 0) fail('the ICO has no image');
  if (count > MAX_ICO_IMAGES) {
    fail(`the ICO lists ${count} images; at most ${MAX_ICO_IMAGES} are accepted`);
  }
  if (6 + 16 * count > bytes.length) fail('the ICO is cut short (in its directory)');
  const sizes: PictureSize[] = [];
  for (const { start, length, index } of icoRanges(bytes, count)) {
    const image = bytes.subarray(start, start + length);
    if (image.subarray(0, 8).equals(PNG_SIGNATURE)) {
      sizes.push(...pngStructure(image));
      continue;
    }
    if (image.length < 40 || image.readUInt32LE(0) < 40) {
      fail(`the ICO's image ${index + 1} is neither a PNG nor a bitmap`);
    }
    const width = Math.abs(image.readInt32LE(4));
    const height = Math.abs(image.readInt32LE(8)) / 2;
    const bitCount = image.readUInt16LE(14);
    const colours = image.readUInt32LE(32);
    const palette = bitCount <= 8 ? (colours || 2 ** bitCount) * 4 : 0;
    const stride = Math.ceil((width * bitCount) / 32) * 4;
    if (image.readUInt32LE(0) + palette + stride * height > image.length) {
      fail(`the ICO's image ${index + 1} is cut short`);
    }
    sizes.push({ width, height });
  }
  return sizes;
}

const STRUCTURES: Record<Exclude<ImageType, 'image/svg+xml'>, (bytes: Buffer) => PictureSize[]> = {
  'image/png': pngStructure,
  'image/jpeg': jpegStructure,
  'image/gif': gifStructure,
  'image/webp': webpStructure,
  'image/avif': avifStructure,
  'image/x-icon': icoStructure,
};

/**
 * The sizes of the pictures a browser would decode from a raster image, read from the headers
 * (nothing is decoded), after checking that the file is complete: a cut or padded header, or an
 * ICO directory that lies about its images, is an IncompleteImageError.
 */
export function rasterStructure(
  bytes: Buffer,
  type: Exclude<ImageType, 'image/svg+xml'>,
): PictureSize[] {
  const sizes = STRUCTURES[type](bytes);
  for (const { width, height } of sizes) {
    if (!(width > 0 && height > 0)) fail(`the image declares a size of ${width} × ${height}`);
  }
  return sizes;
}
