import { fallbackLocale, type Translate } from '../i18n.js';

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

/** Why a chosen file cannot be a logo (in the language of `t`), or null when it may be sent. */
export function logoProblem(file: File, t: Translate = fallbackLocale.t): string | null {
  const byName = /\.(png|jpe?g|gif|webp|avif|ico|svg)$/i.test(file.name);
  if (!(LOGO_TYPES as readonly string[]).includes(file.type) && !byName) {
    return t('admin.logo.notImage', { file: file.name });
  }
  if (file.size > LOGO_MAX_BYTES) {
    return t('admin.logo.tooBig', {
      file: file.name,
      size: Math.round((file.size / 1024 / 1024) * 10) / 10,
    });
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
