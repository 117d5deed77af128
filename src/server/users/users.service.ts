import type { Me } from '../../shared/api/schemas.js';
import type { Principal } from '../auth/principal.js';
import type { AppsRepository } from '../catalog/apps.repository.js';
import { toApiApp } from '../catalog/api-app.js';
import { NotFoundError } from '../http/errors.js';
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
}) {
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

  async function me(principal: Principal, user?: UserRecord): Promise<Me> {
    const record = user ?? (await sync(principal));
    const favorites = await deps.users.findFavoriteApps(record.id, principal);
    return {
      id: record.id,
      name: record.name,
      username: record.username,
      email: record.email,
      givenName: record.givenName,
      groups: record.groups,
      roles: record.roles,
      isAdmin: record.roles.includes(deps.adminRole),
      favorites: favorites.map(toApiApp),
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
    async addFavorite(principal: Principal, appId: string): Promise<Me> {
      const user = await sync(principal);
      await requireVisibleApp(principal, appId);
      await deps.users.addFavorite(user.id, appId, deps.clock());
      return me(principal, user);
    },
    async removeFavorite(principal: Principal, appId: string): Promise<Me> {
      const user = await sync(principal);
      await requireVisibleApp(principal, appId);
      await deps.users.removeFavorite(user.id, appId);
      return me(principal, user);
    },
  };
}

export type UsersService = ReturnType<typeof createUsersService>;
