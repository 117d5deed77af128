import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes } from 'node:crypto';

/** A random secret of 256 bits, URL-safe: session ids, sign-in flow keys. */
export function newSecret(): string {
  return randomBytes(32).toString('base64url');
}

/** What the database keeps instead of a secret: its SHA-256, so a leaked table opens nothing. */
export function digest(secret: string): string {
  return createHash('sha256').update(secret, 'utf8').digest('base64url');
}

function keyFor(secret: string): Buffer {
  return Buffer.from(hkdfSync('sha256', secret, 'app-portal', 'session tokens v1', 32));
}

/**
 * Encrypts the session's tokens with a key derived from the session id itself (AES-256-GCM).
 * Only the browser holding the cookie can unlock them; the database alone holds no usable
 * token.
 */
export function seal(secret: string, plaintext: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyFor(secret), iv);
  const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return ['v1', iv, body, cipher.getAuthTag()]
    .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
    .join('.');
}

/** Reverses `seal`; throws when the secret is wrong or the data was altered. */
export function unseal(secret: string, sealed: string): string {
  const [version, iv, body, tag] = sealed.split('.');
  if (version !== 'v1' || !iv || body === undefined || !tag) throw new Error('unknown format');
  const decipher = createDecipheriv('aes-256-gcm', keyFor(secret), Buffer.from(iv, 'base64url'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([
    decipher.update(Buffer.from(body, 'base64url')),
    decipher.final(),
  ]).toString('utf8');
}
