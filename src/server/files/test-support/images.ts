// Small image files built byte by byte for the logo tests: complete ones, and the malformed
// variants a hostile upload would use. Structure only: no pixel data is meaningful.

/** A complete 1 × 1 PNG. */
export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);

/** A complete 1 × 1 GIF. */
export const GIF = Buffer.from(
  'R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7',
  'base64',
);

/** The PNG with its IHDR declaring another size (everything after it unchanged). */
export function pngSized(width: number, height: number): Buffer {
  const copy = Buffer.from(PNG);
  copy.writeUInt32BE(width, 16);
  copy.writeUInt32BE(height, 20);
  return copy;
}

function box(type: string, ...parts: Buffer[]): Buffer {
  const body = Buffer.concat(parts);
  const header = Buffer.alloc(8);
  header.writeUInt32BE(8 + body.length, 0);
  header.write(type, 4, 'latin1');
  return Buffer.concat([header, body]);
}

/** A JPEG's segments: SOI, a baseline frame header of the given size, one scan, EOI. */
export function jpeg(width = 2, height = 2, options: { eoi?: boolean } = {}): Buffer {
  const sof = Buffer.from([0xff, 0xc0, 0, 11, 8, 0, 0, 0, 0, 1, 1, 0x11, 0]);
  sof.writeUInt16BE(height, 5);
  sof.writeUInt16BE(width, 7);
  return Buffer.concat([
    Buffer.from([0xff, 0xd8]),
    Buffer.from([0xff, 0xe0, 0, 16, ...Buffer.from('JFIF\0'), 1, 1, 0, 0, 1, 0, 1, 0, 0]),
    sof,
    Buffer.from([0xff, 0xda, 0, 8, 1, 1, 0, 0, 0x3f, 0]),
    Buffer.from([0x12, 0x34, 0xff, 0x00, 0x56]),
    options.eoi === false ? Buffer.alloc(0) : Buffer.from([0xff, 0xd9]),
  ]);
}

/** A lossless WebP (VP8L) of the given size; `riffSize` overrides the container's size field. */
export function webp(width = 2, height = 2, options: { riffSize?: number } = {}): Buffer {
  const vp8l = Buffer.alloc(10);
  vp8l[0] = 0x2f;
  vp8l.writeUInt32LE(((width - 1) & 0x3fff) | (((height - 1) & 0x3fff) << 14), 1);
  const chunk = Buffer.concat([Buffer.from('VP8L'), Buffer.alloc(4), vp8l]);
  chunk.writeUInt32LE(vp8l.length, 4);
  const head = Buffer.concat([Buffer.from('RIFF'), Buffer.alloc(4), Buffer.from('WEBP')]);
  head.writeUInt32LE(options.riffSize ?? 4 + chunk.length, 4);
  return Buffer.concat([head, chunk]);
}

/** An AVIF's boxes: ftyp, meta with the image size (ispe), mdat. */
export function avif(width = 2, height = 2, options: { mdat?: boolean } = {}): Buffer {
  const ispe = Buffer.alloc(12);
  ispe.writeUInt32BE(width, 4);
  ispe.writeUInt32BE(height, 8);
  const ftyp = box('ftyp', Buffer.from('avif'), Buffer.alloc(4), Buffer.from('avifmif1miaf'));
  const meta = box(
    'meta',
    Buffer.alloc(4),
    box('hdlr', Buffer.alloc(8), Buffer.from('pict'), Buffer.alloc(13)),
    box('iprp', box('ipco', box('ispe', ispe))),
  );
  const parts = [ftyp, meta];
  if (options.mdat !== false) parts.push(box('mdat', Buffer.from([1, 2, 3, 4])));
  return Buffer.concat(parts);
}

/** A bitmap as stored in an ICO: BITMAPINFOHEADER (height doubled for the mask) and pixels. */
export function icoBitmap(width: number, height: number, pixelBytes?: number): Buffer {
  const header = Buffer.alloc(40);
  header.writeUInt32LE(40, 0);
  header.writeInt32LE(width, 4);
  header.writeInt32LE(height * 2, 8);
  header.writeUInt16LE(1, 12);
  header.writeUInt16LE(32, 14);
  const pixels = pixelBytes ?? width * height * 4 + Math.ceil(width / 32) * 4 * height;
  return Buffer.concat([header, Buffer.alloc(pixels)]);
}

/**
 * An ICO holding the given images, each announced in the directory as `listed` pixels (0 means
 * 256): the directory says one thing, the images themselves another.
 */
export function ico(images: Buffer[], listed = 16): Buffer {
  const header = Buffer.alloc(6);
  header.writeUInt16LE(1, 2);
  header.writeUInt16LE(images.length, 4);
  const directory = Buffer.alloc(16 * images.length);
  let offset = 6 + directory.length;
  images.forEach((image, index) => {
    const entry = 16 * index;
    directory[entry] = listed;
    directory[entry + 1] = listed;
    directory.writeUInt16LE(1, entry + 4);
    directory.writeUInt16LE(32, entry + 6);
    directory.writeUInt32LE(image.length, entry + 8);
    directory.writeUInt32LE(offset, entry + 12);
    offset += image.length;
  });
  return Buffer.concat([header, directory, ...images]);
}

/** A PNG padded with `chunks` empty ancillary chunks before its IEND (each 12 bytes). */
export function pngPadded(chunks: number): Buffer {
  const empty = Buffer.alloc(12);
  empty.write('tEXt', 4, 'latin1');
  return Buffer.concat([
    PNG.subarray(0, PNG.length - 12),
    ...Array.from({ length: chunks }, () => empty),
    PNG.subarray(PNG.length - 12),
  ]);
}

/**
 * An ICO whose `entries` directory entries all point at the one image after the directory:
 * the directory repeats a range instead of listing images of their own.
 */
export function icoRepeating(image: Buffer, entries: number): Buffer {
  const header = Buffer.alloc(6);
  header.writeUInt16LE(1, 2);
  header.writeUInt16LE(entries, 4);
  const directory = Buffer.alloc(16 * entries);
  for (let index = 0; index < entries; index += 1) {
    const entry = 16 * index;
    directory.writeUInt16LE(1, entry + 4);
    directory.writeUInt16LE(32, entry + 6);
    directory.writeUInt32LE(image.length, entry + 8);
    directory.writeUInt32LE(6 + directory.length, entry + 12);
  }
  return Buffer.concat([header, directory, image]);
}
