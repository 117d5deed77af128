import { randomInt } from 'node:crypto';

const ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';

/** A random record id of 15 lowercase letters and digits (about 77 bits). */
export function newRecordId(): string {
  let id = '';
  for (let i = 0; i < 15; i += 1) id += ALPHABET[randomInt(ALPHABET.length)];
  return id;
}
