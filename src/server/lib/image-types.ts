/**
 * The logo image types the portal accepts, stores and serves, and the extension each is stored
 * and served as: the one map of MIME types and file extensions on the server.
 */
export const IMAGE_TYPES = {
  'image/png': '.png',
  'image/jpeg': '.jpg',
  'image/gif': '.gif',
  'image/webp': '.webp',
  'image/avif': '.avif',
  'image/x-icon': '.ico',
  'image/svg+xml': '.svg',
} as const;

export type ImageType = keyof typeof IMAGE_TYPES;

/** Other names of the same types, as byte sniffers report them. */
const ALIASES: Record<string, ImageType> = { 'image/vnd.microsoft.icon': 'image/x-icon' };
/** Other extensions of the same types, as files on disk are named. */
const EXTENSION_ALIASES: Record<string, ImageType> = { '.jpeg': 'image/jpeg' };

/** The portal's name of a MIME type (aliases folded), or undefined when it is not an image type. */
export function imageTypeOf(mime: string): ImageType | undefined {
  const type = ALIASES[mime] ?? mime;
  return Object.hasOwn(IMAGE_TYPES, type) ? (type as ImageType) : undefined;
}

/** The image type of a file extension (`.png`, `.jpeg`...), or undefined. */
export function imageTypeOfExtension(extension: string): ImageType | undefined {
  const lower = extension.toLowerCase();
  const found = Object.entries(IMAGE_TYPES).find(([, ext]) => ext === lower)?.[0];
  return (found as ImageType | undefined) ?? EXTENSION_ALIASES[lower];
}

/** Every extension a logo file may have on disk. */
export const IMAGE_EXTENSIONS: readonly string[] = [
  ...Object.values(IMAGE_TYPES),
  ...Object.keys(EXTENSION_ALIASES),
];
