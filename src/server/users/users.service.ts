import type { App, Me } from '../../shared/api/schemas.js';
import type { Principal } from '../auth/principal.js';
import type { AppsRepository } from '../catalog/apps.repository.js';
import { toApiApp } from '../catalog/api-app.js';
import { BadRequestError, NotFoundError } from '../http/errors.js';
import { newRecordId } from '../lib/ids.js';
import type { UserFields, UserRecord, UsersRepository } from './users.repository.js';

function fieldsOf(principal: Principal): UserFields {
  return {
    name: principal.name,
    username: principal.username,
    email: principal.email,
    givenName: principal.givenName,
    groups: principal.groups,
    roles: principal.roles,
  };
}

function sameFields(user: UserRecord, fields: UserFields): boolean {
  return (
    user.name === fields.name &&
    user.username === fields.username &&
    user.email === fields.email &&
    user.givenName === fields.givenName &&
    JSON.stringify(user.groups) === JSON.stringify(fields.groups) &&
    JSON.stringify(user.roles) === JSON.stringify(fields.roles)
  );
}

/**
 * The signed-in user's record and favorites. The record is written only from the verified
 * principal (identity claims), on each request that needs it; nothing a client sends can set
 * groups or roles.
 */
export function createUsersService(deps: {
  users: UsersRepository;
  apps: AppsRepository;
  adminRole: string;
  clock: () => string;
  /** Whether the person decides access requests (the access feature answers; default no). */
  isApprover?: (principal: Principal) => Promise<boolean>;
  /** DEFAULT_LANGUAGE: favorites' names and descriptions fall back to it (docs/catalog.md). */
  defaultLanguage?: string;
  /**
   * The favorites as a visitor on a network sees them: the address that works from there
   * (catalog-snapshot.ts, docs/networks.md). Without it, as stored.
   */
  seenFrom?: (apps: readonly App[], network: string | null | undefined) => Promise<App[]>;
}) {
  const defaultLanguage = deps.defaultLanguage ?? 'en';
  async function sync(principal: Principal): Promise<UserRecord> {
    const fields = fieldsOf(principal);
    const existing = await deps.users.findBySubject(principal.subject);
    if (!existing) {
      await deps.users.insert(
        { id: newRecordId(), subject: principal.subject, ...fields },
        deps.clock(),
      );
      // A concurrent first request may have inserted first; read back whichever won.
      const created = await deps.users.findBySubject(principal.subject);
      if (!created) throw new Error('user record was not stored');
      if (!sameFields(created, fields)) await deps.users.update(created.id, fields, deps.clock());
      return { ...created, ...fields };
    }
    if (!sameFields(existing, fields)) {
      await deps.users.update(existing.id, fields, deps.clock());
    }
    return { ...existing, ...fields };
  }

  /**
   * The user with their favorites, names and descriptions in `language`, their links as seen
   * from `network` (the visitor's network id; null: none; undefined: as stored).
   */
  async function me(
    principal: Principal,
    user?: UserRecord,
    language?: string,
    network?: string | null,
  ): Promise<Me> {
    const record = user ?? (await sync(principal));
    const favorites = (await deps.users.findFavoriteApps(record.id, principal)).map((found) =>
      toApiApp(found, { language: language ?? defaultLanguage, defaultLanguage }),
    );
    return {
      id: record.id,
      name: record.name,
      username: record.username,
      email: record.email,
      givenName: record.givenName,
      groups: record.groups,
      roles: record.roles,
      isAdmin: record.roles.includes(deps.adminRole),
      isApprover: deps.isApprover ? await deps.isApprover(principal) : false,
      favorites: deps.seenFrom ? await deps.seenFrom(favorites, network) : favorites,
    };
  }

  /** 404 alike for unknown and hidden apps, so the answer reveals nothing. */
  async function requireVisibleApp(principal: Principal, appId: string): Promise<void> {
    const app = await deps.apps.findVisibleApp(principal, appId);
    if (!app) throw new NotFoundError();
  }

  return {
    sync,
    me,
    async addFavorite(
      principal: Principal,
      appId: string,
      language?: string,
      network?: string | null,
    ): Promise<Me> {
      const user = await sync(principal);
      await requireVisibleApp(principal, appId);
      await deps.users.addFavorite(user.id, appId, deps.clock());
      return me(principal, user, language, network);
    },
    /**
     * Sets the whole ordered list of favorites. Refused (400, nothing changed) when an id
     * comes twice or names an app the caller may not see (unknown and hidden alike).
     */
    async setFavoriteOrder(
      principal: Principal,
      appIds: readonly string[],
      language?: string,
      network?: string | null,
    ): Promise<Me> {
      const seen = new Set<string>();
      const duplicates = appIds.filter((id) => seen.has(id) || !seen.add(id));
      if (duplicates.length > 0) {
        throw new BadRequestError('Each app may be listed only once.', {
          duplicates: [...new Set(duplicates)],
        });
      }
      const user = await sync(principal);
      const existing = await deps.users.favoriteIds(user.id);
      const visible = await deps.users.visibleAppIds(principal, [
        ...new Set([...appIds, ...existing]),
      ]);
      const unknown = appIds.filter((id) => !visible.has(id));
      if (unknown.length > 0) {
        throw new BadRequestError('These apps do not exist or are not available to you.', {
          appIds: unknown,
        });
      }
      await deps.users.setFavoriteOrder(
        user.id,
        appIds,
        (appId) => !visible.has(appId),
        deps.clock(),
      );
      return me(principal, user, language, network);
    },
    async removeFavorite(
      principal: Principal,
      appId: string,
      language?: string,
      network?: string | null,
    ): Promise<Me> {
      const user = await sync(principal);
      await requireVisibleApp(principal, appId);
      await deps.users.removeFavorite(user.id, appId);
      return me(principal, user, language, network);
    },
  };
}

export type UsersService = ReturnType<typeof createUsersService>;
