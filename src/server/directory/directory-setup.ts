import type { Config } from '../config/config.js';
import { createKeycloakDirectory, type GroupDirectory } from './keycloak-directory.js';

/** The group directory when the service account is configured (KEYCLOAK_ADMIN_CLIENT_ID); else null. */
export function createGroupDirectoryFromConfig(
  config: Pick<Config, 'keycloakAdmin' | 'oidc'>,
): GroupDirectory | null {
  const { keycloakAdmin } = config;
  const issuer = config.oidc.issuer;
  if (!keycloakAdmin || keycloakAdmin.clientSecret === undefined || issuer === undefined)
    return null;
  return createKeycloakDirectory({
    issuer,
    clientId: keycloakAdmin.clientId,
    clientSecret: keycloakAdmin.clientSecret,
    adminUrl: keycloakAdmin.adminUrl,
  });
}
