/** The identity provider's groups, written with a service account (Keycloak Admin REST API). */
export interface GroupDirectory {
  /** Adds the user (OIDC subject; for Keycloak the user's id) to the group (path like `/imaging`). Idempotent. Throws GroupDirectoryError when the group does not exist or the call fails. */
  addMember(userId: string, groupPath: string): Promise<void>;
  /** Removes the user from the group. Idempotent (not a member: no error). */
  removeMember(userId: string, groupPath: string): Promise<void>;
  /** Every group path in the realm (`/imaging`, `/imaging/leads`), sorted. */
  listGroups(): Promise<string[]>;
  /** The members of a group (direct members), for mailing group approvers. */
  groupMembers(groupPath: string): Promise<{ id: string; username: string; email: string }[]>;
}

/** A directory call that failed: unknown group or user, refused credentials, Keycloak down. */
export class GroupDirectoryError extends Error {
  constructor(
    message: string,
    /** `not-found` (group or user), `denied` (credentials or roles), `unavailable` (network, 5xx). */
    readonly reason: 'not-found' | 'denied' | 'unavailable',
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'GroupDirectoryError';
  }
}

export interface KeycloakDirectoryOptions {
  /** The realm's issuer, `https://sso.example.edu/realms/app-portal`. */
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** The realm's Admin REST base; by default derived from the issuer (`…/admin/realms/<realm>`). */
  adminUrl?: string;
  timeoutMs?: number;
  now?: () => number;
}

/** `…/realms/<realm>` → `…/admin/realms/<realm>`; undefined when the issuer is not Keycloak's form. */
export function keycloakAdminUrl(issuer: string): string | undefined {
  const match = /^(https?:\/\/.+?)\/realms\/([^/?#]+)\/?$/.exec(issuer.trim());
  return match ? `${match[1]}/admin/realms/${match[2]}` : undefined;
}

/**
 * A value as one segment of an Admin REST path: percent-encoded, and never `.` or `..`, which a
 * URL parser resolves away (a subject `..` once turned `/users/../groups/{id}`, a membership's
 * removal, into `/groups/{id}`, the deletion of the whole group).
 */
function segment(value: string, what: string): string {
  if (value === '' || value === '.' || value === '..') {
    throw new GroupDirectoryError(`not a ${what}: ${JSON.stringify(value)}`, 'not-found');
  }
  return encodeURIComponent(value);
}

/** A group path as Keycloak writes it: `/a/b`, no empty, `.` or `..` segment. */
function checkPath(path: string): string[] {
  const segments = path.split('/').slice(1);
  const bad = (s: string) => s.trim() === '' || s === '.' || s === '..';
  if (!path.startsWith('/') || segments.length === 0 || segments.some(bad)) {
    throw new GroupDirectoryError(
      `not a group path: ${JSON.stringify(path)} (write it as /group or /group/sub-group)`,
      'not-found',
    );
  }
  return segments;
}

function checkUserId(userId: string): void {
  if (userId.trim() === '' || userId === '.' || userId === '..' || /[\s/\\?#%]/.test(userId)) {
    throw new GroupDirectoryError(`not a user id: ${JSON.stringify(userId)}`, 'not-found');
  }
}

interface KeycloakGroup {
  id: string;
  name: string;
  path: string;
  subGroupCount?: number;
  subGroups?: KeycloakGroup[];
}

const PAGE = 100;
/** A ceiling on what one listing reads, so that a huge realm cannot hold the server. */
const MAX_GROUPS = 10_000;

/**
 * The group directory over Keycloak's Admin REST API with plain `fetch` (decision 0032): the
 * service account's client-credentials token, cached until shortly before it expires and
 * fetched again once when Keycloak says it is no longer valid. Tokens are never logged nor put
 * in an error message.
 */
export function createKeycloakDirectory(options: KeycloakDirectoryOptions): GroupDirectory {
  const adminUrl = (options.adminUrl ?? keycloakAdminUrl(options.issuer))?.replace(/\/+$/, '');
  if (!adminUrl) {
    throw new GroupDirectoryError(
      `cannot derive the Keycloak admin URL from OIDC_ISSUER ${JSON.stringify(options.issuer)}: set KEYCLOAK_ADMIN_URL`,
      'unavailable',
    );
  }
  const tokenUrl = `${options.issuer.replace(/\/+$/, '')}/protocol/openid-connect/token`;
  const timeoutMs = options.timeoutMs ?? 10_000;
  const now = options.now ?? Date.now;
  let cached: { token: string; until: number } | undefined;
  let pending: Promise<string> | undefined;

  async function call(url: string, init: RequestInit, what: string): Promise<Response> {
    try {
      return await fetch(url, {
        ...init,
        redirect: 'manual',
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      const cause = (error as Error).name === 'TimeoutError' ? 'timed out' : causeOf(error);
      throw new GroupDirectoryError(`Keycloak not reachable (${what}): ${cause}`, 'unavailable', {
        cause: error,
      });
    }
  }

  async function fetchToken(): Promise<string> {
    const basic = Buffer.from(
      `${encodeURIComponent(options.clientId)}:${encodeURIComponent(options.clientSecret)}`,
    ).toString('base64');
    const response = await call(
      tokenUrl,
      {
        method: 'POST',
        headers: {
          authorization: `Basic ${basic}`,
          'content-type': 'application/x-www-form-urlencoded',
        },
        body: new URLSearchParams({ grant_type: 'client_credentials' }).toString(),
      },
      'token',
    );
    const body = (await response.json().catch(() => ({}))) as {
      access_token?: unknown;
      expires_in?: unknown;
      error?: unknown;
    };
    if (!response.ok || typeof body.access_token !== 'string') {
      const error = typeof body.error === 'string' ? body.error : `HTTP ${response.status}`;
      const denied = response.status === 400 || response.status === 401;
      throw new GroupDirectoryError(
        denied
          ? `Keycloak refused the service account (${error}): check KEYCLOAK_ADMIN_CLIENT_ID and KEYCLOAK_ADMIN_CLIENT_SECRET, and that the client has service accounts enabled`
          : `Keycloak gave no service-account token (${error})`,
        denied ? 'denied' : 'unavailable',
      );
    }
    const lifetime = typeof body.expires_in === 'number' ? body.expires_in * 1000 : 60_000;
    // Renewed a little before it expires (a tenth of its life, at most 30 s, early).
    cached = {
      token: body.access_token,
      until: now() + lifetime - Math.min(30_000, lifetime / 10),
    };
    return body.access_token;
  }

  async function token(): Promise<string> {
    if (cached && now() < cached.until) return cached.token;
    pending ??= fetchToken().finally(() => {
      pending = undefined;
    });
    return pending;
  }

  /** One Admin REST call; a 401 (token revoked or expired early) fetches a new token once. */
  async function admin(method: string, path: string, what: string): Promise<Response> {
    for (let attempt = 0; ; attempt += 1) {
      const bearer = await token();
      const response = await call(
        `${adminUrl}${path}`,
        { method, headers: { authorization: `Bearer ${bearer}`, accept: 'application/json' } },
        what,
      );
      if (response.status === 401 && attempt === 0) {
        await response.body?.cancel().catch(() => undefined);
        cached = undefined;
        continue;
      }
      if (response.status === 401 || response.status === 403) {
        await response.body?.cancel().catch(() => undefined);
        throw new GroupDirectoryError(
          `Keycloak denied ${what} (HTTP ${response.status}): the service account lacks a realm-management role (docs/access-requests-delivery.md)`,
          'denied',
        );
      }
      if (response.status >= 500 || (response.status >= 300 && response.status < 400)) {
        await response.body?.cancel().catch(() => undefined);
        throw new GroupDirectoryError(
          `Keycloak failed ${what} (HTTP ${response.status})`,
          'unavailable',
        );
      }
      return response;
    }
  }

  async function json<T>(path: string, what: string): Promise<T> {
    const response = await admin('GET', path, what);
    if (!response.ok) {
      await response.body?.cancel().catch(() => undefined);
      throw new GroupDirectoryError(
        `Keycloak failed ${what} (HTTP ${response.status})`,
        'unavailable',
      );
    }
    return (await response.json()) as T;
  }

  async function groupId(groupPath: string): Promise<string> {
    const segments = checkPath(groupPath);
    const path = `/group-by-path/${segments.map((s) => segment(s, 'group path')).join('/')}`;
    const response = await admin('GET', path, `finding the group ${groupPath}`);
    if (response.status === 404) {
      await response.body?.cancel().catch(() => undefined);
      throw new GroupDirectoryError(`no group ${groupPath} in Keycloak`, 'not-found');
    }
    if (!response.ok) {
      await response.body?.cancel().catch(() => undefined);
      throw new GroupDirectoryError(
        `Keycloak failed finding the group ${groupPath} (HTTP ${response.status})`,
        'unavailable',
      );
    }
    const group = (await response.json().catch(() => undefined)) as KeycloakGroup | undefined;
    if (typeof group?.id !== 'string') {
      throw new GroupDirectoryError(
        `Keycloak's answer for the group ${groupPath} has no id`,
        'unavailable',
      );
    }
    return group.id;
  }

  async function membership(method: 'PUT' | 'DELETE', userId: string, groupPath: string) {
    checkUserId(userId);
    const id = await groupId(groupPath);
    const what = `${method === 'PUT' ? 'adding a member to' : 'removing a member from'} ${groupPath}`;
    const response = await admin(
      method,
      `/users/${segment(userId, 'user id')}/groups/${segment(id, 'group id')}`,
      what,
    );
    await response.body?.cancel().catch(() => undefined);
    if (response.status === 404) {
      throw new GroupDirectoryError(`no user ${userId} in Keycloak (${what})`, 'not-found');
    }
    if (!response.ok) {
      throw new GroupDirectoryError(
        `Keycloak failed ${what} (HTTP ${response.status})`,
        'unavailable',
      );
    }
  }

  /** Pages through a list endpoint until a short page (or the ceiling). */
  async function paged<T>(path: string, what: string, query = ''): Promise<T[]> {
    const all: T[] = [];
    for (let first = 0; first < MAX_GROUPS; first += PAGE) {
      const page = await json<T[]>(`${path}?first=${first}&max=${PAGE}${query}`, what);
      all.push(...page);
      if (page.length < PAGE) break;
    }
    return all;
  }

  return {
    addMember: (userId, groupPath) => membership('PUT', userId, groupPath),
    removeMember: (userId, groupPath) => membership('DELETE', userId, groupPath),

    async listGroups() {
      const paths: string[] = [];
      const visit = async (groups: KeycloakGroup[]) => {
        for (const group of groups) {
          if (paths.length >= MAX_GROUPS) return;
          paths.push(group.path);
          if ((group.subGroupCount ?? group.subGroups?.length ?? 0) > 0) {
            const children = await paged<KeycloakGroup>(
              `/groups/${segment(group.id, 'group id')}/children`,
              'listing groups',
              '&briefRepresentation=true',
            );
            await visit(children);
          }
        }
      };
      await visit(
        await paged<KeycloakGroup>('/groups', 'listing groups', '&briefRepresentation=true'),
      );
      return paths.sort();
    },

    async groupMembers(groupPath) {
      const id = await groupId(groupPath);
      const users = await paged<{ id: string; username: string; email?: string }>(
        `/groups/${segment(id, 'group id')}/members`,
        `listing the members of ${groupPath}`,
        '&briefRepresentation=true',
      );
      return users.map((user) => ({
        id: user.id,
        username: user.username,
        email: user.email ?? '',
      }));
    },
  };
}

function causeOf(error: unknown): string {
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  return cause?.code ?? cause?.message ?? (error as Error).message;
}
