import Fastify, { type FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Config } from './config.js';
import type { Db } from './db/database.js';
import { authentication, bearerAuthenticator, type Authenticator } from './auth/authenticate.js';
import { createTokenVerifier, type TokenVerifier } from './auth/token-verifier.js';
import { createAppsRepository } from './catalog/apps.repository.js';
import { appsRoutes } from './catalog/apps.routes.js';
import { createAppsService } from './catalog/apps.service.js';
import type { FileStorage } from './files/file-storage.js';
import { filesRoutes } from './files/files.routes.js';
import { registerErrorHandling } from './http/error-handler.js';
import { openapi } from './http/openapi.js';
import { createMonotonicClock } from './lib/clock.js';
import { healthRoutes, portalInfoRoutes } from './system/system.routes.js';
import { meRoutes } from './users/me.routes.js';
import { createUsersRepository } from './users/users.repository.js';
import { createUsersService } from './users/users.service.js';

export interface AppDeps {
  config: Config;
  db: Db;
  storage: FileStorage;
  /** Bearer token verifier; by default one for config.oidc.issuer (none without an issuer). */
  verifier?: TokenVerifier;
  logger?: boolean | object;
  version?: string;
}

/** Builds the whole HTTP app; never listens (main.ts does, tests use inject). */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, db, storage } = deps;
  const app = Fastify({
    logger: deps.logger ?? false,
    bodyLimit: 64 * 1024,
    ajv: { customOptions: { removeAdditional: false, coerceTypes: 'array', useDefaults: true } },
  }).withTypeProvider<TypeBoxTypeProvider>();

  // Data access and services.
  const apps = createAppsRepository(db);
  const clock = createMonotonicClock();
  const appsService = createAppsService({ apps });
  const usersService = createUsersService({
    users: createUsersRepository(db),
    apps,
    adminRole: config.oidc.adminRole,
    clock,
  });
  const verifier =
    deps.verifier ??
    (config.oidc.issuer
      ? createTokenVerifier({
          issuer: config.oidc.issuer,
          clientId: config.oidc.clientId,
          clockToleranceSeconds: config.oidc.clockToleranceSeconds,
        })
      : undefined);
  const authenticators: Authenticator[] = [
    bearerAuthenticator({ verifier, groupsClaim: config.oidc.groupsClaim }),
  ];

  // Infrastructure and cross-cutting concerns.
  registerErrorHandling(app);
  await app.register(openapi, { version: deps.version ?? '0.0.0' });
  await app.register(authentication, { authenticators });
  app.addHook('onSend', async (request, reply) => {
    // API answers depend on who asks: never stored by shared caches or the browser.
    if (request.url.startsWith('/api/') && !reply.hasHeader('cache-control')) {
      void reply.header('cache-control', 'no-store');
    }
  });

  // Routes.
  await app.register(healthRoutes);
  await app.register(portalInfoRoutes, { portal: config.portal });
  await app.register(appsRoutes, { apps: appsService });
  await app.register(meRoutes, { users: usersService });
  await app.register(filesRoutes, { apps, storage });

  return app;
}
