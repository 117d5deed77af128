/**
 * A user's group paths as Keycloak's Admin REST API lists them, read with the test realm's
 * service-account client (keycloak/realm-app-portal.json), the one the portal writes with.
 */
export async function groupsInKeycloak(issuer: string, username: string): Promise<string[]> {
  const admin = issuer.replace('/realms/', '/admin/realms/');
  const tokenAnswer = await fetch(`${issuer}/protocol/openid-connect/token`, {
    method: 'POST',
    body: new URLSearchParams({
      grant_type: 'client_credentials',
      client_id: 'app-portal-admin',
      client_secret: 'dev-only-app-portal-admin-secret',
    }),
  });
  const { access_token: token } = (await tokenAnswer.json()) as { access_token: string };
  const headers = { authorization: `Bearer ${token}` };
  const users = (await (
    await fetch(`${admin}/users?exact=true&username=${encodeURIComponent(username)}`, { headers })
  ).json()) as { id: string }[];
  const groups = (await (
    await fetch(`${admin}/users/${users[0]?.id}/groups`, { headers })
  ).json()) as { path: string }[];
  return groups.map((group) => group.path);
}

/** The portal's environment for writing memberships with that client. */
export const KEYCLOAK_SERVICE_ACCOUNT = {
  KEYCLOAK_ADMIN_CLIENT_ID: 'app-portal-admin',
  KEYCLOAK_ADMIN_CLIENT_SECRET: 'dev-only-app-portal-admin-secret',
};
