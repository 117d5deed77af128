import { describe, expect, it } from 'vitest';
import { IncompleteImageError, rasterStructure } from './image-structure.js';
import {
  avif,
  GIF,
  ico,
  icoBitmap,
  icoRepeating,
  jpeg,
  PNG,
  pngPadded,
  pngSized,
  webp,
} from './test-support/images.js';

type RasterType = Parameters<typeof rasterStructure>[1];

/** The file is refused as incomplete, for the reason given. */
function expectRefused(bytes: Buffer, type: RasterType, reason: RegExp): void {
  let error: unknown;
  try {
    rasterStructure(bytes, type);
  } catch (caught) {
    error = caught;
  }
  expect(error).toBeInstanceOf(IncompleteImageError);
  expect((error as IncompleteImageError).reason).toMatch(reason);
}

describe('rasterStructure: the sizes a browser would decode, from complete files only', () => {
  it.each<[string, Buffer, RasterType, { width: number; height: number }[]]>([
    ['a PNG', PNG, 'image/png', [{ width: 1, height: 1 }]],
    [
      'a PNG with bytes after IEND',
      Buffer.concat([PNG, Buffer.from('trailing')]),
      'image/png',
      [{ width: 1, height: 1 }],
    ],
    ['a JPEG', jpeg(3, 2), 'image/jpeg', [{ width: 3, height: 2 }]],
    [
      'a GIF (screen and frame)',
      GIF,
      'image/gif',
      [
        { width: 1, height: 1 },
        { width: 1, height: 1 },
      ],
    ],
    ['a WebP', webp(5, 7), 'image/webp', [{ width: 5, height: 7 }]],
    ['an AVIF', avif(3, 4), 'image/avif', [{ width: 3, height: 4 }]],
    [
      'an ICO of a PNG: the PNG header, not the directory',
      ico([PNG], 16),
      'image/x-icon',
      [{ width: 1, height: 1 }],
    ],
    [
      'an ICO of a bitmap: half the bitmap height (image and mask)',
      ico([icoBitmap(16, 16)]),
      'image/x-icon',
      [{ width: 16, height: 16 }],
    ],
  ])('reads %s', (_name, bytes, type, sizes) => {
    expect(rasterStructure(bytes, type)).toEqual(sizes);
  });

  it('reads the size an ICO really holds: an embedded 30000 × 30000 PNG listed as 16 × 16', () => {
    expect(rasterStructure(ico([pngSized(30000, 30000)], 16), 'image/x-icon')).toEqual([
      { width: 30000, height: 30000 },
    ]);
  });

  it.each<[string, Buffer, RasterType, RegExp]>([
    ['a PNG cut to 20 bytes', PNG.subarray(0, 20), 'image/png', /cut short/],
    [
      'a PNG cut to 24 bytes (signature and half an IHDR)',
      PNG.subarray(0, 24),
      'image/png',
      /cut short/,
    ],
    ['a PNG without IEND', PNG.subarray(0, PNG.length - 12), 'image/png', /no IEND/],
    ['a PNG declaring 2 × 0', pngSized(2, 0), 'image/png', /2 × 0/],
    [
      'a PNG without image data',
      Buffer.concat([PNG.subarray(0, 33), PNG.subarray(PNG.length - 12)]),
      'image/png',
      /no image data/,
    ],
    [
      'a PNG whose first chunk is not IHDR',
      Buffer.concat([PNG.subarray(0, 8), PNG.subarray(33)]),
      'image/png',
      /IHDR/,
    ],
    ['a JPEG without EOI', jpeg(2, 2, { eoi: false }), 'image/jpeg', /cut short/],
    ['a JPEG cut inside its frame header', jpeg().subarray(0, 24), 'image/jpeg', /cut short/],
    ['a JPEG without a frame header', Buffer.from([0xff, 0xd8, 0xff, 0xd9]), 'image/jpeg', /SOF/],
    ['a GIF without its trailer', GIF.subarray(0, GIF.length - 1), 'image/gif', /cut short/],
    [
      'a GIF without an image',
      Buffer.concat([GIF.subarray(0, 13 + 6), Buffer.from([0x3b])]),
      'image/gif',
      /no image/,
    ],
    [
      'a WebP whose RIFF size exceeds the file',
      webp(2, 2, { riffSize: 4000 }),
      'image/webp',
      /cut short/,
    ],
    [
      'a WebP cut inside its chunk',
      webp(2, 2, { riffSize: 30 }).subarray(0, 24),
      'image/webp',
      /cut short/,
    ],
    ['an AVIF cut inside a box', avif().subarray(0, avif().length - 2), 'image/avif', /cut short/],
    ['an AVIF without mdat', avif(2, 2, { mdat: false }), 'image/avif', /no mdat/],
    [
      'an ICO whose image lies past the end',
      ico([PNG]).subarray(0, 40),
      'image/x-icon',
      /outside the file/,
    ],
    [
      'an ICO whose PNG is cut short',
      ico([PNG.subarray(0, PNG.length - 12)]),
      'image/x-icon',
      /no IEND/,
    ],
    [
      'an ICO whose bitmap is cut short',
      ico([icoBitmap(64, 64, 100)]),
      'image/x-icon',
      /cut short/,
    ],
    ['an ICO with no image', ico([]), 'image/x-icon', /no image/],
  ])('refuses %s', (_name, bytes, type, reason) => {
    expectRefused(bytes, type, reason);
  });

  // The work is bounded by the file, not by what its directory says: an ICO of 65,535 entries
  // that all point at one PNG padded with empty chunks (about 2 MiB) would have been walked once
  // per entry, minutes on the thread that answers requests.
  describe('bounds the work by the file, not by the directory', () => {
    const overlapping = (first: Buffer, second: Buffer, overlap: number): Buffer => {
      const bytes = ico([first, second]);
      const entry = 6 + 16;
      bytes.writeUInt32LE(bytes.readUInt32LE(entry + 12) - overlap, entry + 12);
      return bytes;
    };

    it.each<[string, Buffer, RegExp]>([
      ['an ICO whose two entries are one range', icoRepeating(PNG, 2), /same bytes/],
      [
        'an ICO of 65,535 entries pointing at one padded PNG',
        icoRepeating(pngPadded(10_000), 65_535),
        /65535 images/,
      ],
      ['an ICO listing 65 images', ico(Array.from({ length: 65 }, () => PNG)), /65 images/],
      ['an ICO whose images overlap', overlapping(PNG, PNG, 10), /same bytes/],
      [
        'an ICO whose image starts inside its directory',
        (() => {
          const bytes = ico([PNG]);
          bytes.writeUInt32LE(10, 6 + 12);
          return bytes;
        })(),
        /directory/,
      ],
      ['a PNG of more than 10,000 chunks', pngPadded(10_001), /chunks/],
    ])('refuses %s', (_name, bytes, reason) => {
      expectRefused(bytes, bytes[0] === 0x89 ? 'image/png' : 'image/x-icon', reason);
    });

    it('still reads an ICO of 64 distinct images and a PNG of 10,000 chunks', () => {
      expect(
        rasterStructure(ico(Array.from({ length: 64 }, () => PNG)), 'image/x-icon'),
      ).toHaveLength(64);
      expect(rasterStructure(pngPadded(9_997), 'image/png')).toEqual([{ width: 1, height: 1 }]);
    });
  });
});
