import { randomNonce, randomPKCECodeVerifier, calculatePKCECodeChallenge } from 'openid-client';
import { decodeJwt } from 'jose';
import {
  IdpRefusedError,
  IdpUnavailableError,
  type OidcClient,
  type TokenSet,
} from './oidc-client.js';
import { principalFromClaims, type Principal } from './principal.js';
import { digest, newSecret, seal, unseal } from './secrets.js';
import type { SessionsRepository } from './sessions.repository.js';
import type { SessionRow } from './sessions.table.js';

/** Sign-on state is kept at most this long (docs/auth.md: 60 minutes). */
export const SIGN_ON_STATE_TTL_MS = 60 * 60 * 1000;
/** A portal session ends after this long whatever happens; signing in again is silent. */
export const SESSION_MAX_AGE_MS = 12 * 60 * 60 * 1000;
/** Refresh this long before the access token expires, so it is never used at its last second. */
const REFRESH_EARLY_MS = 30 * 1000;
/** Within this long before expiry, a request starts a refresh in the background. */
const REFRESH_AHEAD_MS = 60 * 1000;
/** How long a request waits for a refresh of an expired token before going on without it. */
export const REFRESH_WAIT_MS = 2000;
/** Back-off after the provider failed a refresh: doubles from the first to the last. */
const BACKOFF_FIRST_MS = 5000;
const BACKOFF_MAX_MS = 60 * 1000;
/** When the provider does not say how long an access token lives. */
const DEFAULT_ACCESS_TOKEN_MS = 5 * 60 * 1000;

export type SignInMode = 'login' | 'silent';

export type SignInFailure =
  /** No state, or a state never issued or already used (replay, forgery). */
  | 'unknown_state'
  /** The state is older than 60 minutes. */
  | 'expired'
  /** The callback did not come from the browser that started the sign-in. */
  | 'other_browser'
  /** The provider refused (`code` says why: login_required, access_denied, invalid_grant...). */
  | 'refused'
  /** The provider is unreachable or failing. */
  | 'unavailable';

/** Why a callback created no session. Carries the mode and return path of the sign-in, if known. */
export class SignInError extends Error {
  constructor(
    readonly failure: SignInFailure,
    readonly mode: SignInMode | undefined,
    readonly returnTo: string,
    readonly code?: string,
    options?: { cause?: unknown },
  ) {
    super(`sign-in failed: ${failure}${code ? ` (${code})` : ''}`, options);
    this.name = 'SignInError';
  }
}

/**
 * What a session keeps of the provider's tokens. Not the ID token: the portal reads its claims
 * once, at sign-in, and sign-out names the client instead of sending it (an ID token in a URL
 * lands in history and logs, and some verifiers would take it as a bearer token).
 */
interface StoredTokens {
  accessToken: string;
  refreshToken?: string;
}

/** What a session cookie resolves to. */
export type ResumedSession =
  | { status: 'active'; principal: Principal }
  /** Unknown, expired, or ended because the provider refused a refresh: clear the cookie. */
  | { status: 'ended' }
  /** The access token expired and the provider cannot be reached: anonymous for now. */
  | { status: 'unavailable' };

export interface SignInDeps {
  oidc: OidcClient;
  sessions: SessionsRepository;
  groupsClaim: string;
  now: () => number;
  /** Writes the user record from the principal (after sign-in and after each refresh). */
  syncUser: (principal: Principal) => Promise<void>;
  onWarning?: (message: string, error?: unknown) => void;
  /** Says why a session ended (logged at info; never a token or a claim value). */
  onSessionEnded?: (reason: string) => void;
  /** How long a request waits for a refresh (tests shorten it). */
  refreshWaitMs?: number;
  /** Told about the claims of every sign-in and refresh (to report a missing groups claim). */
  onClaims?: (claims: Record<string, unknown>) => void;
  /** Sign-ins under way kept per client address; a newer one replaces the oldest. */
  pendingPerClient?: number;
  /** Sign-ins under way kept in total; beyond it the oldest are dropped. */
  pendingMax?: number;
}

/**
 * Claims for the principal: those of the ID token (validated by openid-client) and, when the
 * access token is a JWT for the same subject, those it adds (Keycloak puts realm roles only
 * there). Both come straight from the provider's token endpoint over a connection the server
 * opened itself, never from the browser.
 */
function claimsOf(tokens: TokenSet): Record<string, unknown> | undefined {
  let access: Record<string, unknown> = {};
  try {
    access = decodeJwt(tokens.accessToken) as Record<string, unknown>;
  } catch {
    // An opaque access token: the ID token says everything.
  }
  if (!tokens.idClaims) return access.sub ? access : undefined;
  if (access.sub !== tokens.idClaims.sub) access = {};
  return { ...access, ...tokens.idClaims };
}

function accessTokenExpiry(tokens: TokenSet, now: number): number {
  if (tokens.expiresIn !== undefined) return now + tokens.expiresIn * 1000;
  try {
    const { exp } = decodeJwt(tokens.accessToken);
    if (typeof exp === 'number') return exp * 1000;
  } catch {
    // Opaque and no expires_in: assume a short life and refresh early.
  }
  return now + DEFAULT_ACCESS_TOKEN_MS;
}

/**
 * The portal's side of OpenID Connect sign-in (backend-for-frontend): sign-on state, the code
 * exchange, sessions holding the tokens, refresh and sign-out. The browser only ever holds a
 * random session id.
 */
export function createSignInService(deps: SignInDeps) {
  const { oidc, sessions, now } = deps;
  const refreshing = new Map<string, Promise<ResumedSession>>();
  const refreshWaitMs = deps.refreshWaitMs ?? REFRESH_WAIT_MS;
  // While the provider fails, refreshes are not tried until this time (doubling back-off).
  let backoffMs = 0;
  let idpDownUntil = 0;

  async function endSession(id: string, reason: string) {
    await sessions.deleteSession(id);
    deps.onSessionEnded?.(reason);
  }
  const pendingPerClient = deps.pendingPerClient ?? 10;
  const pendingMax = deps.pendingMax ?? 10_000;
  // State ids per client address, oldest first (memory only: after a restart the total cap and
  // the 60-minute expiry still bound the table).
  const pendingByClient = new Map<string, { id: string; createdAt: number }[]>();

  /** Keeps room for one more state of `client`: per-client and total caps, expired ones pruned. */
  async function makeRoom(client: string, time: number) {
    const cutoff = time - SIGN_ON_STATE_TTL_MS;
    await sessions.deleteStatesCreatedBefore(cutoff);
    for (const [key, list] of pendingByClient) {
      const live = list.filter((entry) => entry.createdAt >= cutoff);
      if (live.length === 0) pendingByClient.delete(key);
      else if (live.length !== list.length) pendingByClient.set(key, live);
    }
    const mine = pendingByClient.get(client) ?? [];
    while (mine.length >= pendingPerClient) {
      const oldest = mine.shift();
      if (oldest) await sessions.deleteState(oldest.id);
    }
    const total = await sessions.countStates();
    if (total >= pendingMax) {
      await sessions.deleteOldestStates(total - pendingMax + 1);
      deps.onWarning?.(
        `more than ${pendingMax} sign-ins under way (SIGN_ON_PENDING_MAX): the oldest were dropped`,
      );
    }
    return mine;
  }

  async function begin(options: {
    mode: SignInMode;
    returnTo: string;
    browserKey: string;
    /** The client's address: caps its sign-ins under way. */
    client?: string;
    /** The language the provider's pages should use (OIDC `ui_locales`; a hint it may ignore). */
    uiLocales?: string;
  }): Promise<URL> {
    const state = newSecret();
    const nonce = randomNonce();
    const codeVerifier = randomPKCECodeVerifier();
    const time = now();
    // Discovery first: when the provider is down nothing is stored.
    const url = await oidc.authorizationUrl({
      state,
      nonce,
      code_challenge: await calculatePKCECodeChallenge(codeVerifier),
      code_challenge_method: 'S256',
      ...(options.mode === 'silent' ? { prompt: 'none' } : {}),
      ...(options.uiLocales ? { ui_locales: options.uiLocales } : {}),
    });
    const client = options.client ?? '';
    const mine = await makeRoom(client, time);
    const id = digest(state);
    await sessions.insertState({
      id,
      browser: digest(options.browserKey),
      mode: options.mode,
      returnTo: options.returnTo,
      codeVerifier,
      nonce,
      createdAt: time,
    });
    mine.push({ id, createdAt: time });
    pendingByClient.set(client, mine);
    return url;
  }

  /** Finishes a sign-in from the callback URL; returns the new session's secret. */
  async function complete(options: {
    callbackUrl: URL;
    /** The browser's key for a flow of this mode (its cookie), if it sent one. */
    browserKey: (mode: SignInMode) => string | undefined;
  }) {
    const state = options.callbackUrl.searchParams.get('state');
    // Taken (deleted) before anything else: whatever happens next, it cannot be used again.
    const record = state ? await sessions.takeState(digest(state)) : undefined;
    if (!state || !record) throw new SignInError('unknown_state', undefined, '/');
    const mode: SignInMode = record.mode === 'silent' ? 'silent' : 'login';
    const fail = (failure: SignInFailure, code?: string, cause?: unknown) =>
      new SignInError(failure, mode, record.returnTo, code, { cause });
    const time = now();
    if (time - record.createdAt >= SIGN_ON_STATE_TTL_MS) throw fail('expired');
    const browserKey = options.browserKey(mode);
    if (browserKey === undefined || digest(browserKey) !== record.browser) {
      throw fail('other_browser');
    }

    let tokens: TokenSet;
    try {
      tokens = await oidc.exchangeCode(options.callbackUrl, {
        codeVerifier: record.codeVerifier,
        state,
        nonce: record.nonce,
      });
    } catch (error) {
      if (error instanceof IdpRefusedError) throw fail('refused', error.code, error);
      throw fail('unavailable', undefined, error);
    }
    const claims = claimsOf(tokens);
    if (claims) deps.onClaims?.(claims);
    const principal = claims && principalFromClaims(claims, deps.groupsClaim);
    if (!principal?.subject) throw fail('refused', 'invalid_response');

    // The user record first, so that no session ever exists without its user.
    await deps.syncUser(principal);
    await sessions.deleteSessionsExpiredBy(time);
    const secret = newSecret();
    const stored: StoredTokens = {
      accessToken: tokens.accessToken,
      refreshToken: tokens.refreshToken,
    };
    await sessions.insertSession({
      id: digest(secret),
      subject: principal.subject,
      principal: JSON.stringify(principal),
      tokens: seal(secret, JSON.stringify(stored)),
      accessTokenExpiresAt: accessTokenExpiry(tokens, time),
      createdAt: time,
      expiresAt: time + SESSION_MAX_AGE_MS,
    });
    return { secret, mode, returnTo: record.returnTo, principal };
  }

  async function refresh(row: SessionRow, secret: string): Promise<ResumedSession> {
    let stored: StoredTokens;
    try {
      stored = JSON.parse(unseal(secret, row.tokens)) as StoredTokens;
    } catch (error) {
      deps.onWarning?.('a session could not be unsealed; it is ended', error);
      await endSession(row.id, 'its tokens could not be unsealed');
      return { status: 'ended' };
    }
    if (!stored.refreshToken) {
      await endSession(row.id, 'the access token expired and the provider gave no refresh token');
      return { status: 'ended' };
    }
    let tokens: TokenSet;
    try {
      tokens = await oidc.refresh(stored.refreshToken);
    } catch (error) {
      if (error instanceof IdpUnavailableError) {
        backoffMs = Math.min(Math.max(backoffMs * 2, BACKOFF_FIRST_MS), BACKOFF_MAX_MS);
        idpDownUntil = now() + backoffMs;
        deps.onWarning?.(
          `token refresh failed: identity provider unavailable; sessions are kept, next try in ${backoffMs / 1000} s`,
          error,
        );
        return { status: 'unavailable' };
      }
      // The provider refused (session ended there, token revoked or expired): sign out here too.
      const code = error instanceof IdpRefusedError ? error.code : 'refused';
      await endSession(row.id, `the provider refused the token refresh (${code})`);
      return { status: 'ended' };
    }
    backoffMs = 0;
    idpDownUntil = 0;
    const claims = claimsOf(tokens);
    const previous = JSON.parse(row.principal) as Principal;
    const principal = claims ? principalFromClaims(claims, deps.groupsClaim) : previous;
    if (principal.subject !== row.subject) {
      deps.onWarning?.('a refresh returned another subject; the session is ended');
      await endSession(row.id, 'a refresh returned another subject');
      return { status: 'ended' };
    }
    const renewed: StoredTokens = {
      accessToken: tokens.accessToken,
      refreshToken: tokens.refreshToken ?? stored.refreshToken,
    };
    await sessions.updateSession(row.id, {
      principal: JSON.stringify(principal),
      tokens: seal(secret, JSON.stringify(renewed)),
      accessTokenExpiresAt: accessTokenExpiry(tokens, now()),
    });
    await deps.syncUser(principal);
    return { status: 'active', principal };
  }

  /** The session of a cookie, refreshing its tokens (and the user's claims) when they expired. */
  async function resume(secret: string): Promise<ResumedSession> {
    const id = digest(secret);
    const row = await sessions.findSession(id);
    if (!row) return { status: 'ended' };
    const time = now();
    if (row.expiresAt <= time) {
      await sessions.deleteSessionsExpiredBy(time);
      deps.onSessionEnded?.('it reached its maximum age');
      return { status: 'ended' };
    }
    const principal = JSON.parse(row.principal) as Principal;
    // The user's groups changed (an access request approved or expired): refresh now, so the
    // new groups show without signing out (docs/access-requests.md).
    const expiresAt = row.refreshNeeded ? 0 : row.accessTokenExpiresAt;
    if (expiresAt - REFRESH_AHEAD_MS > time) return { status: 'active', principal };
    // Soon to expire: refresh in the background, answer now.
    if (expiresAt - REFRESH_EARLY_MS > time) {
      if (time >= idpDownUntil) void startRefresh(id, row, secret).catch(() => undefined);
      return { status: 'active', principal };
    }
    // Expired. While the provider is failing, do not even ask (back-off).
    if (time < idpDownUntil && !refreshing.has(id)) return { status: 'unavailable' };
    // Wait a little for the refresh; it carries on (and is stored) even if this request stops
    // waiting, so a slow provider never leaves a rotated refresh token unsaved.
    let timer: NodeJS.Timeout | undefined;
    const waited = new Promise<ResumedSession>((resolve) => {
      timer = setTimeout(() => resolve({ status: 'unavailable' }), refreshWaitMs);
    });
    try {
      return await Promise.race([startRefresh(id, row, secret), waited]);
    } finally {
      clearTimeout(timer);
    }
  }

  /**
   * One refresh per session at a time (single flight): providers that rotate refresh tokens
   * (oidc-provider, Keycloak with "revoke refresh token") treat a second use of one as theft.
   */
  function startRefresh(id: string, row: SessionRow, secret: string): Promise<ResumedSession> {
    let pending = refreshing.get(id);
    if (!pending) {
      pending = refresh(row, secret).finally(() => refreshing.delete(id));
      refreshing.set(id, pending);
    }
    return pending;
  }

  /** Ends the portal session (nothing happens when there is none). */
  async function end(secret: string): Promise<void> {
    const id = digest(secret);
    const row = await sessions.findSession(id);
    if (!row) return;
    await endSession(id, 'the user signed out');
  }

  return { begin, complete, resume, end };
}

export type SignInService = ReturnType<typeof createSignInService>;
