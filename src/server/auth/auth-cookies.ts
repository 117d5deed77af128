import type { CookieSerializeOptions } from '@fastify/cookie';
import { SIGN_ON_STATE_TTL_MS } from './sign-in.service.js';

export interface AuthCookie {
  name: string;
  options: CookieSerializeOptions;
}

export interface AuthCookies {
  /** The portal session: a random id, HttpOnly, for this browser session. */
  session: AuthCookie;
  /** Ties a sign-in callback to the browser that started it (login CSRF protection). */
  signIn: AuthCookie;
  /**
   * The same for the silent check, apart: on a first visit both start without a key, and the
   * check, answered after a "Sign in" click, would otherwise replace the key of the sign-in.
   */
  silentSignIn: AuthCookie;
}

/**
 * Cookie names and flags: HttpOnly, SameSite=Lax (sent on the provider's redirect back, not on
 * cross-site posts), path `/`, and Secure with the `__Host-` prefix when the portal is https.
 */
export function authCookies(publicUrl: string): AuthCookies {
  const secure = new URL(publicUrl).protocol === 'https:';
  const prefix = secure ? '__Host-' : '';
  const base: CookieSerializeOptions = { httpOnly: true, sameSite: 'lax', secure, path: '/' };
  return {
    session: { name: `${prefix}portal_session`, options: base },
    signIn: {
      name: `${prefix}portal_signin`,
      options: { ...base, maxAge: SIGN_ON_STATE_TTL_MS / 1000 },
    },
    silentSignIn: {
      name: `${prefix}portal_signin_silent`,
      options: { ...base, maxAge: SIGN_ON_STATE_TTL_MS / 1000 },
    },
  };
}
