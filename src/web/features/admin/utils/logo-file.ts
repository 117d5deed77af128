/** What the server takes as a logo (docs/admin.md); it checks the bytes, this only the label. */
export const LOGO_TYPES = [
  'image/png',
  'image/jpeg',
  'image/gif',
  'image/webp',
  'image/avif',
  'image/x-icon',
  'image/vnd.microsoft.icon',
  'image/svg+xml',
] as const;
export const LOGO_MAX_BYTES = 2 * 1024 * 1024;
export const LOGO_ACCEPT = [...LOGO_TYPES, '.ico', '.svg'].join(',');

/** Why a chosen file cannot be a logo, or null when it may be sent. */
export function logoProblem(file: File): string | null {
  const byName = /\.(png|jpe?g|gif|webp|avif|ico|svg)$/i.test(file.name);
  if (!(LOGO_TYPES as readonly string[]).includes(file.type) && !byName) {
    return `"${file.name}" is not a PNG, JPEG, GIF, WebP, AVIF, ICO or SVG image.`;
  }
  if (file.size > LOGO_MAX_BYTES) {
    return `"${file.name}" is ${(file.size / 1024 / 1024).toFixed(1)} MiB; a logo may be at most 2 MiB.`;
  }
  return null;
}

/** The file as a data: URL, for the preview (the portal's CSP allows data: images). */
export function readAsDataUrl(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read.'));
    reader.readAsDataURL(file);
  });
}
