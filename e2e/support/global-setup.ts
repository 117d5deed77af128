// Runs once before the browser tests: the built server and web app must be current, and the
// files that sign in through Keycloak share one (scripts/keycloak/shared-keycloak-setup.mjs),
// started by the first of them and stopped after the last.
import sharedKeycloakSetup from '../../scripts/keycloak/shared-keycloak-setup.mjs';
import { ensureBuild } from '../../scripts/lib/ensure.mjs';

export default function setup(): (() => Promise<void>) | undefined {
  ensureBuild();
  return sharedKeycloakSetup();
}
