import { createHash, randomBytes } from 'node:crypto';
import { audited } from '../audit/unit-of-work.js';
import type { Db } from '../db/database.js';
import type { Trx } from '../audit/unit-of-work.js';

/** How long an unsubscribe link works (RFC 8058 asks for a long life: mails are read late). */
export const UNSUBSCRIBE_TTL_MS = 60 * 24 * 3_600_000;

/** What a use of a token did. */
export type UnsubscribeOutcome = 'unsubscribed' | 'already' | 'invalid' | 'expired';

/** A token as given: 32 random bytes, base64url. Anything else is refused unread. */
const TOKEN = /^[A-Za-z0-9_-]{43}$/;

export function tokenDigest(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}

/** A new token for one mail, and the row that keeps its digest (never the token). */
export function newUnsubscribeToken(userSubject: string, at: number) {
  const token = randomBytes(32).toString('base64url');
  const row = {
    digest: tokenDigest(token),
    userSubject,
    createdAt: at,
    expiresAt: at + UNSUBSCRIBE_TTL_MS,
    usedAt: null,
  };
  return { token, row };
}

/** A new token for one mail, stored as its digest in `trx` (the mail's own transaction). */
export async function issueUnsubscribeToken(
  trx: Trx,
  userSubject: string,
  at: number,
): Promise<string> {
  const { token, row } = newUnsubscribeToken(userSubject, at);
  await trx.insertInto('notifyTokens').values(row).execute();
  return token;
}

/** What a token is now, without changing anything (the GET page). */
export async function checkUnsubscribeToken(
  db: Db,
  token: string,
  at: number,
): Promise<UnsubscribeOutcome | 'valid'> {
  if (!TOKEN.test(token)) return 'invalid';
  const row = await db
    .selectFrom('notifyTokens')
    .selectAll()
    .where('digest', '=', tokenDigest(token))
    .executeTakeFirst();
  if (!row) return 'invalid';
  if (row.usedAt !== null) return 'already';
  if (Number(row.expiresAt) <= at) return 'expired';
  return 'valid';
}

/**
 * Uses a token (POST /unsubscribe): the person's e-mail channel is turned off, audited
 * (`unsubscribe`, by the person), and the token marked used, all in one transaction. A forged,
 * unknown or expired token changes nothing; a used one answers `already`.
 */
export async function useUnsubscribeToken(
  db: Db,
  token: string,
  at: number,
  stamp: string,
): Promise<UnsubscribeOutcome> {
  const state = await checkUnsubscribeToken(db, token, at);
  if (state !== 'valid') return state;
  const digest = tokenDigest(token);
  const row = await db
    .selectFrom('notifyTokens')
    .leftJoin('kcUsers', 'kcUsers.subject', 'notifyTokens.userSubject')
    .select(['notifyTokens.userSubject as subject', 'kcUsers.username'])
    .where('digest', '=', digest)
    .executeTakeFirstOrThrow();
  const actor = { subject: row.subject, username: row.username ?? row.subject };
  return audited(db, { actor, at: stamp }, async ({ trx, audit }) => {
    const used = await trx
      .updateTable('notifyTokens')
      .set({ usedAt: at })
      .where('digest', '=', digest)
      .where('usedAt', 'is', null)
      .executeTakeFirst();
    // Used at the same moment by another request (a mail client and its scanner): that one did it.
    if (Number(used.numUpdatedRows) !== 1) return 'already';
    const changed = await trx
      .updateTable('subscriptions')
      .set({ emailChannel: 0, updated: stamp })
      .where('userSubject', '=', row.subject)
      .where('emailChannel', '=', 1)
      .executeTakeFirst();
    if (Number(changed.numUpdatedRows) === 0) return 'already';
    await audit({
      action: 'unsubscribe',
      appId: null,
      before: { emailChannel: true },
      after: { emailChannel: false, via: 'unsubscribe link' },
    });
    return 'unsubscribed';
  });
}
