// Types of shared-keycloak-setup.mjs (a vitest global set-up): no teardown when the run's
// Keycloak folder was named before it (`npm test` names one for all its vitest runs).
export default function setup(): (() => Promise<void>) | undefined;
