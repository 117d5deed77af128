import type { Actor } from '../../shared/api/admin-schemas.js';

/** The actor of a change: who is signed in, by subject, named by username (else the subject). */
export function actorOf(who: { subject: string; username: string }): Actor {
  return { subject: who.subject, username: who.username || who.subject };
}
